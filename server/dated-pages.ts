/**
 * Keeps the prerendered pages true to the date (docs/decisions/010-dated-content.md).
 *
 * Each prerendered page records the stretch of dates it was rendered for
 * (`data-content-date` on <html>, from the root loader: app/content/dated.ts
 * contentDate). At start, and then at the next boundary or at least hourly,
 * every page whose stretch is not today's is rendered again with the server
 * build's own request handler, exactly as React Router's prerender does (a
 * data request, then the document request), so the HTML is what a build on
 * that date would write. Its CSP script hashes and brotli/gzip variants are
 * computed as the build computes them (./page-assets.ts) and the page is
 * swapped in whole (./static.ts replacePage). A render that fails keeps the
 * last good page, logs an error, and is tried again at the next check.
 */
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { londonDate } from "~/platform/calendar";
import type { AppContext } from "~/context.server";
import { announcementKey, contentDate, currentAnnouncement, nextBoundary } from "~/content/dated";
import type { Logger } from "~/platform/log.server";
import { compressVariants, scriptHashes } from "./page-assets";
import type { RenderedPage, StaticFiles } from "./static";

/** The longest wait between two checks. */
export const MAX_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type EntryContexts = {
  nonceContext: RouterContext<string | null>;
  appContext: RouterContext<AppContext | null>;
};

export type DatedPagesOptions = {
  build: ServerBuild;
  statics: Pick<StaticFiles, "pageRoutes" | "pageHtml" | "replacePage">;
  /** What loaders get as the app context (its `now` is the clock the pages follow). */
  appContext: AppContext;
  now: () => Date;
  log: Logger;
};

/** What a page must show on `now`: its stretch of dates and its banner (as the root loader decides them). */
function expectedVersion(options: Pick<DatedPagesOptions, "appContext">, now: Date) {
  const date = contentDate(londonDate(now));
  const banner = options.appContext.banner?.state(now) ?? null;
  return { contentDate: date, announcement: announcementKey(currentAnnouncement(date, banner)) };
}

/** Which version of the site's dated content and banner a page rendered on `now` shows, as one string (./page-cache.ts). */
export function pageVersion(appContext: AppContext, now: Date): string {
  const { contentDate, announcement } = expectedVersion({ appContext }, now);
  return `${contentDate} ${announcement}`;
}

export type CheckResult = { contentDate: string; replaced: string[]; failed: string[] };

/** The stretch a page was rendered for, from its <html data-content-date>; undefined when it has none. */
export function renderedContentDate(html: string): string | undefined {
  return /<html\b[^>]*\sdata-content-date="([^"]+)"/.exec(html)?.[1];
}

/** The banner a page was rendered with, from its <html data-announcement>. */
export function renderedAnnouncement(html: string): string | undefined {
  return /<html\b[^>]*\sdata-announcement="([^"]+)"/.exec(html)?.[1];
}

/** How long to wait before the next check: until the next boundary, at most an hour, at least a second. */
export function nextCheckDelay(now: Date): number {
  const boundary = nextBoundary(now);
  const untilBoundary = boundary ? boundary.getTime() - now.getTime() : MAX_CHECK_INTERVAL_MS;
  return Math.max(1000, Math.min(MAX_CHECK_INTERVAL_MS, untilBoundary));
}

/** The document request for a route as the prerender makes it ("/about/"), and its data request ("/about.data"). */
function prerenderUrls(route: string) {
  const page = `${route}/`.replace(/\/\/+/g, "/");
  const data = route.endsWith("/") ? `${route}_.data` : `${route}.data`;
  return { page: new URL(`http://localhost${page}`), data: new URL(`http://localhost${data}`) };
}

export function createDatedPages(options: DatedPagesOptions) {
  const { build, statics, log, now } = options;
  const handler = createRequestHandler(build, "production");
  const contexts = build.entry.module as unknown as EntryContexts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<CheckResult> | undefined;
  let queued: Promise<CheckResult> | undefined;
  let stopped = false;

  function loadContext() {
    const context = new RouterContextProvider();
    // No nonce, like the build: a prerendered page's scripts are allowed by their hashes.
    context.set(contexts.appContext, options.appContext);
    return context;
  }

  /** Renders one page as the build would on today's date. */
  async function render(route: string): Promise<RenderedPage> {
    const urls = prerenderUrls(route);
    const dataResponse = await handler(new Request(urls.data), loadContext());
    if (dataResponse.status !== 200 && dataResponse.status !== 202) {
      throw new Error(`data request for ${route} answered ${dataResponse.status}`);
    }
    const data = await dataResponse.text();
    const headers = new Headers();
    const encoded = encodeURI(data);
    if (encoded.length < 8 * 1024) headers.set("X-React-Router-Prerender-Data", encoded);
    const response = await handler(new Request(urls.page, { headers }), loadContext());
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    const body = Buffer.from(html, "utf8");
    return { html: body, scriptHashes: scriptHashes(html), ...(await compressVariants(body)) };
  }

  async function runCheck(): Promise<CheckResult> {
    const expected = expectedVersion(options, now());
    const date = expected.contentDate;
    const current = (html: string) =>
      renderedContentDate(html) === date && renderedAnnouncement(html) === expected.announcement;
    const result: CheckResult = { contentDate: date, replaced: [], failed: [] };
    /** The banner or the date moved on during this check (a publish just after another): start again. */
    const superseded = () => {
      const latest = expectedVersion(options, now());
      return latest.contentDate !== date || latest.announcement !== expected.announcement;
    };
    for (const route of statics.pageRoutes) {
      const served = statics.pageHtml(route);
      if (served && current(served.toString("utf8"))) continue;
      try {
        const page = await render(route);
        const html = page.html.toString("utf8");
        if (!current(html) && superseded()) {
          log.debug("dated pages check superseded; starting again", { route });
          const again = await runCheck();
          return { ...again, replaced: [...result.replaced, ...again.replaced] };
        }
        if (!current(html)) {
          throw new Error(
            `rendered for ${renderedContentDate(html) ?? "no date"} with banner ${renderedAnnouncement(html) ?? "?"}, not ${date} with ${expected.announcement}`,
          );
        }
        statics.replacePage(route, page);
        result.replaced.push(route);
      } catch (error) {
        result.failed.push(route);
        log.error("dated page render failed; the last good page stays", { route, err: error });
      }
    }
    if (result.replaced.length > 0)
      log.info("dated pages rendered again", {
        contentDate: date,
        announcement: expected.announcement,
        routes: result.replaced,
      });
    return result;
  }

  /**
   * Renders again every page whose dates or banner have moved on; one check at
   * a time. Asked while one runs (a banner published mid-check), it runs once
   * more after it, so no change is missed.
   */
  function check(): Promise<CheckResult> {
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return check();
      });
      return queued;
    }
    running = runCheck().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().finally(schedule);
    }, nextCheckDelay(now()));
    timer.unref();
  }

  return {
    check,
    render,
    /** Checks once (the server serves after it), then at each boundary and at least hourly. */
    async start(): Promise<CheckResult> {
      const result = await check();
      schedule();
      return result;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type DatedPages = ReturnType<typeof createDatedPages>;
