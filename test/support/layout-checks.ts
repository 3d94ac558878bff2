/**
 * Layout checks from element boxes (getBoundingClientRect), for the public
 * pages' end-to-end tests: no decoration over text, and no empty band.
 *
 * A decoration is anything hidden from assistive technology
 * (`aria-hidden="true"`) that is drawn: each shape of an SVG, or the element
 * itself. A backdrop (`data-decoration="backdrop"`: soft, low-contrast
 * shapes drawn behind the words on purpose, as the heroes' rings) is not
 * checked; everything else is, whatever it is or however it is placed.
 * Text is every line of every visible text (its client rects), outside
 * decorations and what is visually hidden (clipped to nothing, as the skip
 * link until it has focus).
 *
 * Boxes that meet are then looked at closer when the decoration is an SVG
 * shape: it covers the text only where it paints (its fill or its stroke,
 * sampled every 1.5 px over the overlap), so a figure drawn inside a ring,
 * as the risk panel's score in its gauge, is not taken for one covered by it.
 */
import type { Page } from "@playwright/test";

export type Box = { top: number; right: number; bottom: number; left: number };
export type Overlap = { decoration: string; text: string; decorationBox: Box; textBox: Box };

/**
 * Widths from 320 to 1440 px: the common phone widths (360 to 430, where the heroes' dot sat on
 * the intro at 390), the site's breakpoints (640, 768, 1024, 1280) either side, and about every
 * 80 px between.
 */
export const SWEEP_WIDTHS = [
  320, 360, 375, 390, 412, 430, 480, 560, 639, 640, 720, 767, 768, 880, 960, 1023, 1024, 1120, 1200, 1279, 1280, 1360,
  1440,
];

/** Every decoration (outside backdrops) that covers a line of text, on the whole page. */
export function decorationsOverText(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    type Rect = { top: number; right: number; bottom: number; left: number };
    const visible = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    /** Visually hidden: clipped to nothing (Tailwind's sr-only), here or above. */
    const clippedAway = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    const rect = ({ top, right, bottom, left }: Rect): Rect => ({ top, right, bottom, left });
    // Boxes that only touch, or share a hairline from rounding, do not overlap.
    const overlap = (a: Rect, b: Rect): Rect | undefined => {
      const o = {
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
        left: Math.max(a.left, b.left),
      };
      return o.right - o.left > 0.5 && o.bottom - o.top > 0.5 ? o : undefined;
    };
    const drawn = (b: Rect) => b.right - b.left > 1 && b.bottom - b.top > 1;
    /** Whether `shape` paints anywhere in `area` (client coordinates); any other decoration covers its whole box. */
    const paints = (shape: Element, area: Rect) => {
      if (!(shape instanceof SVGGeometryElement)) return true;
      const toShape = shape.getScreenCTM()?.inverse();
      if (!toShape) return true;
      const style = getComputedStyle(shape);
      const fill = style.fill !== "none";
      const stroke = style.stroke !== "none" && parseFloat(style.strokeWidth) > 0;
      const step = Math.max(1.5, Math.sqrt(((area.right - area.left) * (area.bottom - area.top)) / 40_000));
      for (let x = area.left; x <= area.right; x += step) {
        for (let y = area.top; y <= area.bottom; y += step) {
          const point = new DOMPoint(x, y).matrixTransform(toShape);
          if ((fill && shape.isPointInFill(point)) || (stroke && shape.isPointInStroke(point))) return true;
        }
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const slot = element.getAttribute("data-slot") ?? element.getAttribute("data-decoration");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const radius = element.tagName === "circle" ? ` r=${element.getAttribute("r")}` : "";
      return `<${element.tagName.toLowerCase()}${id}${slot ? ` ${slot}` : ""}${radius}>${text ? ` "${text}"` : ""}`;
    };

    const shapes = "circle, ellipse, rect, path, line, polyline, polygon, text, image, use";
    const decorations: Element[] = [];
    for (const hidden of document.body.querySelectorAll('[aria-hidden="true"]')) {
      // The outermost hidden element only, and never a backdrop or what is inside one.
      if (hidden.parentElement?.closest('[aria-hidden="true"]')) continue;
      if (hidden.closest('[data-decoration="backdrop"]')) continue;
      if (!visible(hidden) || clippedAway(hidden)) continue;
      if (hidden instanceof SVGSVGElement) decorations.push(...hidden.querySelectorAll(shapes));
      else {
        decorations.push(hidden);
        for (const svg of hidden.querySelectorAll("svg")) decorations.push(...svg.querySelectorAll(shapes));
      }
    }

    const lines: { element: Element; box: Rect }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest('[aria-hidden="true"], script, style, template, noscript')) continue;
      if (!visible(parent) || clippedAway(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) if (drawn(line)) lines.push({ element: parent, box: rect(line) });
    }

    const found: { decoration: string; text: string; decorationBox: Rect; textBox: Rect }[] = [];
    for (const decoration of decorations) {
      const decorationBox = rect(decoration.getBoundingClientRect());
      if (!drawn(decorationBox)) continue;
      for (const line of lines) {
        const area = overlap(decorationBox, line.box);
        if (area && paints(decoration, area))
          found.push({
            decoration: describe(decoration),
            text: describe(line.element),
            decorationBox,
            textBox: line.box,
          });
      }
    }
    return found;
  });
}

