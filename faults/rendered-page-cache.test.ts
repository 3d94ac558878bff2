/**
 * Issue 45: the enquiry pages are rendered once per version of the dated
 * content and banner, and each visitor gets that page with a token and a
 * nonce of their own (server/page-cache.ts). The production build's server
 * build is served by the real Express app (server/app.ts) on a loopback port,
 * with a clock and a banner the test moves.
 *
 * Proves: no visitor gets another's token or nonce (nor the markers they
 * replace); what a visitor typed and the errors they were shown (a post made
 * without JavaScript) never reach the next visitor; a page changes at the
 * instant its dated content or banner does; each visitor's form carries where
 * they came from (their Referer and utm_* values), never another's; and the
 * page is rendered once for all the visitors of a version (and referrer),
 * with at most maxPages of them kept.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { BannerSource, BannerState } from "~/features/banner/banner";
import { createFormGuard, issueFormToken } from "~/features/enquiries/form-guard.server";
import { parseEnv } from "~/platform/env.server";
import { createMemoryLogger } from "~/platform/log.server";
import express from "express";
import type { AppContext } from "~/context.server";
import { createApp } from "../server/app";
import { createPageCache } from "../server/page-cache";
import { renderedContentDate } from "../server/dated-pages";
import { createMetrics } from "../server/metrics";
import { readPrerenderManifest } from "../server/static";
import { publishedBanner } from "../test/support/dated-root";
import { ERROR_SUMMARY } from "../test/support/fixtures";
import { assertBuilt, buildDir } from "../test/support/server-process";

const dir = buildDir();
let build: ServerBuild;
const key = Buffer.alloc(32, 9);
const servers: http.Server[] = [];

beforeAll(async () => {
  assertBuilt(dir);
  build = (await import(pathToFileURL(path.join(dir, "server", "index.js")).href)) as ServerBuild;
});

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** The real app on a loopback port; every token it issues is a valid one of its own (a millisecond apart). */
async function startApp(clock: { now: Date }, banner: BannerSource | null = null) {
  const guard = createFormGuard({ key, minFillMs: 0 });
  const issued: string[] = [];
  let next = Date.now();
  const created = createApp({
    env: parseEnv({ LOG_LEVEL: "silent" }),
    log: createMemoryLogger(),
    metrics: createMetrics(),
    formGuard: {
      ...guard,
      issue: () => {
        const token = issueFormToken(next++, key);
        issued.push(token);
        return token;
      },
    },
    enquiries: null,
    console: null,
    banner,
    now: () => new Date(clock.now.getTime()),
    build,
    clientDir: path.join(dir, "client"),
    prerendered: readPrerenderManifest(dir),
  });
  const server = http.createServer(created.handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, issued, stats: () => created.pageCache!.stats() };
}

type Page = { status: number; html: string; token: string | undefined; nonces: string[]; cspNonce: string | undefined };

async function page(url: string, init?: RequestInit): Promise<Page> {
  const response = await fetch(url, init);
  const html = await response.text();
  return {
    status: response.status,
    html,
    token: /name="formStartedAt" value="([^"]+)"/.exec(html)?.[1],
    nonces: [...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]!),
    cspNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
  };
}

/** The HTML with the visitor's own parts taken out: what every visitor of a version shares. */
const shared = (p: Page) => p.html.replaceAll(p.token!, "TOKEN").replaceAll(p.cspNonce!, "NONCE");

const banner = '<aside data-slot="announcement-banner"';

