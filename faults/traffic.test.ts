/**
 * Issue 44, the traffic figures against the production build:
 *
 * 1. On the embedded database: a person's views are counted (a prerendered
 *    page, a rendered one with a campaign link, the not-found page, a page
 *    revalidated with 304), and each request that must not count is not
 *    (HEAD, a bot, a prefetch, Sec-GPC: 1, DNT: 1, a fetch() of a page, an
 *    asset, a console page, the health check): they come from a third
 *    visitor, who never appears. Enquiries posted after the campaign link,
 *    without JavaScript and as the form island posts, carry its source. The
 *    figures are written when the server stops. Then the data folder, a
 *    backup and the server's log are searched byte by byte: no address, no
 *    user agent, no full referrer and no other query string is anywhere,
 *    while the referrer's host and the campaign are (the search sees them).
 * 2. On PostgreSQL: two web processes counting the same visitors at the same
 *    time add up exactly, and `pg_dump` holds no user agent.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { backupEmbedded } from "../app/features/backups/backups.server";
import { openStore, rowsOf, type Store } from "../app/platform/db/db.server";
import { enquiries } from "../app/features/enquiries/tables.server";
import { backupFiles, backupFilesHolding, filesHolding, pgDump } from "../test/support/data-requests";
import { faultEnvironment, formBody, saveOutput, startFaultServer } from "../test/support/faults";
import { validFields } from "../test/support/fixtures";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { postForm, rawRequest, type RawRequest } from "../test/support/raw-http";
import type { RunningServer } from "../test/support/server-process";
import { TEST_KEYS } from "../test/support/test-keys";

const env = faultEnvironment("traffic");

const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** What must never be kept: the addresses, the user agent's own token, the referrer's path and query, a query string. */
const UA_TOKEN = "NeedleBrowser/7f3a9c";
const ADDRESSES = ["198.51.100.77", "198.51.100.78", "198.51.100.79"];
const REFERER = "https://www.partner-needle.example/private/needle-path?token=needlequery";
const forbidden = [...ADDRESSES, UA_TOKEN, "needle-path", "needlequery", "needlesecret"];

function browser(ip: string, extra: Record<string, string> = {}) {
  return { "User-Agent": `${chrome} ${UA_TOKEN}`, "X-Forwarded-For": ip, "Sec-Fetch-Dest": "document", ...extra };
}

async function get(server: RunningServer, path: string, headers: Record<string, string>, method = "GET") {
  const request: RawRequest = { method, path, headers };
  return rawRequest(server.url, request);
}

async function rows<T>(store: Store, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await store.db.execute(query));
}

