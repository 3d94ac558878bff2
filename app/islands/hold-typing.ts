/**
 * Typing needs no React (the forms have no keyboard or text handlers: their
 * fields are the browser's own). Until an island has hydrated, its keyboard
 * and text events stop before React's listeners on the island's container.
 * React would otherwise hydrate the whole form at once, in one long task, to
 * answer the first of them (its selective hydration: 130–190 ms at 4× CPU
 * slowdown here, docs/decisions/015-form-islands.md), and the next key would
 * wait for it. The browser enters the text itself, listeners on the document
 * still see every event, and React, hydrating a little at a time as a
 * transition, adopts the fields with what was typed in them.
 */
export const TYPING_EVENTS = [
  "keydown",
  "keypress",
  "keyup",
  "beforeinput",
  "input",
  "textInput",
  "compositionstart",
  "compositionupdate",
  "compositionend",
] as const;

/** Holds the container's typing events from React until `isReady()`; the listeners go at the first event after. */
export function holdTypingUntilReady(container: HTMLElement, isReady: () => boolean) {
  const parent = container.parentNode;
  if (!parent) return;
  const hold = (event: Event) => {
    if (isReady()) {
      for (const type of TYPING_EVENTS) parent.removeEventListener(type, hold, true);
    } else if (event.target instanceof Node && container.contains(event.target)) {
      event.stopPropagation();
    }
  };
  for (const type of TYPING_EVENTS) parent.addEventListener(type, hold, true);
}
