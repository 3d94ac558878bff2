/**
 * The traffic figures on both engines (issue 44): two web processes'
 * counters writing at the same time add up exactly; the day's secret and
 * marks are gone once the day has turned; the console's figures and
 * conversion rates are exact for a seeded history; the digest's line, the
 * retention sweep's part and the CLI's CSV read what was counted.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Store } from "~/platform/db/db.server";
import { londonMidnight } from "~/platform/calendar";
import { enquiries } from "~/features/enquiries/tables.server";
import { sourceColumns, type EnquirySource } from "~/features/enquiries/source";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore } from "../../../test/support/pglite";
import { clock, counterOn, one, total, view, visitor } from "../../../test/support/traffic";
import { trafficReport } from "./report.server";
import { trafficCsvChunks, trafficDigestLine, trafficRetention } from "./traffic.server";

const { engines, open } = bothEngines<Store>();

describe.each(engines)("traffic figures on $name", (engine) => {
  async function start() {
    const env = await engine.database();
    const store = await openTestStore(env);
    open.push(store);
    return store;
  }

  test("two processes counting the same visitors at the same time add up exactly", async () => {
    const store = await start();
    const time = clock("2026-11-23");
    const [a, b] = [counterOn(store, time.now), counterOn(store, time.now)];
    await Promise.all([a.start(), b.start()]);
    expect(a.heldSecretDays()).toEqual(["2026-11-23", "2026-11-24"]);

    const people = Array.from({ length: 30 }, (_, i) => visitor(`p${i}`, i % 3 === 0 ? "phone" : "desktop"));
    // Each person is seen by both processes, on both pages, over three rounds; the two write at once after each.
    for (let round = 0; round < 3; round++) {
      for (const who of people) {
        a.record(view(who, "/about"));
        b.record(view(who, "/about"));
        b.record(view(who, "/contact", "/about"));
        if (round === 0) a.record(view(who, "/contact", "/about"));
      }
      await Promise.all([a.flush(), b.flush()]);
    }
    await Promise.all([a.stop(), b.stop()]);

    expect(await total(store, "all", "")).toEqual({ views: 30 * 10, visitors: 30 });
    expect(await total(store, "page", "/about")).toEqual({ views: 30 * 6, visitors: 30 });
    expect(await total(store, "page", "/contact")).toEqual({ views: 30 * 4, visitors: 30 });
    expect(await total(store, "referrer", "direct")).toEqual({ views: 30 * 6, visitors: 30 });
    expect(await total(store, "referrer", "/about")).toEqual({ views: 30 * 4, visitors: 30 });
    expect(await total(store, "device", "phone")).toEqual({ views: 10 * 10, visitors: 10 });
    expect(await total(store, "device", "desktop")).toEqual({ views: 20 * 10, visitors: 20 });
    const daily = await one<{ path: string; referrer: string; device: string; views: number; visitors: number }>(
      store,
      sql`select path, referrer, device, views, visitors from traffic_daily order by path, device`,
    );
    expect(daily.map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) }))).toEqual([
      { path: "/about", referrer: "direct", device: "desktop", views: 120, visitors: 20 },
      { path: "/about", referrer: "direct", device: "phone", views: 60, visitors: 10 },
      { path: "/contact", referrer: "/about", device: "desktop", views: 80, visitors: 20 },
      { path: "/contact", referrer: "/about", device: "phone", views: 40, visitors: 10 },
    ]);
  });

  test("the day's secret and its marks are gone once the day has turned; the figures stay", async () => {
    const store = await start();
    const time = clock("2026-11-23");
    time.at("2026-11-23", 24 * 3_600_000 - 10_000); // 23:59:50
    const counter = counterOn(store, time.now);
    await counter.start();
    const who = visitor("night-owl");
    counter.record(view(who, "/"));
    await counter.flush();
    const secrets = async () =>
      (await one<{ day: string }>(store, sql`select day::text as day from traffic_secrets order by day`)).map(
        (r) => r.day,
      );
    const marksOf = async (day: string) =>
      Number(
        (
          await one<{ n: number }>(store, sql`select count(*)::int as n from traffic_marks where day = ${day}::date`)
        )[0]!.n,
      );
    // The positive control: the day's secret and marks are there while the day lasts.
    expect(await secrets()).toEqual(["2026-11-23", "2026-11-24"]);
    expect(await marksOf("2026-11-23")).toBeGreaterThan(0);
    expect(counter.heldSecretDays()).toEqual(["2026-11-23", "2026-11-24"]);

    // Midnight: this process lets go of the day's secret at once; the database keeps it a few
    // seconds more, while every process writes what it counted before midnight.
    time.at("2026-11-24", 1_000);
    counter.record(view(who, "/"));
    await counter.tick();
    expect(counter.heldSecretDays()).toEqual(["2026-11-24", "2026-11-25"]);
    expect(await secrets()).toContain("2026-11-23");

    time.at("2026-11-24", 60_000);
    await counter.tick();
    expect(await secrets()).toEqual(["2026-11-24", "2026-11-25"]);
    expect(await marksOf("2026-11-23")).toBe(0);
    // The figures stay, and the same person counts again on the new day (a new secret: no link between days).
    expect(await total(store, "all", "", "2026-11-23")).toEqual({ views: 1, visitors: 1 });
    expect(await total(store, "all", "", "2026-11-24")).toEqual({ views: 1, visitors: 1 });
    await counter.stop();
  });

  test("the console's figures and conversion rates are exact for a seeded history", async () => {
    const store = await start();
    const time = clock("2026-11-16");
    const counter = counterOn(store, time.now);
    await counter.start();
    const searchers = Array.from({ length: 20 }, (_, i) => visitor(`v${i + 1}`));
    const readers = Array.from({ length: 5 }, (_, i) => visitor(`e${i + 1}`, "phone"));
    const campaign = {
      utm_source: "email",
      utm_medium: "transactional",
      utm_campaign: "demo-welcome",
      utm_cta: "book",
    };
    // 16 Nov: 20 people from a search engine on the home page (one of them twice), 8 of them on to
    // the contact page; 5 people follow an e-mail's button straight to the contact page.
    for (const who of searchers) counter.record(view(who, "/", "google.com"));
    counter.record(view(searchers[0]!, "/", "google.com"));
    for (const who of searchers.slice(0, 8)) counter.record(view(who, "/contact", "/"));
    for (const who of readers) counter.record(view(who, "/contact", "mail.example.org", campaign));
    await counter.flush();
    // 17 Nov: 10 new people and one of the 16th's from the search engine; 3 go on to the demo page.
    time.at("2026-11-17");
    await counter.tick();
    const later = [...Array.from({ length: 10 }, (_, i) => visitor(`w${i + 1}`)), searchers[0]!];
    for (const who of later) counter.record(view(who, "/", "google.com"));
    for (const who of later.slice(0, 3)) counter.record(view(who, "/demo", "/"));
    await counter.stop();

    const enquiry = async (kind: "contact" | "demo", day: string, source: EnquirySource | null, spam = false) => {
      await store.db.insert(enquiries).values({
        id: randomUUID(),
        kind,
        payload: { name: "Seeded Person", email: "seeded@example.org" },
        email: "seeded@example.org",
        clientFingerprint: "0123456789abcdef",
        createdAt: new Date(londonMidnight(day).getTime() + 15 * 3_600_000),
        spamReason: spam ? "honeypot" : null,
        ...sourceColumns(source),
      });
    };
    const fromHome = { referrer: "/", utm: {} };
    const fromEmail = { referrer: "mail.example.org", utm: campaign };
    await enquiry("contact", "2026-11-16", fromHome);
    await enquiry("contact", "2026-11-16", fromHome);
    await enquiry("contact", "2026-11-16", fromEmail);
    await enquiry("contact", "2026-11-16", fromEmail);
    await enquiry("demo", "2026-11-17", fromHome);
    await enquiry("contact", "2026-11-17", null);
    // Not counted: suspected spam, and an enquiry after the range.
    await enquiry("contact", "2026-11-16", { referrer: "google.com", utm: {} }, true);
    await enquiry("contact", "2026-11-18", fromHome);

    const report = await trafficReport(store.db, { from: "2026-11-16", to: "2026-11-17" }, true);
    expect(report.days).toEqual([
      { day: "2026-11-16", views: 34, visitors: 25, enquiries: 4 },
      { day: "2026-11-17", views: 14, visitors: 11, enquiries: 2 },
    ]);
    expect(report.total).toEqual({ views: 48, visitors: 36, enquiries: 6 });
    expect(report.pages).toEqual([
      { path: "/", views: 32, visitors: 31 },
      { path: "/contact", views: 13, visitors: 13 },
      { path: "/demo", views: 3, visitors: 3 },
    ]);
    expect(report.sources).toEqual([
      { referrer: "google.com", views: 32, visitors: 31, enquiries: 0 },
      { referrer: "/", views: 11, visitors: 11, enquiries: 3 },
      { referrer: "mail.example.org", views: 5, visitors: 5, enquiries: 2 },
      { referrer: "(not recorded)", views: 0, visitors: 0, enquiries: 1 },
    ]);
    expect(report.campaigns).toEqual([{ campaign: "demo-welcome", cta: "book", views: 5, visitors: 5, enquiries: 2 }]);
    expect(report.devices).toEqual([
      { device: "phone", views: 5, visitors: 5 },
      { device: "tablet", views: 0, visitors: 0 },
      { device: "desktop", views: 43, visitors: 31 },
    ]);
    expect(report.forms.map(({ path, visitors, enquiries: n }) => [path, visitors, n])).toEqual([
      ["/contact", 13, 5],
      ["/demo", 3, 1],
      ["/advisory", 0, 0],
    ]);
    const { conversion } = await import("./traffic");
    expect(conversion(report.total.enquiries, report.total.visitors)).toBe("16.7%");
    expect(report.sources.map((row) => conversion(row.enquiries, row.visitors))).toEqual([
      "0.0%",
      "27.3%",
      "40.0%",
      "–",
    ]);
    expect(report.forms.map((row) => conversion(row.enquiries, row.visitors))).toEqual(["38.5%", "33.3%", "–"]);

    // The digest's line on the 24th: the 23rd against the 16th.
    const line = await trafficDigestLine(store)(new Date("2026-11-24T08:00:00Z"));
    expect(line).toEqual({
      text: "Yesterday (Mon 23 Nov): 0 visitors and 0 enquiries; the same day a week before (Mon 16 Nov): 25 visitors and 4 enquiries.",
      path: "/staff/traffic?from=2026-11-16&to=2026-11-23",
    });
    // A day and the week before with nothing at all: no line.
    expect(await trafficDigestLine(store)(new Date("2026-12-20T08:00:00Z"))).toBeNull();

    // The CLI's CSV: every daily row of the range, aggregates only.
    let csv = "";
    for await (const chunk of trafficCsvChunks(store.db, { from: "2026-11-17", to: "2026-11-17" })) csv += chunk;
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "day,path,referrer,utm_source,utm_medium,utm_campaign,utm_variant,utm_cta,device,views,visitors",
      "2026-11-17,/,google.com,,,,,,desktop,11,11",
      "2026-11-17,/demo,/,,,,,,desktop,3,3",
      "",
    ]);
  });

  test("a range of whole months reads the month totals, and gives what its days add up to", async () => {
    const store = await start();
    const time = clock("2026-10-30");
    const counter = counterOn(store, time.now);
    await counter.start();
    // From 30 Oct to 2 Dec, some days: a few people a day from three sources, one of them on a campaign.
    for (const day of [
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-15",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]) {
      time.at(day);
      await counter.tick();
      const n = Number(day.slice(8));
      for (let i = 0; i < 3 + (n % 4); i++) {
        const who = visitor(`${day}-${i}`, i % 2 ? "phone" : "desktop");
        counter.record(view(who, i % 3 ? "/about" : "/", ["google.com", "direct", "/"][i % 3]!));
        if (i === 0) counter.record(view(who, "/contact", "/", { utm_campaign: "autumn", utm_cta: "book" }));
      }
      await counter.flush();
    }
    await counter.stop();
    const months = await one(store, sql`select 1 from traffic_months where month = '2026-11-01'::date`);
    expect(months.length).toBeGreaterThan(0);
    // What the days add up to, straight from traffic_totals, against the report's figures.
    for (const range of [
      { from: "2026-11-01", to: "2026-11-30" },
      { from: "2026-10-30", to: "2026-12-02" },
      { from: "2026-10-31", to: "2026-11-30" },
      { from: "2026-11-01", to: "2026-12-01" },
    ]) {
      const report = await trafficReport(store.db, range, true);
      const summed = async (dimension: string) =>
        (
          await one<{ key: string; detail: string; views: number; visitors: number }>(
            store,
            sql`select key, detail, sum(views)::int as views, sum(visitors)::int as visitors from traffic_totals
                where dimension = ${dimension} and day between ${range.from}::date and ${range.to}::date
                group by key, detail order by 4 desc, 3 desc, key, detail`,
          )
        ).map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) }));
      expect(report.pages, JSON.stringify(range)).toEqual(
        (await summed("page")).map(({ key, views, visitors }) => ({ path: key, views, visitors })),
      );
      expect(report.sources.map(({ referrer, views, visitors }) => ({ key: referrer, views, visitors }))).toEqual(
        (await summed("referrer")).map(({ key, views, visitors }) => ({ key, views, visitors })),
      );
      expect(
        report.campaigns.map(({ campaign, cta, views, visitors }) => ({ campaign, cta, views, visitors })),
      ).toEqual(
        (await summed("campaign")).map(({ key, detail, views, visitors }) => ({
          campaign: key,
          cta: detail,
          views,
          visitors,
        })),
      );
      const devices = await summed("device");
      expect(report.devices.filter((row) => row.views > 0).sort((a, b) => a.device.localeCompare(b.device))).toEqual(
        devices
          .map(({ key, views, visitors }) => ({ device: key, views, visitors }))
          .sort((a, b) => a.device.localeCompare(b.device)),
      );
    }
  });

  test("the retention sweep's part deletes the months past the setting and any secret of a day over", async () => {
    const store = await start();
    const time = clock("2024-09-30");
    const counter = counterOn(store, time.now);
    await counter.start();
    counter.record(view(visitor("old"), "/"));
    await counter.flush();
    time.at("2024-10-01");
    counter.record(view(visitor("kept"), "/"));
    await counter.stop();
    // The sweep runs on 2 Nov 2026: 25 months back is 2 Oct 2024, so October 2024 is kept whole; September goes.
    const part = trafficRetention(25, () => new Date("2026-11-02T03:17:00Z"));
    const counts = await part.purge(store);
    // 30 Sep: its row, its four totals and September's three month totals; both days' secrets; each
    // day's 5 marks (the row and the four totals).
    expect(counts).toEqual({ trafficRowsDeleted: 8, trafficSecretsForgotten: 2, trafficMarksForgotten: 10 });
    const days = await one<{ day: string }>(store, sql`select distinct day::text as day from traffic_totals`);
    expect(days.map((row) => row.day)).toEqual(["2024-10-01"]);
    const months = await one<{ month: string }>(store, sql`select distinct month::text as month from traffic_months`);
    expect(months.map((row) => row.month)).toEqual(["2024-10-01"]);
    expect(await one(store, sql`select day from traffic_secrets`)).toEqual([]);
  });
});
