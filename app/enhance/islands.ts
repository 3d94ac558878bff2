/**
 * Starts a page's form islands (docs/decisions/015-form-islands.md): when the
 * visitor first moves to a form — the pointer over it (a tap's first event
 * too), a press on it, or focus in it, perhaps since before this script ran —
 * imports the islands' script named by the first island's `data-island-src`.
 * A page that is only read never downloads React. Until then, and without
 * JavaScript, the form works as plain HTML.
 *
 * It starts at once when the server rendered the form with a result (the page
 * after a post made before the island had loaded: `data-island-eager`, so its
 * toast is shown) and in a hidden tab (a prerendered page: nobody is waiting
 * for the main thread). It starts once.
 */
export const STARTING_EVENTS = ["pointerover", "pointerdown", "focusin"] as const;

export function startIslands(
  root: Document,
  load: (src: string) => Promise<unknown> = (src) => import(/* @vite-ignore */ src),
) {
  const island = root.querySelector<HTMLElement>("[data-island-src]");
  const src = island?.dataset.islandSrc;
  if (!island || !src) return;
  const inIsland = (target: EventTarget | null) =>
    target instanceof Element && target.closest("[data-island]") !== null;
  const onEvent = (event: Event) => {
    if (inIsland(event.target)) start();
  };
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of STARTING_EVENTS) root.removeEventListener(type, onEvent, true);
    void load(src!);
  }
  if (root.visibilityState === "hidden" || island.hasAttribute("data-island-eager") || inIsland(root.activeElement)) {
    return start();
  }
  for (const type of STARTING_EVENTS) root.addEventListener(type, onEvent, { capture: true, passive: true });
}
