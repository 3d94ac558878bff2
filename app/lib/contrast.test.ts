import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast";

// The theme tokens, read from site.css (which both stylesheets import) so this test checks what ships.
const css = readFileSync(path.resolve(__dirname, "../site.css"), "utf8");
const tokens = Object.fromEntries(
  Array.from(css.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6});/gi), (m) => [m[1]!, m[2]!.toLowerCase()]),
);
const white = "#ffffff";

/** Every text/background pairing the site uses for normal-size text (AA: 4.5:1). */
const pairs: [fg: string, bg: string][] = [
  ["ink", "white"],
  ["muted", "white"],
  ["muted", "surface"],
  ["ink", "surface"],
  ["primary-700", "white"],
  ["primary-800", "white"],
  ["primary-800", "primary-50"],
  ["primary-900", "white"],
  ["accent-700", "white"],
  ["accent-800", "accent-50"],
  ["white", "primary-700"],
  ["white", "primary-800"],
  ["white", "primary-900"],
  ["white", "primary-950"],
  ["primary-50", "primary-950"],
  ["primary-100", "primary-900"],
  ["white", "accent-600"],
  ["white", "accent-700"],
  ["danger-700", "white"],
  ["danger-700", "danger-50"],
  ["white", "danger-700"],
  ["white", "danger-800"],
  ["warning-800", "warning-50"],
  ["success-800", "success-50"],
  ["ink", "primary-50"],
  ["muted", "primary-50"],
];

const colour = (name: string) => (name === "white" ? white : tokens[name]);

/** Every background the focus ring is drawn against (WCAG 1.4.11: 3:1 for what shows focus). */
const focusBackgrounds = [
  "white",
  "surface",
  "primary-50",
  "primary-900",
  "primary-950",
  "accent-50",
  "danger-50",
  "warning-50",
  "success-50",
];

/** The hue of a #rrggbb colour, in degrees. */
function hue(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const range = max - Math.min(r, g, b);
  if (range === 0) return 0;
  const h = max === r ? ((g - b) / range) % 6 : max === g ? (b - r) / range + 2 : (r - g) / range + 4;
  return (h * 60 + 360) % 360;
}

describe("theme colour contrast", () => {
  it("reads the tokens from site.css", () => {
    expect(Object.keys(tokens).length).toBeGreaterThan(20);
  });

  it.each(pairs)("%s on %s meets WCAG AA (4.5:1)", (fg, bg) => {
    const foreground = colour(fg);
    const background = colour(bg);
    expect(foreground, fg).toBeDefined();
    expect(background, bg).toBeDefined();
    expect(contrastRatio(foreground!, background!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(focusBackgrounds)("the focus ring stands out on %s (3:1)", (background) => {
    expect(contrastRatio(colour("focus")!, colour(background)!)).toBeGreaterThanOrEqual(3);
  });

  it("the focus ring is not the colour of an error", () => {
    const apart = (a: string, b: string) => {
      const d = Math.abs(hue(colour(a)!) - hue(colour(b)!));
      return Math.min(d, 360 - d);
    };
    expect(apart("focus", "danger-700")).toBeGreaterThanOrEqual(90);
    expect(apart("focus", "accent-600")).toBeGreaterThanOrEqual(90);
  });

  it("computes known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
