/**
 * The form islands' script (docs/decisions/015-form-islands.md), loaded by
 * the content pages' script when a visitor first moves to a form on a page
 * with an island (app/enhance/islands.ts). Hydrates each island's container
 * as its own React root with the props the server rendered it with, as a
 * transition (React yields to the visitor's input while it works), and adds
 * the notification region, prepared at once when the visitor is already in a
 * form (the focus that started this script came before React listened).
 * Each of these is a task of its own after the script's evaluation (itself
 * one long task: React DOM), and typing in a form goes to the browser alone
 * until React has hydrated it (./hold-typing.ts).
 */
import { createElement, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prepareToasts, Toaster } from "~/components/ui/toaster";
import { holdTypingUntilReady } from "./hold-typing";
import { islandForm } from "./registry";

/** Marks the container once React has hydrated it (the tests and the benchmark wait for this). */
function Ready({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.setAttribute("data-island-ready", "");
  }, [container]);
  return children;
}

/** Runs `work` in a task of its own, so that a key pressed meanwhile is handled between them. */
const nextTask = (work: () => void) => setTimeout(work, 0);

for (const container of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const kind = container.dataset.island ?? "";
  const Component = islandForm(kind);
  const json = document.querySelector(`script[data-island-props="${kind}"]`)?.textContent;
  if (!Component || !json) continue;
  const props = JSON.parse(json) as object;
  holdTypingUntilReady(container, () => container.hasAttribute("data-island-ready"));
  nextTask(() =>
    startTransition(() => {
      hydrateRoot(container, createElement(Ready, { container, children: createElement(Component, props) }));
    }),
  );
}

// The toasts' region: empty until a visitor starts on a form (app/components/ui/toaster.tsx).
nextTask(() => {
  const region = document.createElement("div");
  (document.getElementById("main-content") ?? document.body).append(region);
  createRoot(region).render(createElement(Toaster));
  if (document.activeElement?.closest("[data-island]")) void prepareToasts();
});
