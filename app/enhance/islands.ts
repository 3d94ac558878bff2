/**
 * Starts a page's form islands (docs/decisions/015-form-islands.md): once the
 * largest content is painted, imports the islands' script named by the first
 * island's `data-island-src`. Until then, and without JavaScript, the form
 * works as plain HTML.
 *
 * It starts sooner when the visitor is already in a form (focus inside an
 * island, perhaps since before this script ran), and at once in a hidden tab
 * (as app/lib/defer-scripts.server.ts does for the console). Where the
 * browser has no largest-paint entry, after the fonts in use and two frames;
 * where it has one but reports none (Chromium, after an input that came
 * before the first paint), at the latest LATE_START_MS after the load event.
 * It starts once.
 */
export const LATE_START_MS = 10_000;

export function startIslands(
  root: Document,
  load: (src: string) => Promise<unknown> = (src) => import(/* @vite-ignore */ src),
) {
  const src = root.querySelector<HTMLElement>("[data-island-src]")?.dataset.islandSrc;
  if (!src) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(() => void load(src), 0);
  };
  const inIsland = (target: EventTarget | null) =>
    target instanceof Element && target.closest("[data-island]") !== null;
  if (root.visibilityState === "hidden" || inIsland(root.activeElement)) return start();
  root.addEventListener("focusin", (event) => {
    if (inIsland(event.target)) start();
  });

  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
    new PerformanceObserver((_, seen) => {
      seen.disconnect();
      start();
    }).observe({ type: "largest-contentful-paint", buffered: true });
    const late = () => setTimeout(start, LATE_START_MS);
    if (root.readyState === "complete") late();
    else root.defaultView?.addEventListener("load", late, { once: true });
  } else {
    const frames = () => requestAnimationFrame(() => requestAnimationFrame(start));
    root.fonts.ready.then(frames, frames);
  }
}
