/**
 * jsdom has no matchMedia. For the component tests (test/setup-dom.ts gives
 * every one a matchMedia that matches nothing; a test may put its own in):
 *
 *   mediaQueryList(query, matches): what matchMedia(query) answers in a browser, `matches` as given,
 *     its listeners doing nothing.
 */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