describe("the enquiry pages, rendered once per version", () => {
  test("each visitor gets a token and a nonce of their own, on a page rendered once", async () => {
    const app = await startApp({ now: new Date("2026-11-23T12:00:00Z") });
    const urls = ["/contact", "/contact", "/contact?interest=pricing", "/demo", "/advisory", "/contact", "/demo"];
    const pages: Page[] = [];
    for (const url of urls) pages.push(await page(app.base + url));

    for (const [i, p] of pages.entries()) {
      expect(p.status, urls[i]).toBe(200);
      // The token issued for this request, in the form and in the island's props, and no marker left.
      expect(p.token).toBe(app.issued[i]);
      expect(p.html.split(p.token!).length - 1, urls[i]).toBe(2);
      expect(p.html).not.toMatch(/cached-[0-9a-f]{32}/);
      // Every script's nonce is the one its Content-Security-Policy allows.
      expect(p.nonces.length).toBeGreaterThan(0);
      expect(new Set(p.nonces)).toEqual(new Set([p.cspNonce]));
    }
    // No two visitors share a token or a nonce, and no page carries another's.
    expect(new Set(pages.map((p) => p.token)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.cspNonce)).size).toBe(pages.length);
    for (const p of pages)
      for (const other of pages.filter((o) => o !== p)) {
        expect(p.html).not.toContain(other.token);
        expect(p.html).not.toContain(other.cspNonce);
      }
    // The same page for every visitor of /contact; ?interest= picks the topic, and another page is another page.
    expect(shared(pages[1]!)).toBe(shared(pages[0]!));
    expect(shared(pages[5]!)).toBe(shared(pages[0]!));
    expect(shared(pages[2]!)).not.toBe(shared(pages[0]!));
    expect(pages[2]!.html).toContain('<option value="pricing" selected="">');
    // Rendered once per page: four pages, seven visitors.
    expect(app.stats()).toEqual({ rendered: 4, served: 7 });
  });

  test("what a visitor typed, and the errors they were shown, never reach the next visitor", async () => {
    const app = await startApp({ now: new Date("2026-11-23T12:00:00Z") });
    const before = await page(`${app.base}/contact`);
    const typed = "Typed by the first visitor 7f3c2a";
    const body = new URLSearchParams({
      name: "First Visitor",
      email: "not-an-address",
      organization: "Clinic 7f3c2a",
      interest: "general",
      message: typed,
      website: "",
      formStartedAt: before.token!,
    });
    // Without JavaScript: the page comes back with the errors and what was typed (the control).
    const posted = await page(`${app.base}/contact`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base },
    });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain(ERROR_SUMMARY);
    expect(posted.html).toContain(typed);
    expect(posted.html).toContain("Clinic 7f3c2a");

    for (const url of ["/contact", "/contact?interest=general", "/demo"]) {
      const next = await page(app.base + url);
      expect(next.status).toBe(200);
      expect(next.html).not.toContain(ERROR_SUMMARY);
      expect(next.html).not.toContain("7f3c2a");
      expect(next.html).not.toContain(posted.token!);
    }
    expect(shared(await page(`${app.base}/contact`))).toBe(shared(before));
    // The post was rendered for its visitor alone: three pages rendered, four visitors served from them.
    expect(app.stats()).toEqual({ rendered: 3, served: 5 });
  });

  test("a page changes at the instant its dated content or banner does", async () => {
    // The last second of Web Summit 2025 (it ends at 00:00 GMT on 14 November 2025).
    const clock = { now: new Date("2025-11-13T23:59:59Z") };
    let state: BannerState = { kind: "default" };
    const app = await startApp(clock, { state: () => state });

    const during = await page(`${app.base}/contact`);
    expect(renderedContentDate(during.html)).toBe("2025-11-10");
    expect(during.html).toContain(banner);
    expect(during.html).toContain("Meet Maternis at Web Summit 2025 in Lisbon");
    expect(shared(await page(`${app.base}/contact`))).toBe(shared(during));

    clock.now = new Date("2025-11-14T00:00:00Z");
    const after = await page(`${app.base}/contact`);
    expect(renderedContentDate(after.html)).toBe("2025-11-14");
    expect(after.html).not.toContain(banner);
    expect(after.html).not.toContain("Web Summit");

    // Staff publish a banner: the next visitor sees it; withdrawn, the next sees none.
    state = publishedBanner("b7", "Meet us at the Accra Health Summit.");
    const published = await page(`${app.base}/contact`);
    expect(published.html).toContain("Meet us at the Accra Health Summit.");
    expect(published.html).toContain('data-announcement="b7"');
    state = { kind: "published", announcement: null };
    const withdrawn = await page(`${app.base}/contact`);
    expect(withdrawn.html).not.toContain("Accra Health Summit");
    expect(withdrawn.html).not.toContain(banner);
    expect(app.stats()).toEqual({ rendered: 4, served: 5 });
  });

  test("the form carries where its own visitor came from: no referrer, a page of this site, another site, a campaign", async () => {
    const app = await startApp({ now: new Date("2026-11-23T12:00:00Z") });
    /** The form's hidden source field, as the post will carry it back. */
    const sourceOf = async (url: string, referer?: string) => {
      const p = await page(app.base + url, referer ? { headers: { Referer: referer } } : undefined);
      expect(p.status).toBe(200);
      return /name="_source" value="([^"]*)"/.exec(p.html)?.[1]?.replaceAll("&amp;", "&");
    };

    expect(await sourceOf("/contact")).toBe("referrer=direct");
    expect(await sourceOf("/contact", `${app.base}/product`)).toBe("referrer=%2Fproduct");
    expect(await sourceOf("/contact", `${app.base}/about`)).toBe("referrer=%2Fabout");
    expect(await sourceOf("/contact", `${app.base}/product`)).toBe("referrer=%2Fproduct");
    expect(await sourceOf("/contact")).toBe("referrer=direct");
    // Another site's host, and a campaign's utm_* values, are this visitor's alone: rendered for them.
    expect(await sourceOf("/contact", "https://www.partner-ngo.org/news/2026")).toBe("referrer=partner-ngo.org");
    expect(await sourceOf("/contact?utm_source=newsletter&utm_campaign=accra")).toBe(
      "referrer=direct&utm_source=newsletter&utm_campaign=accra",
    );
    // Once per referrer among the site's own: three renders for five of the seven visitors.
    expect(app.stats()).toEqual({ rendered: 3, served: 5 });
  });

  test("a version keeps at most maxPages pages; beyond, it leaves a page to the router, and still answers those it kept", async () => {
    const now = () => new Date("2026-11-23T12:00:00Z");
    const appContext: AppContext = {
      env: parseEnv({ LOG_LEVEL: "silent" }),
      log: createMemoryLogger(),
      metrics: createMetrics(),
      formGuard: createFormGuard({ key, minFillMs: 0 }),
      enquiries: null,
      console: null,
      banner: null,
      now,
    };
    const cache = createPageCache({ build, appContext, now, maxPages: 2 });
    const app = express();
    app.get("/{*path}", async (req, res) => {
      if (!(await cache.serve(req, res, "nonce-1"))) res.status(204).end();
    });
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (url: string, referer?: string) =>
      fetch(base + url, referer ? { headers: { Referer: referer } } : undefined);

    expect((await get("/contact")).status).toBe(200);
    expect((await get("/contact", `${base}/product`)).status).toBe(200);
    // A third page: not kept (the caller renders it), while the two kept are still answered.
    expect((await get("/contact", `${base}/about`)).status).toBe(204);
    expect((await get("/demo")).status).toBe(204);
    expect((await get("/contact", `${base}/product`)).status).toBe(200);
    expect(cache.stats()).toEqual({ rendered: 2, served: 3 });
  });
});
