import { describe, expect, test } from "vitest";
import { inboxShortcuts, isTyping, shortcutOf, type KeyPress } from "./shortcuts";

/** The inbox's keyboard shortcuts: which key does what, and never while typing in a field. */
const press = (key: string, target: KeyPress["target"] = { tagName: "BODY" }, more: Partial<KeyPress> = {}) =>
  shortcutOf({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...more });

describe("inbox shortcuts", () => {
  test("each listed key does what the dialog says", () => {
    expect(
      inboxShortcuts
        .filter((shortcut) => shortcut.action)
        .map((shortcut) => [shortcut.keys[0], press(shortcut.keys[0]!)]),
    ).toEqual([
      ["?", "help"],
      ["/", "search"],
      ["j", "next"],
      ["k", "previous"],
      ["x", "tick"],
      ["h", "handled"],
      ["a", "assign"],
    ]);
    expect(press("q")).toBeNull();
    // Enter is the link's own (listed, not handled here).
    expect(press("Enter")).toBeNull();
  });

  test("never while typing: text fields, text areas, lists, editable text", () => {
    for (const target of [
      { tagName: "INPUT", type: "search" },
      { tagName: "INPUT", type: "text" },
      { tagName: "INPUT", type: "date" },
      { tagName: "INPUT" },
      { tagName: "TEXTAREA" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
    ]) {
      expect(isTyping(target), JSON.stringify(target)).toBe(true);
      expect(press("j", target), JSON.stringify(target)).toBeNull();
    }
    // The positive control: on a row's checkbox, a link or the page, the same key works.
    for (const target of [{ tagName: "INPUT", type: "checkbox" }, { tagName: "A" }, { tagName: "BODY" }, null])
      expect(press("j", target), JSON.stringify(target)).toBe("next");
  });

  test("never with Ctrl, Alt or Command held, while composing, or inside an open dialog", () => {
    expect(press("k", undefined, { ctrlKey: true })).toBeNull();
    expect(press("k", undefined, { metaKey: true })).toBeNull();
    expect(press("k", undefined, { altKey: true })).toBeNull();
    expect(press("k", undefined, { isComposing: true })).toBeNull();
    expect(press("j", { tagName: "BUTTON", closest: (selector: string) => selector === "dialog" })).toBeNull();
    expect(press("j", { tagName: "BUTTON", closest: () => null })).toBe("next");
  });
});
