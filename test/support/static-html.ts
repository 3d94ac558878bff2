/**
 * Helpers for checking the server's HTML as it is sent, with no JavaScript:
 * the HTML is fetched with Playwright's API client (`request.get`) and parsed
 * by the browser in a context where scripts are disabled, so the DOM we query
 * is exactly what the server sent (no hydration, no client rendering).
 *
 * Use in a describe block with `test.use({ javaScriptEnabled: false })`.
 */
import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";

/** GETs a path without following redirects and expects 200 text/html. */
export async function fetchHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), `GET ${path}`).toBe(200);
  expect(response.headers()["content-type"] ?? "", `content type of ${path}`).toContain("text/html");
  return response.text();
}

/**
 * Fetches `path` with `request.get` and loads the HTML into `page` (which must
 * have JavaScript disabled). Subresources are not loaded; only the document.
 */
export async function loadStaticHtml(page: Page, request: APIRequestContext, path: string): Promise<string> {
  const html = await fetchHtml(request, path);
  await setStaticContent(page, html);
  return html;
}

/** Loads already-fetched HTML into a script-less page (no subresources are needed). */
export async function setStaticContent(page: Page, html: string) {
  await page.setContent(html, { waitUntil: "domcontentloaded" });
}

export type PageLinks = {
  /** Raw href attributes of every <a href> in document order. */
  hrefs: string[];
  /** Every id attribute in the document. */
  ids: string[];
};

/** Reads every link's raw href and every element id from the current document. */
export async function readLinksAndIds(page: Page): Promise<PageLinks> {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((el) => el.id));
  return { hrefs, ids };
}

export type CrawlResult = {
  /** Every URL (path + query, no hash) fetched, with the page it was first linked from. */
  visited: Map<string, { status: number; contentType: string; from: string }>;
  /** Links whose target did not answer 200. */
  broken: string[];
  /** #fragment links whose target page has no element with that id. */
  missingFragments: string[];
  /** Number of #fragment links checked. */
  fragmentLinksChecked: number;
};

const ignoredSchemes = /^(mailto|tel|sms|javascript|data):/i;

/**
 * A breadth-first crawl of the site from `start`, following every same-origin
 * <a href> found in HTML responses. Each target is fetched once (path + query;
 * the hash is stripped) and must answer 200 without a redirect. Non-HTML
 * targets (for example the pitch PDF) are fetched but not parsed. Every link
 * with a #fragment is checked against the ids of its target page.
 */
export async function crawlSite(
  page: Page,
  request: APIRequestContext,
  origin: string,
  start = "/",
): Promise<CrawlResult> {
  const visited: CrawlResult["visited"] = new Map();
  const idsByUrl = new Map<string, Set<string>>();
  const fragmentLinks: { from: string; href: string; target: string; id: string }[] = [];
  const broken: string[] = [];
  const queue: { url: string; from: string }[] = [{ url: start, from: "(start)" }];
  const queued = new Set([start]);

  while (queue.length > 0) {
    const { url, from } = queue.shift()!;
    let response: APIResponse;
    try {
      response = await request.get(url, { maxRedirects: 0 });
    } catch (error) {
      broken.push(`${url} (linked from ${from}): ${(error as Error).message}`);
      continue;
    }
    const status = response.status();
    const contentType = response.headers()["content-type"] ?? "";
    visited.set(url, { status, contentType, from });
    if (status !== 200) {
      broken.push(`${url} answered ${status} (linked from ${from})`);
      await response.dispose();
      continue;
    }
    if (!contentType.startsWith("text/html")) {
      await response.body();
      continue;
    }

    await setStaticContent(page, await response.text());
    const { hrefs, ids } = await readLinksAndIds(page);
    idsByUrl.set(url, new Set(ids));

    const base = new URL(url, origin);
    for (const href of hrefs) {
      const raw = href.trim();
      if (raw === "" || ignoredSchemes.test(raw)) continue;
      const target = new URL(raw, base);
      if (target.origin !== origin) continue;
      const key = target.pathname + target.search;
      if (target.hash.length > 1) {
        fragmentLinks.push({ from: url, href: raw, target: key, id: decodeURIComponent(target.hash.slice(1)) });
      }
      // A "#…"-only link points into the page itself, which is already fetched.
      if (raw.startsWith("#")) continue;
      if (!queued.has(key)) {
        queued.add(key);
        queue.push({ url: key, from: url });
      }
    }
  }

  const missingFragments = fragmentLinks
    .filter((link) => {
      const ids = idsByUrl.get(link.target);
      // A broken target is reported in `broken`; here only missing ids count.
      return ids !== undefined && !ids.has(link.id);
    })
    .map((link) => `${link.href} on ${link.from}: no element with id "${link.id}" on ${link.target}`);
  const unchecked = fragmentLinks
    .filter((link) => !idsByUrl.has(link.target) && visited.get(link.target)?.status === 200)
    .map((link) => `${link.href} on ${link.from}: target ${link.target} is not an HTML page`);

  return {
    visited,
    broken,
    missingFragments: [...missingFragments, ...unchecked],
    fragmentLinksChecked: fragmentLinks.length,
  };
}
