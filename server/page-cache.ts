/**
 * The enquiry pages (/contact, /demo, /advisory) are rendered per request, for
 * what in them is the visitor's own: the form's anti-spam token and the
 * Content-Security-Policy nonce of the page's scripts (and, after a post made
 * without JavaScript, the result with what they typed: a POST, never cached).
 * Everything else is the same for every visitor until the dated content or
 * the banner changes (docs/decisions/010-dated-content.md), and rendering it
 * with React costs a few milliseconds of the one thread a request needs.
 *
 * So a GET of such a page is rendered once per (page, `?interest=` among the
 * known ones, dated content and banner), with a marker in place of the token
 * and of the nonce, markers random to this process that nothing a visitor
 * sends can contain; each request gets that HTML with a fresh token and its
 * own nonce put in their places. The dated stretch and the banner are read
 * for each request (as the root loader reads them), so a page changes at the
 * instant its content does. The form carries where its visitor came from
 * (~/features/enquiries/source), which its Referer decides: a visitor with
 * none, or one who came from a page of this site, gets the page rendered for
 * that referrer (at most `maxPages` of them); one from another site is rendered for
 * that request alone, as is any other query (utm_* values among them), a
 * response that is not a 200, or one that sets a cookie
 * (docs/decisions/025-memory-recovery-and-load.md).
 */
import { randomBytes } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { AppContext } from "~/context.server";
import { isInterest } from "~/content/contact";
import { enquiryKindNames } from "~/features/enquiries";
import { pagePathOf } from "~/pages";
import { DIRECT, referrerOfRequest } from "~/platform/visit-source";
import { pageVersion } from "./dated-pages";

type EntryContexts = {
  nonceContext: RouterContext<string | null>;
  appContext: RouterContext<AppContext | null>;
};

/** One rendered page: its headers and HTML with the markers in place of the visitor's parts. */
type Shell = { headers: [string, string][]; html: string };

export type PageCacheOptions = {
  build: ServerBuild;
  /** What loaders get as the app context (its `now` and `banner` decide the dated content). */
  appContext: AppContext;
  now: () => Date;
  /** The pages rendered once per version; default the enquiry pages. */
  paths?: readonly string[];
  /**
   * How many rendered pages a version keeps (default 64, at most about 2.5 MiB): beyond,
   * a page is rendered for its request alone. The three pages, the contact
   * page's topics and the site's own pages as referrers make well over a
   * hundred keys that any visitor can ask for.
   */
  maxPages?: number;
};

export function createPageCache(options: PageCacheOptions) {
  const { build, appContext, now, maxPages = 64 } = options;
  const paths = new Set(options.paths ?? enquiryKindNames.map((kind) => `/${kind}`));
  const siteHost = new URL(appContext.env.SITE_URL).host;
  const handler = createRequestHandler(build, "production");
  const contexts = build.entry.module as unknown as EntryContexts;
  const marker = () => `cached-${randomBytes(16).toString("hex")}`;
  const tokenMarker = marker();
  const nonceMarker = marker();
  const renderContext = { ...appContext, formGuard: { ...appContext.formGuard, issue: () => tokenMarker } };
  let version = "";
  let shells = new Map<string, Promise<Shell | null>>();
  const stats = { rendered: 0, served: 0 };

  /**
   * What a request the cache answers is rendered from, or null: a GET or HEAD
   * of one of the pages, with no query or a known `?interest=`, from no
   * referrer or a page of this site (a path). Its key names both.
   */
  function pageOf(req: ExpressRequest): { key: string; url: string; referrer: string } | null {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path)) return null;
    const search = req.originalUrl.slice(req.originalUrl.indexOf("?") + 1 || req.originalUrl.length);
    const interest = /^interest=([a-z]+)$/.exec(search)?.[1];
    if (search !== "" && !(interest && isInterest(interest))) return null;
    const url = search === "" ? req.path : `${req.path}?interest=${interest}`;
    if (appContext.env.ANALYTICS === "off") return { key: url, url, referrer: DIRECT };
    const referrer = referrerOfRequest(req.get("referer"), req.get("host") ?? "", siteHost, pagePathOf);
    if (referrer !== DIRECT && !referrer.startsWith("/")) return null;
    return { key: `${url} from ${referrer}`, url, referrer };
  }

  /** Renders the page as any visitor from `referrer` would get it, with the markers; null when it is not a page to keep. */
  async function render({ url, referrer }: { url: string; referrer: string }): Promise<Shell | null> {
    const context = new RouterContextProvider();
    context.set(contexts.nonceContext, nonceMarker);
    context.set(contexts.appContext, renderContext);
    const referer = referrer === DIRECT ? undefined : { referer: `http://localhost${referrer}` };
    const response = await handler(new Request(`http://localhost${url}`, { headers: referer }), context);
    const html = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie") || !html.includes(tokenMarker)) return null;
    stats.rendered++;
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    return { headers, html };
  }

  return {
    /**
     * Answers `req` from the cache when it is one of its pages (rendering the
     * page first if this version has not been yet), with a fresh token and
     * `nonce`; resolves false, having sent nothing, for any other request.
     */
    async serve(req: ExpressRequest, res: ExpressResponse, nonce: string): Promise<boolean> {
      const wanted = pageOf(req);
      if (!wanted) return false;
      const { key } = wanted;
      const current = pageVersion(appContext, now());
      if (current !== version) {
        version = current;
        shells = new Map();
      }
      let shell = shells.get(key);
      if (!shell && shells.size >= maxPages) return false;
      if (!shell) {
        shell = render(wanted).catch(() => null);
        shells.set(key, shell);
      }
      const page = await shell;
      if (!page) {
        // Not a page to keep (or its render failed): the next request renders it again, as before.
        if (shells.get(key) === shell) shells.delete(key);
        return false;
      }
      const html = page.html.replaceAll(tokenMarker, appContext.formGuard.issue()).replaceAll(nonceMarker, nonce);
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.status(200).end(html);
      stats.served++;
      return true;
    },
    /** How many renders the pages cost, and how many requests they answered (tests). */
    stats: () => ({ ...stats }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
