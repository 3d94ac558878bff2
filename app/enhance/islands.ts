/**
 * Starts a page's form islands (docs/decisions/015-form-islands.md): when the
 * visitor first moves to a form — the pointer over it (a tap's first event
 * too), a press on it, or focus in it, perhaps since before this script ran —
 * fetches the islands' script named by the first island's `data-island-src`,
 * then runs it. A page that is only read never downloads React. Until then, and
 * without JavaScript, the form works as plain HTML.
 *
 * Running the script is one long task (React DOM's evaluation), so it waits for
 * the visitor to pause: a second with no press, focus, key or text in a form.
 * A visitor typing meanwhile is typing into the server's HTML, which needs no
 * script, and no key of theirs waits for React. Only the script's fetch starts
 * at once (`<link rel="modulepreload">`: fetched and compiled, not run).
 *
 * It starts at once when the server rendered the form with a result (the page
 * after a post made before the island had loaded: `data-island-eager`, so its
 * toast is shown) and in a hidden tab (a prerendered page: nobody is waiting
 * for the main thread). It starts once.
 */
export const STARTING_EVENTS = ["pointerover", "pointerdown", "focusin"] as const;

/**
 * The visitor at work in a form: a press, focus (the typing to come), a key, or text from anywhere
 * else (a paste, dictation, an input method, autofill). A pointer merely passing over it is not.
 */
export const ACTIVITY_EVENTS = ["pointerdown", "focusin", "keydown", "input"] as const;

/** How long the visitor's activity in a form must have paused before the islands' script runs. */
export const PAUSE_MS = 1000;

export type IslandLoading = {
  /** Fetches the script without running it; settles either way. */
  fetch: (src: string) => Promise<unknown>;
  /** Runs the script. */
  run: (src: string) => Promise<unknown>;
};

const inTheBrowser: IslandLoading = {
  fetch: (src) =>
    new Promise((settled) => {
      const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href: src });
      link.addEventListener("load", settled);
      link.addEventListener("error", settled);
      document.head.append(link);
    }),
  run: (src) => import(/* @vite-ignore */ src),
};

export function startIslands(root: Document, loading: IslandLoading = inTheBrowser) {
  const island = root.querySelector<HTMLElement>("[data-island-src]");
  const src = island?.dataset.islandSrc;
  if (!island || !src) return;
  const inIsland = (target: EventTarget | null) =>
    target instanceof Element && target.closest("[data-island]") !== null;
  const onEvent = (event: Event) => {
    if (inIsland(event.target)) start();
  };
  let lastActive = inIsland(root.activeElement) ? performance.now() : -Infinity;
  const onActivity = (event: Event) => {
    if (inIsland(event.target)) lastActive = performance.now();
  };
  const listen = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) root.addEventListener(type, onActivity, listen);

  /** Resolves once the visitor's activity in a form has paused for PAUSE_MS (at once if there was none). */
  const paused = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        const wait = lastActive + PAUSE_MS - performance.now();
        if (wait > 0) setTimeout(check, wait);
        else resolve();
      };
      check();
    });

  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of STARTING_EVENTS) root.removeEventListener(type, onEvent, true);
    void loading
      .fetch(src!)
      .then(paused)
      .then(() => {
        for (const type of ACTIVITY_EVENTS) root.removeEventListener(type, onActivity, true);
        return loading.run(src!);
      });
  }
  if (root.visibilityState === "hidden" || island.hasAttribute("data-island-eager") || inIsland(root.activeElement)) {
    return start();
  }
  for (const type of STARTING_EVENTS) root.addEventListener(type, onEvent, listen);
}
