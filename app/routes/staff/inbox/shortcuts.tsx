/**
 * The inbox's keyboard shortcuts (issue 43), listed on a dialog that `?`
 * opens: a progressive enhancement (without JavaScript there are none, and
 * no button offers them). They never fire while someone types in a field,
 * nor with Ctrl, Alt or the Command key held (the browser's own shortcuts).
 * The dialog is the browser's modal <dialog>: it takes focus, keeps it, and
 * closes with Escape; focus then returns to where it was (the browser's own
 * return, as in components/ui/dialog.tsx: a close handler of our own ran a
 * task late and could pull focus back from where a quick key had moved it).
 */
import { useEffect, useRef } from "react";
import { useHydrated } from "~/features/console/console-shell";
import { ACTIONS_ID, ASSIGNEE_FIELD_ID, BULK_FORM_ID } from "./bulk";
import { SEARCH_FIELD_ID } from "./filters";

export type Shortcut = "help" | "search" | "next" | "previous" | "tick" | "handled" | "assign";

/** The shortcuts, as the dialog lists them. Enter opens the enquiry whose name has focus (a link's own). */
export const inboxShortcuts: readonly { keys: string[]; what: string; action?: Shortcut }[] = [
  { keys: ["?"], what: "Show these shortcuts", action: "help" },
  { keys: ["/"], what: "Go to the search box", action: "search" },
  { keys: ["j"], what: "Next enquiry", action: "next" },
  { keys: ["k"], what: "Previous enquiry", action: "previous" },
  { keys: ["x"], what: "Tick or untick that enquiry", action: "tick" },
  { keys: ["Enter"], what: "Open that enquiry" },
  { keys: ["h"], what: "Mark the ticked enquiries handled", action: "handled" },
  { keys: ["a"], what: "Choose who to assign the ticked enquiries to", action: "assign" },
];

/** Where a key was pressed: enough of a KeyboardEvent to decide. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  target: {
    tagName?: string;
    type?: string;
    isContentEditable?: boolean;
    closest?: (selector: string) => unknown;
  } | null;
};

/** Inputs that take no typing: a shortcut may fire while one has focus. */
const untyped = new Set(["checkbox", "radio", "button", "submit", "reset", "image"]);

/** True when the key goes into a field (or a list of options) rather than to the page. */
export function isTyping(target: KeyPress["target"]): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && !untyped.has((target.type ?? "text").toLowerCase());
}

/** The shortcut a key press asks for, or null (typing, a modifier held, an open dialog, or no such key). */
export function shortcutOf(press: KeyPress): Shortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  if (isTyping(press.target)) return null;
  if (press.target?.closest?.("dialog")) return null;
  return inboxShortcuts.find((shortcut) => shortcut.keys.includes(press.key))?.action ?? null;
}

const rows = () => [...document.querySelectorAll<HTMLElement>("[data-enquiry-row]")];
const currentRow = () => (document.activeElement?.closest("[data-enquiry-row]") as HTMLElement | null) ?? null;

/** Moves focus to the next or previous enquiry's name (the first when none has it yet). */
function move(by: 1 | -1) {
  const all = rows();
  if (all.length === 0) return;
  const at = all.indexOf(currentRow() as HTMLElement);
  const next = at === -1 ? (by === 1 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + by));
  all[next]?.querySelector<HTMLElement>("[data-enquiry-link]")?.focus();
}

function run(action: Shortcut, openHelp: () => void) {
  const form = document.getElementById(BULK_FORM_ID) as HTMLFormElement | null;
  switch (action) {
    case "help":
      return openHelp();
    case "search":
      return document.getElementById(SEARCH_FIELD_ID)?.focus();
    case "next":
      return move(1);
    case "previous":
      return move(-1);
    case "tick":
      // A click: the box changes and the form hears it (the count is recounted).
      return currentRow()?.querySelector<HTMLInputElement>('input[name="id"]')?.click();
    case "handled": {
      const button = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="handled"]');
      if (form && button) form.requestSubmit(button);
      return;
    }
    case "assign": {
      const actions = document.getElementById(ACTIONS_ID) as HTMLDetailsElement | null;
      if (actions) actions.open = true;
      return document.getElementById(ASSIGNEE_FIELD_ID)?.focus();
    }
  }
}

/** The "Keyboard shortcuts" button and dialog, and the keys themselves (once the page has hydrated). */
export function KeyboardShortcuts() {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);

  const openHelp = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const { key, ctrlKey, metaKey, altKey, isComposing } = event;
      const action = shortcutOf({ key, ctrlKey, metaKey, altKey, isComposing, target: event.target as HTMLElement });
      if (!action) return;
      event.preventDefault();
      run(action, openHelp);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        onClick={openHelp}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-primary-800 underline underline-offset-2"
      >
        Keyboard shortcuts
        <kbd aria-hidden="true" className="rounded border border-line bg-white px-1.5 font-mono text-xs no-underline">
          ?
        </kbd>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="inbox-shortcuts-title"
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, outside its content) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card border border-line bg-white p-0 text-ink shadow-card backdrop:bg-ink/50"
      >
        <div className="grid gap-4 p-6">
          <h2 id="inbox-shortcuts-title" className="text-xl font-bold">
            Keyboard shortcuts
          </h2>
          <p className="text-muted">They work anywhere on the inbox, except while you type in a field.</p>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Keys and what they do</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Key</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {inboxShortcuts.map((shortcut) => (
                <tr key={shortcut.what} className="border-b border-line last:border-0">
                  <th scope="row" className="w-24 py-2 pr-4 align-top font-normal">
                    {shortcut.keys.map((key) => (
                      <kbd key={key} className="rounded border border-line bg-surface px-2 py-0.5 font-mono text-sm">
                        {key}
                      </kbd>
                    ))}
                  </th>
                  <td className="py-2">{shortcut.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <form method="dialog">
            <button
              type="submit"
              autoFocus
              className="inline-flex min-h-11 items-center rounded-full border-2 border-primary-700 px-5 font-semibold text-primary-800 hover:bg-primary-50"
            >
              Close
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}
