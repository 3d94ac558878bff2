/**
 * Text typed into a textarea before React hydrates it survives hydration
 * (./typed-before-hydration.ts). The first test is the positive control: a
 * plain React textarea loses it, which is why the workaround exists (if a
 * React release stops doing that, this test says so and the module can go).
 */
import { act, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Field, FieldLabel, Textarea } from "~/components/ui/field";

const SERVER_TEXT = "Join us at the Accra maternal health forum.";
const TYPED = "The Accra forum moves to 4 December.";

// Hydrated with react-dom directly (not Testing Library, which only renders on the client): tell React this is a test.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actFlag.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

/** Server-renders `ui` into the page, lets `beforeHydration` type into it, then hydrates it. */
function serverRenderThenHydrate(ui: ReactNode, beforeHydration: (textarea: HTMLTextAreaElement) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const textarea = container.querySelector("textarea")!;
  beforeHydration(textarea);
  act(() => {
    root = hydrateRoot(container, ui);
  });
  return textarea;
}

/** What a visitor's typing does to the element: its value changes and an input event fires. */
function type(textarea: HTMLTextAreaElement, text: string) {
  textarea.value = text;
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("typing before hydration", () => {
  it("a plain React textarea is set back to the server's text when it hydrates (the reason for the workaround)", () => {
    const textarea = serverRenderThenHydrate(<textarea name="message" defaultValue={SERVER_TEXT} />, (element) =>
      type(element, TYPED),
    );
    expect(textarea.value).toBe(SERVER_TEXT);
  });

  it("the Textarea keeps what was typed, and React's onChange sees it", () => {
    const onChange = vi.fn((event: { currentTarget: { value: string } }) => event.currentTarget.value);
    const ui = (
      <Field name="message">
        <FieldLabel>Announcement</FieldLabel>
        <Textarea defaultValue={SERVER_TEXT} onChange={onChange} />
      </Field>
    );
    const textarea = serverRenderThenHydrate(ui, (element) => type(element, TYPED));
    expect(textarea.value).toBe(TYPED);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.results[0]!.value).toBe(TYPED);
  });

  it("the Textarea leaves the server's text alone when nothing was typed", () => {
    const onChange = vi.fn();
    const ui = (
      <Field name="message">
        <FieldLabel>Announcement</FieldLabel>
        <Textarea defaultValue={SERVER_TEXT} onChange={onChange} />
      </Field>
    );
    const textarea = serverRenderThenHydrate(ui, () => {});
    expect(textarea.value).toBe(SERVER_TEXT);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("text typed before the script loaded (no input event heard) is noted when the module loads", async () => {
    const container = document.createElement("div");
    container.innerHTML = `<textarea>${SERVER_TEXT}</textarea>`;
    document.body.append(container);
    const textarea = container.querySelector("textarea")!;
    textarea.value = TYPED;
    vi.resetModules();
    const { restoreTypedText } = await import("./typed-before-hydration");
    // What React's hydration does to it.
    textarea.value = SERVER_TEXT;
    restoreTypedText(textarea);
    expect(textarea.value).toBe(TYPED);
  });
});