test(
  "only a person's views of public pages count; enquiries carry their campaign; nothing identifies anyone, in the data, a backup or the log",
  { timeout: 240_000 },
  async () => {
    const [a, b, c] = ADDRESSES as [string, string, string];
    env.server = await startFaultServer({ DATA_DIR: env.data.dir, TRUST_PROXY: "true", LOG_LEVEL: "info" });
    const server = env.server;

    // Visitor A: from a partner's page to /about, then a campaign link to /contact, then a page that is not there.
    expect((await get(server, "/about", browser(a, { Referer: REFERER }))).status).toBe(200);
    const campaign =
      "/contact?interest=pricing&utm_source=email&utm_medium=transactional&utm_campaign=needle-campaign&utm_cta=book&secret=needlesecret";
    const contact = await get(server, campaign, browser(a, { Referer: `${server.url}/about` }));
    expect(contact.status).toBe(200);
    expect((await get(server, "/no-such-page?needlesecret=1", browser(a))).status).toBe(404);
    // Visitor B: /about, then again with the page in the browser's cache (304).
    const first = await get(server, "/about", browser(b));
    const revalidated = await get(server, "/about", browser(b, { "If-None-Match": String(first.headers.etag) }));
    expect(revalidated.status).toBe(304);

    // Visitor C: only requests that must not count, each the same as a counted one but for one thing.
    const asset = /"(\/assets\/[\w.-]+\.js)"/.exec(first.body)?.[1];
    expect(asset).toBeTruthy();
    const refused: [string, Promise<{ status: number }>][] = [
      ["HEAD", get(server, "/about", browser(c), "HEAD")],
      [
        "a bot",
        get(server, "/about", {
          ...browser(c),
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        }),
      ],
      ["a prefetch", get(server, "/about", browser(c, { "Sec-Purpose": "prefetch" }))],
      ["Sec-GPC: 1", get(server, "/about", browser(c, { "Sec-GPC": "1" }))],
      ["DNT: 1", get(server, "/about", browser(c, { DNT: "1" }))],
      ["a fetch()", get(server, "/about", browser(c, { "Sec-Fetch-Dest": "empty" }))],
      ["an asset", get(server, asset!, browser(c))],
      [
        "a console page",
        get(server, "/staff/sign-in", browser(c, { Host: "www.maternis.health", "X-Forwarded-Proto": "https" })),
      ],
      ["the health check", get(server, "/healthz", browser(c))],
    ];
    // Each answered as usual (the console's sign-in page is an HTML 200 like /about).
    for (const [what, response] of refused) expect((await response).status, what).toBe(200);

    // Enquiries posted after the campaign link: the form carries its source, without JavaScript and as the island posts.
    const carried = /name="_source" value="([^"]+)"/.exec(contact.body)?.[1]?.replaceAll("&amp;", "&");
    expect(carried).toBe(
      "referrer=%2Fabout&utm_source=email&utm_medium=transactional&utm_campaign=needle-campaign&utm_cta=book",
    );
    const fields = (n: number) => ({ ...validFields("contact", `campaign-${n}@example.org`, n), _source: carried! });
    const noJs = await postForm(server.url, "contact", formBody(fields(1)), { "X-Forwarded-For": a });
    expect(noJs.status).toBe(200);
    const island = await rawRequest(server.url, {
      path: "/contact.data",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": a,
      },
      body: formBody(fields(2)),
    });
    expect(island.status).toBe(200);

    // The figures are written when the server stops.
    await server.stop();
    saveOutput(server, "traffic");
    const store = await openStore({ dataDir: env.data.dir });
    try {
      const totals = await rows<{ dimension: string; key: string; detail: string; views: number; visitors: number }>(
        store,
        sql`select dimension, key, detail, views, visitors from traffic_totals order by dimension, key, detail`,
      );
      expect(
        totals.map(
          (t) => `${t.dimension} ${t.key}${t.detail ? `/${t.detail}` : ""}: ${t.views} views, ${t.visitors} visitors`,
        ),
      ).toEqual([
        "all : 5 views, 2 visitors",
        "campaign needle-campaign/book: 1 views, 1 visitors",
        "device desktop: 5 views, 2 visitors",
        "page /about: 3 views, 2 visitors",
        "page /contact: 1 views, 1 visitors",
        "page 404: 1 views, 1 visitors",
        "referrer /about: 1 views, 1 visitors",
        "referrer direct: 3 views, 2 visitors",
        "referrer partner-needle.example: 1 views, 1 visitors",
      ]);
      const sources = await store.db
        .select({
          referrer: enquiries.sourceReferrer,
          campaign: enquiries.utmCampaign,
          cta: enquiries.utmCta,
          email: enquiries.email,
        })
        .from(enquiries)
        .orderBy(enquiries.email);
      expect(sources).toEqual([
        { referrer: "/about", campaign: "needle-campaign", cta: "book", email: "campaign-1@example.org" },
        { referrer: "/about", campaign: "needle-campaign", cta: "book", email: "campaign-2@example.org" },
      ]);

      // A backup, as the schedule and the CLI take it.
      const { file } = await backupEmbedded(store, {
        dir: path.join(env.data.dir, "..", "backups"),
        policy: { daily: 7, weekly: 8 },
      });
      const unpacked = backupFiles(file.path);
      // The search sees the traffic tables and the enquiries (the positive control)...
      expect(backupFilesHolding(unpacked, ["partner-needle.example", "needle-campaign"])).not.toEqual([]);
      expect(server.output()).toContain('"path":"/contact"');
      // ...and finds nothing that identifies a visitor, nor a full referrer or query string.
      expect(backupFilesHolding(unpacked, forbidden)).toEqual([]);
      expect(filesHolding(env.data.dir, forbidden)).toEqual([]);
      const log = server.output().toLowerCase();
      expect(forbidden.filter((needle) => log.includes(needle.toLowerCase()))).toEqual([]);
    } finally {
      await store.close();
    }
  },
);

let postgres: TestPostgres | undefined;
const webs: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(webs.map((web) => web.kill("SIGKILL")));
  await postgres?.stop();
});

test(
  "two web processes on PostgreSQL count the same visitors at the same time exactly once",
  { timeout: 240_000 },
  async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase();
    const shared = { DATABASE_URL: url, ...TEST_KEYS, RUN_WORKER: "false" };
    webs.push(...(await Promise.all([startFaultServer(shared), startFaultServer(shared)])));
    const [one, two] = webs as [RunningServer, RunningServer];
    const people = Array.from({ length: 20 }, (_, i) => ({
      "User-Agent": `${chrome} ${UA_TOKEN}-${i}`,
      "Sec-Fetch-Dest": "document",
    }));
    // Each person: /about three times on each process at once, and /product once on the first.
    await Promise.all(
      people.flatMap((headers) => [
        ...[one, two].flatMap((web) => [1, 2, 3].map(() => get(web, "/about", headers))),
        get(one, "/product", headers),
      ]),
    );
    await Promise.all([one.stop(), two.stop()]);
    const store = await openStore({ databaseUrl: url, dataDir: env.data.dir });
    try {
      const totals = await rows<{ dimension: string; key: string; views: number; visitors: number }>(
        store,
        sql`select dimension, key, views, visitors from traffic_totals where dimension in ('all', 'page') order by dimension, key`,
      );
      expect(totals).toEqual([
        { dimension: "all", key: "", views: 140, visitors: 20 },
        { dimension: "page", key: "/about", views: 120, visitors: 20 },
        { dimension: "page", key: "/product", views: 20, visitors: 20 },
      ]);
    } finally {
      await store.close();
    }
    const dump = pgDump(url);
    expect(dump).toContain("traffic_totals");
    expect(dump).not.toContain(UA_TOKEN.toLowerCase());
  },
);
