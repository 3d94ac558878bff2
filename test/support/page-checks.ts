/**
 * Checks the content-page end-to-end tests share: a page's HTML as the
 * server sends it with its one h1, a link and its href, a section by its
 * heading, a call to action's buttons, and the roadmap list.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { roadmapOn } from "../../app/content/dated";
import { loadStaticHtml } from "./static-html";

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The h1 of the page (exactly one). */
export async function expectSingleH1(page: Page, name: string | RegExp) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveAccessibleName(name);
}

/** Declares a file's tests of pages' HTML as the server sends it, in a describe block whose pages run no JavaScript. */
export function describePrerendered(tests: () => void) {
  test.describe("prerendered HTML (no JavaScript)", () => {
    test.use({ javaScriptEnabled: false });
    tests();
  });
}

/** Loads `path`'s HTML as the server sends it (fetched through the page's context) into the script-less `page` and checks its one h1; returns the HTML. */
export async function loadPrerendered(page: Page, path: string, h1: string | RegExp) {
  const html = await loadStaticHtml(page, page.request, path);
  await expectSingleH1(page, h1);
  return html;
}

/** A link in `scope` with the given accessible name, and its href. */
export async function expectLink(scope: Page | Locator, name: string | RegExp, href: string | RegExp) {
  const link = scope.getByRole("link", { name, exact: typeof name === "string" ? true : undefined });
  await expect(link.first(), `link ${String(name)}`).toHaveAttribute("href", href);
}

/** The section labelled by the h2 with this name. */
export function sectionByHeading(page: Page, name: string | RegExp) {
  return page.locator("main section").filter({
    has: page.getByRole("heading", { level: 2, name, exact: typeof name === "string" ? true : undefined }),
  });
}

/**
 * A call-to-action section (by its title): its links are its buttons' labels,
 * in order, going to these hrefs (written out in the test, not read from `cta`).
 */
export async function expectCallToAction(
  page: Page,
  cta: { title: string; ctas: readonly { label: string }[] },
  ...hrefs: string[]
) {
  const links = sectionByHeading(page, cta.title).getByRole("link");
  await expect(links).toHaveText(cta.ctas.map((button) => button.label));
  expect(await links.evaluateAll((found) => found.map((link) => link.getAttribute("href")))).toEqual(hrefs);
}

/**
 * The roadmap list: 2025 upcoming (highlighted), 2026 and 2027+ planned,
 * status in words: the site as on 1 June 2025 (the end-to-end stack runs
 * with SITE_CLOCK=2025-06-01).
 */
export async function expectRoadmap(scope: Locator) {
  const roadmap = roadmapOn("2025-06-01");
  const items = scope.locator('[data-slot="roadmap"] > li');
  await expect(items).toHaveCount(3);
  const expected = [
    ["2025", "upcoming", "Upcoming"],
    ["2026", "planned", "Planned"],
    ["2027+", "planned", "Planned"],
  ] as const;
  expect(roadmap.map((r) => [r.year, r.status])).toEqual(expected.map(([year, status]) => [year, status]));
  for (const [i, [year, status, word]] of expected.entries()) {
    await expect(items.nth(i)).toHaveAttribute("data-status", status);
    await expect(items.nth(i)).toContainText(year);
    await expect(items.nth(i)).toContainText(`Status: ${word}`);
    await expect(items.nth(i).getByRole("heading", { level: 3 })).toHaveText(roadmap[i]!.title);
  }
}
