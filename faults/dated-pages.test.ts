/**
 * Issue 13: prerendered pages follow the date without a build or a restart.
 *
 * The production build's own server build and client files are served by the
 * real Express app (server/app.ts) on a loopback port, with a clock the test
 * moves. The check that the server runs at start, at each boundary and at
 * least hourly is called directly (`datedPages.check()`), so no test sleeps
 * until midnight.
 *
 * Proves: a page the server renders again is byte-for-byte what the build
 * wrote for the same date; a server started before a boundary serves the
 * page of the new stretch after it, with a Content-Security-Policy whose
 * hashes match its scripts and brotli/gzip variants that decompress to it;
 * every response during the swap is one whole page, old or new; and a render
 * that fails keeps the last good page and logs an error.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { londonMidnight } from "~/platform/calendar";
import type { BannerSource, BannerState } from "~/features/banner/banner";
import { BEFORE_ALL } from "~/content/dated";
import { parseEnv } from "~/platform/env.server";
import { createFormGuard } from "~/features/enquiries/form-guard.server";
import { createMemoryLogger, type Logger } from "~/platform/log.server";
import { createApp } from "../server/app";
import { createDatedPages, renderedContentDate } from "../server/dated-pages";
import { createMetrics } from "../server/metrics";
import { scriptHashes } from "../server/page-assets";
import { readPrerenderManifest, staticFiles } from "../server/static";
import { publishedBanner } from "../test/support/dated-root";
import { assertBuilt, buildDir } from "../test/support/server-process";

const dir = buildDir();
let build: ServerBuild;

/** What the pages' loaders get: no database, no console; `now` is the loaders' clock. */
function pageContext(log: Logger, now: () => Date, banner: BannerSource | null = null) {
  return {
    env: parseEnv({ LOG_LEVEL: "silent" }),
    log,
    metrics: createMetrics(),
    formGuard: createFormGuard({ key: Buffer.alloc(32, 7), minFillMs: 0 }),
    enquiries: null,
    console: null,
    banner,
    now,
  };
}

function startApp(clock: { now: Date }, loaderClock?: () => Date, banner: BannerSource | null = null) {
  const log = createMemoryLogger();
  const created = createApp({
    ...pageContext(log, loaderClock ?? (() => new Date(clock.now.getTime())), banner),
    build,
    clientDir: path.join(dir, "client"),
    prerendered: readPrerenderManifest(dir),
  });
  const server = http.createServer(created.handler);
  return { created, server, log };
}

async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Fetches with an explicit Accept-Encoding and returns the raw body (Node's fetch would decode it). */
function get(
  url: string,
  encoding = "identity",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** The page, its CSP matching its scripts, and its variants decompressing to it. */
async function servedPage(base: string, route: string): Promise<string> {
  const plain = await get(base + route);
  expect(plain.status).toBe(200);
  const html = plain.body.toString("utf8");
  const csp = String(plain.headers["content-security-policy"]);
  const hashes = scriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(csp).toContain(hash);
  const br = await get(base + route, "br");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
  expect(br.headers["content-security-policy"]).toBe(csp);
  const gz = await get(base + route, "gzip");
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.body).toString("utf8")).toBe(html);
  return html;
}

const banner = '<aside data-slot="announcement-banner"';

beforeAll(async () => {
  assertBuilt(dir);
  build = (await import(pathToFileURL(path.join(dir, "server", "index.js")).href)) as ServerBuild;
});

