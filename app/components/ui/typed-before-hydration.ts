/**
 * Keeps what a visitor typed into a <textarea> before React hydrated it.
 *
 * React 19 sets a textarea's value back to its server-rendered text when it
 * hydrates it (react-dom's initTextarea, unlike initInput, has no hydration
 * guard), so words typed on a slow connection before the page's JavaScript
 * ran, or while a form island hydrates, would silently vanish: the banner
 * editor then published the old announcement, and a visitor's message to us
 * would lose what they had written. Inputs and selects keep their values.
 *
 * When this module loads (before anything hydrates) it notes every textarea
 * whose text differs from the server's, and from then on every textarea's
 * text as it is typed; `restoreTypedText` puts it back once React has
 * hydrated the element, as an input event, so React state (a live preview,
 * a field's validation) follows it too.
 */
const typed = new WeakMap<HTMLTextAreaElement, string>();

function note(target: EventTarget | null) {
  if (target instanceof HTMLTextAreaElement) typed.set(target, target.value);
}

if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll("textarea")) {
    if (element.value !== element.defaultValue) note(element);
  }
  document.addEventListener("input", (event) => note(event.target), true);
}

/** Called when React has mounted `element`: gives it back the text typed before hydration, if React replaced it. */
export function restoreTypedText(element: HTMLTextAreaElement | null) {
  if (!element) return;
  const value = typed.get(element);
  typed.delete(element);
  if (value === undefined || value === element.value) return;
  // The prototype's setter, not the element's own: React's value tracker must see a change to call onChange.
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}
