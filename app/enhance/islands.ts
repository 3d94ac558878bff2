/**
 * Starts a page's form islands (docs/decisions/015-form-islands.md): once the
 * largest content is painted, imports the islands' script named by the first
 * island's `data-island-src`. Until then, and without JavaScript, the form
 * works as plain HTML. Where the largest paint is not reported, after the
 * fonts in use and two frames; in a hidden tab, at once (as
 * app/lib/defer-scripts.server.ts does for the console).
 */
export function startIslands(root: Document) {
  const src = root.querySelector<HTMLElement>("[data-island-src]")?.dataset.islandSrc;
  if (!src) return;
  const start = () => setTimeout(() => void import(/* @vite-ignore */ src), 0);
  if (root.visibilityState === "hidden") return start();
  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
    new PerformanceObserver((_, seen) => {
      seen.disconnect();
      start();
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } else {
    const frames = () => requestAnimationFrame(() => requestAnimationFrame(start));
    root.fonts.ready.then(frames, frames);
  }
}