describe("prerendered pages follow the date", () => {
  test("the server renders a page exactly as the build did for the same date", async () => {
    const built = readFileSync(path.join(dir, "client", "investors", "index.html"), "utf8");
    const builtFor = renderedContentDate(built);
    expect(builtFor, "the build marks the stretch of dates it rendered for").toBeDefined();
    const clock = { now: londonMidnight(builtFor === BEFORE_ALL ? "2025-06-01" : builtFor!) };
    const { created } = startApp(clock);
    const page = await created.datedPages!.render("/investors");
    expect(page.html.toString("utf8")).toBe(built);
  });

  test("a server started before the end of Web Summit 2025 serves pages without it after the boundary", async () => {
    // 12:00 on the event's last day; the boundary is 00:00 GMT on 14 November 2025.
    const clock = { now: new Date("2025-11-13T12:00:00Z") };
    const { created, server, log } = startApp(clock);
    const first = await created.datedPages!.start();
    expect(first.failed).toEqual([]);
    const base = await listen(server);
    try {
      const before = await servedPage(base, "/");
      expect(renderedContentDate(before)).toBe("2025-11-10");
      expect(before).toContain(banner);
      expect(before).toContain("Meet Maternis at Web Summit 2025 in Lisbon");
      expect(before).toContain("Web Summit Lisbon 2025");
      const investorsBefore = await servedPage(base, "/investors");
      expect(investorsBefore).toContain("Status: </span>In progress");

      // Nothing changes before the boundary: a check re-renders nothing.
      clock.now = new Date("2025-11-13T23:59:59Z");
      expect((await created.datedPages!.check()).replaced).toEqual([]);

      clock.now = new Date("2025-11-14T00:00:00Z");
      // Requests keep coming while the pages are swapped: each sees one whole page.
      const during: Promise<string>[] = [];
      const checking = created.datedPages!.check();
      for (let i = 0; i < 20; i++) during.push(get(`${base}/`).then((r) => r.body.toString("utf8")));
      const result = await checking;
      expect(result.failed).toEqual([]);
      expect(result.replaced).toContain("/");
      expect(result.replaced).toContain("/investors");
      for (const html of await Promise.all(during)) {
        expect(html.endsWith("</html>")).toBe(true);
        expect(["2025-11-10", "2025-11-14"]).toContain(renderedContentDate(html));
      }

      const after = await servedPage(base, "/");
      expect(renderedContentDate(after)).toBe("2025-11-14");
      expect(after).not.toContain(banner);
      expect(after).not.toContain("Web Summit");
      expect(after).toContain('aria-roledescription="carousel"');
      expect(log.entries.some((e) => e.msg === "dated pages rendered again")).toBe(true);
    } finally {
      created.datedPages!.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a banner staff publish replaces the default on every prerendered page, and withdrawing it leaves none", async () => {
    const clock = { now: new Date("2026-11-23T12:00:00Z") };
    let state: BannerState = { kind: "default" };
    const source: BannerSource = { state: () => state };
    const { created, server } = startApp(clock, undefined, source);
    await created.datedPages!.start();
    const base = await listen(server);
    try {
      // After Web Summit 2025 the default shows nothing.
      expect(await servedPage(base, "/about")).not.toContain(banner);
      state = publishedBanner("a1", "Meet us at the Accra Health Summit.");
      const published = await created.datedPages!.check();
      expect(published.failed).toEqual([]);
      expect(published.replaced).toEqual(expect.arrayContaining(["/", "/about", "/team", "/privacy"]));
      for (const route of ["/", "/about", "/team"]) {
        const html = await servedPage(base, route);
        expect(html).toContain(banner);
        expect(html).toContain("Meet us at the Accra Health Summit.");
        expect(html).toContain('data-announcement="a1"');
      }
      // A check with nothing new renders nothing.
      expect((await created.datedPages!.check()).replaced).toEqual([]);
      state = { kind: "published", announcement: null };
      await created.datedPages!.check();
      const withdrawn = await servedPage(base, "/about");
      expect(withdrawn).not.toContain(banner);
      expect(withdrawn).not.toContain("Accra Health Summit");
    } finally {
      created.datedPages!.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a banner published again during a check: the check starts again for the newer one, with no error", async () => {
    const clock = { now: new Date("2026-11-23T12:00:00Z") };
    const first = publishedBanner("first", "The Accra forum is on 2 December.");
    const second = publishedBanner("second", "The Accra forum moves to 4 December.");
    // The check reads the banner once to know what to render; every later read sees the next publish.
    let reads = 0;
    const source: BannerSource = { state: () => (reads++ === 0 ? first : second) };
    const { created, server, log } = startApp(clock, undefined, source);
    const base = await listen(server);
    try {
      const result = await created.datedPages!.check();
      expect(result.failed).toEqual([]);
      expect(result.replaced).toEqual(expect.arrayContaining(["/", "/about"]));
      const html = await servedPage(base, "/about");
      expect(html).toContain('data-announcement="second"');
      expect(html).toContain("The Accra forum moves to 4 December.");
      // The log is written to (the render is logged), and holds no error.
      expect(log.entries.some((e) => e.msg === "dated pages rendered again")).toBe(true);
      expect(log.entries.filter((e) => e.level === "error")).toEqual([]);
    } finally {
      created.datedPages!.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a render that fails keeps the last good page and logs an error", async () => {
    const clock = { now: new Date("2025-11-13T12:00:00Z") };
    let loadersFail = false;
    const log = createMemoryLogger();
    const statics = staticFiles(path.join(dir, "client"), readPrerenderManifest(dir), {});
    const datedPages = createDatedPages({
      build,
      statics,
      // The pages' loaders read this clock; the check's own clock keeps working.
      appContext: pageContext(log, () => {
        if (loadersFail) throw new Error("clock unavailable");
        return new Date(clock.now.getTime());
      }),
      now: () => new Date(clock.now.getTime()),
      log,
    });
    await datedPages.start();
    const server = http.createServer((req, res) => {
      if (!statics(req, res)) res.writeHead(404).end();
    });
    const base = await listen(server);
    try {
      const good = await servedPage(base, "/team");
      expect(good).toContain(banner);
      loadersFail = true;
      clock.now = new Date("2025-11-14T09:00:00Z");
      const result = await datedPages.check();
      expect(result.replaced).toEqual([]);
      expect(result.failed).toContain("/team");
      expect(await servedPage(base, "/team")).toBe(good);
      expect(log.entries.some((e) => e.level === "error" && e.msg.startsWith("dated page render failed"))).toBe(true);

      // The next check, once rendering works again, replaces it.
      loadersFail = false;
      const retry = await datedPages.check();
      expect(retry.replaced).toContain("/team");
      expect(await servedPage(base, "/team")).not.toContain(banner);
    } finally {
      datedPages.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