export type Band = { from: number; to: number; above: string; below: string };

/**
 * The element-free vertical bands inside `root` (a CSS selector), between
 * `start` and `end` (selectors of elements inside it: from the top of the
 * first to the bottom of the second), largest first. What counts as
 * something there: a visible element with text of its own, a graphic, a
 * control, a filled box (a background colour), or a border line; not a
 * decoration (anything `aria-hidden`), not `root` itself.
 */
export function emptyBands(page: Page, root: string, start: string, end: string): Promise<Band[]> {
  return page.evaluate(
    ([root, start, end]) => {
      const section = document.querySelector(root);
      const first = section?.querySelector(start);
      const last = section?.querySelector(end);
      if (!section || !first || !last) throw new Error(`no ${root} with ${start} and ${end}`);
      const visible = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
      const describe = (element: Element) =>
        `<${element.tagName.toLowerCase()}${element.getAttribute("data-slot") ? ` ${element.getAttribute("data-slot")}` : ""}> "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
      const spans: { top: number; bottom: number; what: string }[] = [];
      for (const element of section.querySelectorAll("*")) {
        // Decorations are not content: a band with only a decoration in it is still empty.
        if (element.closest('[aria-hidden="true"]') || !visible(element)) continue;
        if (element.parentElement?.closest("svg")) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width < 1 || rect.height < 1) continue;
        const style = getComputedStyle(element);
        const ownText = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        const graphic = /^(svg|img|figure|button|input|select|textarea|hr|video|canvas)$/i.test(element.tagName);
        const filled = !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor);
        if (ownText || graphic || filled) spans.push({ top: rect.top, bottom: rect.bottom, what: describe(element) });
        if (parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none")
          spans.push({ top: rect.top, bottom: rect.top + parseFloat(style.borderTopWidth), what: describe(element) });
        if (parseFloat(style.borderBottomWidth) > 0 && style.borderBottomStyle !== "none")
          spans.push({
            top: rect.bottom - parseFloat(style.borderBottomWidth),
            bottom: rect.bottom,
            what: describe(element),
          });
      }
      const from = first.getBoundingClientRect().top;
      const to = last.getBoundingClientRect().bottom;
      const inside = spans.filter((s) => s.bottom > from && s.top < to).sort((a, b) => a.top - b.top);
      const bands = [];
      let reached = from;
      let above = describe(first);
      for (const span of inside) {
        if (span.top > reached) bands.push({ from: reached, to: span.top, above, below: span.what });
        if (span.bottom > reached) {
          reached = span.bottom;
          above = span.what;
        }
      }
      return bands.sort((a, b) => b.to - b.from - (a.to - a.from));
    },
    [root, start, end] as const,
  );
}
