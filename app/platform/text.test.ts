import { describe, expect, it } from "vitest";
import { shortTextSchema } from "./short-text";
import { hasDisallowedCharacters, singleLine } from "./text";

describe("hasDisallowedCharacters", () => {
  const controls = [
    "a\u0000b",
    "a\rb",
    "a\nb",
    "a\tb",
    "a\u007fb",
    "x\u009b31m",
    "Work \u202egnp.exe",
    "a\u2066b",
    "a\u2028b",
  ];
  const plain = ["Ama Mensah", "Zoë O’Brien", "عائشة\u200f", "Ngozi — 2026", ""];
  it("finds controls and the characters that reorder a line; plain text of any script and RTL marks pass", () => {
    expect(controls.filter((value) => !hasDisallowedCharacters(value))).toEqual([]);
    expect(plain.filter((value) => hasDisallowedCharacters(value))).toEqual([]);
  });

  it("lets text of several lines hold tab, LF and CR, and nothing else of those", () => {
    expect(hasDisallowedCharacters("Dear team,\r\n\tthanks", { lines: true })).toBe(false);
    expect(hasDisallowedCharacters("line\u2028line", { lines: true })).toBe(false);
    for (const bad of ["a\u0000b", "a\u000bb", "a\u0085b", "a\u202eb", "a\u2069b"])
      expect(hasDisallowedCharacters(bad, { lines: true }), JSON.stringify(bad)).toBe(true);
  });
});

describe("singleLine", () => {
  it("makes each control or reordering character a space, one space of each run, trimmed", () => {
    const result = singleLine("New Demo Request from Eve\r\nBcc: x@example.org\u0000\t\u2028end");
    expect(result).toBe("New Demo Request from Eve Bcc: x@example.org end");
    expect(singleLine("Work \u202egnp.exe\u0085")).toBe("Work gnp.exe");
    expect(singleLine("  a \n\n b  ")).toBe("a b");
    expect(hasDisallowedCharacters(singleLine("a\u0000\u009f\u2067b"))).toBe(false);
  });
});

describe("shortTextSchema", () => {
  const name = shortTextSchema({ what: "Your name", max: 10, empty: "Enter your name" });
  it("keeps one line of at most max characters, and says what is wrong", () => {
    expect(name.parse("  Ama \n Mensah ")).toBe("Ama Mensah");
    expect(name.safeParse("Ama\u202eMensah").error?.issues[0]?.message).toBe(
      "Your name contains characters that are not allowed",
    );
    expect(name.safeParse("Ama Mensah Jr").error?.issues[0]?.message).toBe("Your name must be 10 characters or fewer");
    expect(name.safeParse("   ").error?.issues[0]?.message).toBe("Enter your name");
  });
});
