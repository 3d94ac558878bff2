/**
 * The site crawl, with no JavaScript: every internal link, followed
 * breadth-first from /, answers 200 and every #fragment link has its target.
 */
import { expect, test } from "@playwright/test";
import { pitchPdf } from "../app/content/investors";
import { pages } from "../app/pages";
import { crawlSite } from "../test/support/static-html";

test.describe("site crawl (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("every internal link answers 200 and every #fragment link has its target id", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const result = await crawlSite(page, request, origin, "/");
    await test.info().attach("crawl.json", {
      contentType: "application/json",
      body: JSON.stringify(Object.fromEntries(result.visited), null, 2),
    });

    expect.soft(result.broken, "links that do not answer 200").toEqual([]);
    expect(result.missingFragments, "#fragment links without a target").toEqual([]);

    // The crawl reached every page of the site from /, plus the pitch PDF.
    const visited = [...result.visited.keys()];
    for (const entry of pages) expect(visited, `${entry.path} reachable by links from /`).toContain(entry.path);
    expect(visited).toContain(pitchPdf.href);
    expect(result.visited.get(pitchPdf.href)?.contentType).toContain("application/pdf");
    // Query strings are kept (the partnership contact link).
    expect(visited.some((url) => url.startsWith("/contact?"))).toBe(true);
    // Sanity: the crawl checked in-page links (skip link, ToCs, Join Our Mission, Partner With Us).
    expect(result.fragmentLinksChecked).toBeGreaterThan(20);
    expect(visited.every((url) => !url.includes("#"))).toBe(true);
  });
});
