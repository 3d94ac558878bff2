/**
 * Starts a page's form islands (docs/decisions/015-form-islands.md): once the
 * largest content is painted, imports the islands' script named by the first
 * island's `data-island-src`. Until then, and without JavaScript, the form
 * works as plain HTML.
 *
 * It starts sooner when the visitor is already in a form (focus inside an
 * island, perhaps since before this script ran), and later, after the load
 * event and two frames, where no largest paint is reported: Chromium reports
 * none when the visitor acted before the first paint, and browsers without
 * the entry type never do. In a hidden tab, at once (as
 * app/lib/defer-scripts.server.ts does for the console). It starts once.
 */
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

  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(start));
  if (root.readyState === "complete") afterTwoFrames();
  else root.defaultView?.addEventListener("load", afterTwoFrames, { once: true });
  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
    new PerformanceObserver((_, seen) => {
      seen.disconnect();
      start();
    }).observe({ type: "largest-contentful-paint", buffered: true });
  }
}
