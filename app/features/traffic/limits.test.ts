/**
 * What the traffic figures keep at most (TrafficLimits in ./counter.server.ts,
 * docs/decisions/024-traffic-figures.md, "Bounded"), on both engines. Anyone
 * can send page views with made-up referrers, campaigns and user agents as
 * fast as prerendered pages are answered: each limit is reached here with
 * small numbers, and each test shows what still counts as itself beside it.
 */
import { describe, expect, test } from "vitest";
import type { Store } from "~/platform/db/db.server";
import { createMemoryLogger } from "~/platform/log.server";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore } from "../../../test/support/pglite";
import { clock, counterOn, total, view, visitor } from "../../../test/support/traffic";
import type { TrafficLimits } from "./counter.server";
import { USER_AGENT_KEPT } from "./rules";
import { OTHER_SOURCES } from "./traffic";

const { engines, open } = bothEngines<Store>();

/** Far above what each test reaches, but for the one limit it is about. */
const roomy: TrafficLimits = { sourcesPerDay: 100, clientsPerWrite: 100, marksPerDay: 10_000, rowsPerWrite: 100 };

describe.each(engines)("what the traffic figures keep at most, on $name", (engine) => {
  /** A counter with `limits` (roomy but for those), started at noon on 23 November on a new store, and its log. */
  async function started(only: Partial<TrafficLimits>) {
    const store = await openTestStore(await engine.database());
    open.push(store);
    const time = clock("2026-11-23");
    const log = createMemoryLogger();
    const limits = { ...roomy, ...only };
    const counter = counterOn(store, time.now, log, { limits });
    await counter.start();
    return { store, time, log, limits, counter };
  }
  type MemoryLog = ReturnType<typeof createMemoryLogger>;
  const warnings = (log: MemoryLog) => log.entries.filter((entry) => entry.level === "warn");
  /** The log's only warning says `msg`, with `fields` (a day and a limit, or a count: never a source or a client). */
  const warnedOnce = (log: MemoryLog, msg: string, fields: Record<string, unknown>) =>
    expect(warnings(log)).toEqual([expect.objectContaining({ msg, ...fields })]);

  test("a day keeps 3 sources: a new one beyond counts as other sources, while a kept one, direct and the site's own pages count as themselves, after a restart too", async () => {
    const { store, time, log, limits, counter: first } = await started({ sourcesPerDay: 3 });
    const who = visitor("1");
    // The third source is an e-mail's button: a campaign is a source, whatever its referrer.
    const newsletter = { utm_source: "email", utm_medium: "email", utm_campaign: "spring", utm_cta: "read-more" };
    first.record(view(who, "/about", "one.example"));
    first.record(view(who, "/about", "two.example"));
    first.record(view(who, "/about", "direct", newsletter));
    for (const host of ["four.example", "five.example"]) first.record(view(who, "/about", host));
    first.record(view(who, "/about", "direct", { utm_campaign: "autumn" }));
    first.record(view(who, "/about", "one.example"));
    first.record(view(who, "/about", "direct"));
    first.record(view(who, "/contact", "/about"));
    await first.stop();

    expect(await total(store, "all", "")).toEqual({ views: 9, visitors: 1 });
    expect(await total(store, "referrer", "one.example")).toEqual({ views: 2, visitors: 1 });
    expect(await total(store, "campaign", "spring")).toEqual({ views: 1, visitors: 1 });
    expect(await total(store, "referrer", "four.example")).toEqual({ views: 0, visitors: 0 });
    expect(await total(store, "campaign", "autumn")).toEqual({ views: 0, visitors: 0 });
    expect(await total(store, "referrer", OTHER_SOURCES)).toEqual({ views: 3, visitors: 1 });
    expect(await total(store, "referrer", "direct")).toEqual({ views: 2, visitors: 1 });
    expect(await total(store, "referrer", "/about")).toEqual({ views: 1, visitors: 1 });
    warnedOnce(log, "traffic: the day's sources reached their limit; new ones count as other sources", {
      day: "2026-11-23",
      limit: 3,
    });
    expect(JSON.stringify(log.entries)).not.toContain(".example");

    // Restarted the same day, the process reads the day's sources back: none more is kept, a kept one still is.
    const again = counterOn(store, time.now, log, { limits });
    await again.start();
    again.record(view(who, "/about", "six.example"));
    again.record(view(who, "/about", "two.example"));
    again.record(view(who, "/about", "direct", newsletter));
    await again.stop();
    expect(await total(store, "referrer", OTHER_SOURCES)).toEqual({ views: 4, visitors: 1 });
    expect(await total(store, "referrer", "two.example")).toEqual({ views: 2, visitors: 1 });
    expect(await total(store, "campaign", "spring")).toEqual({ views: 2, visitors: 1 });

    // The next day keeps new sources again.
    time.at("2026-11-24");
    const tomorrow = counterOn(store, time.now, log, { limits });
    await tomorrow.start();
    tomorrow.record(view(who, "/about", "six.example"));
    await tomorrow.stop();
    expect(await total(store, "referrer", "six.example", "2026-11-24")).toEqual({ views: 1, visitors: 1 });
  });

  test("at most 4 clients wait between two writes: the views of a fifth count and its visitor does not, until the next write", async () => {
    const { store, log, counter } = await started({ clientsPerWrite: 4 });
    const people = Array.from({ length: 6 }, (_, i) => visitor(String(i + 1)));
    for (const who of people) counter.record(view(who, "/about"));
    // A client already held for its row costs nothing more: its second view there counts with it.
    counter.record(view(people[0]!, "/about"));
    await counter.flush();
    expect(await total(store, "all", "")).toEqual({ views: 7, visitors: 4 });
    warnedOnce(log, "traffic: views counted without their visitors: too many clients between two writes", { views: 2 });

    // After the write, the two left out count as visitors.
    for (const who of people.slice(4)) counter.record(view(who, "/about"));
    await counter.stop();
    expect(await total(store, "all", "")).toEqual({ views: 9, visitors: 6 });
  });

  test("at most 3 rows wait for one write: a view whose row is not there yet counts as other sources, none is lost", async () => {
    const { store, log, counter } = await started({ rowsPerWrite: 3 });
    const who = visitor("1");
    const views: [path: string, referrer: string][] = [
      ["/about", "one.example"],
      ["/about", "two.example"],
      ["/about", "three.example"],
      // The buffer is full: these two rows are not made.
      ["/about", "four.example"],
      ["/contact", "direct"],
      // Its row is there: counted as itself.
      ["/about", "two.example"],
    ];
    for (const [path, referrer] of views) counter.record(view(who, path, referrer));
    await counter.flush();
    expect(await total(store, "all", "")).toEqual({ views: 6, visitors: 1 });
    expect(await total(store, "referrer", "two.example")).toEqual({ views: 2, visitors: 1 });
    expect(await total(store, "referrer", OTHER_SOURCES)).toEqual({ views: 2, visitors: 1 });
    expect(await total(store, "page", "/contact")).toEqual({ views: 1, visitors: 1 });
    expect(warnings(log)).toEqual([]);

    // After the write, new rows are made again.
    counter.record(view(who, "/about", "four.example"));
    await counter.stop();
    expect(await total(store, "referrer", "four.example")).toEqual({ views: 1, visitors: 1 });
  });

  test("a user agent counts by its first 512 characters: longer ones alike up to there are one visitor", async () => {
    const { store, counter } = await started({});
    const who = visitor("1");
    const long = who.userAgent.padEnd(USER_AGENT_KEPT, "x");
    counter.record({ ...view(who, "/about"), userAgent: `${long}first` });
    counter.record({ ...view(who, "/about"), userAgent: `${long}second` });
    expect(await counter.flush().then(() => total(store, "all", ""))).toEqual({ views: 2, visitors: 1 });
    // They differ before the 512th character: two visitors.
    counter.record({ ...view(who, "/about"), userAgent: `${long.slice(0, USER_AGENT_KEPT - 1)}a` });
    counter.record({ ...view(who, "/about"), userAgent: `${long.slice(0, USER_AGENT_KEPT - 1)}b` });
    await counter.stop();
    expect(await total(store, "all", "")).toEqual({ views: 4, visitors: 3 });
  });

  test("once a day has sent its marks, new visitors count as views only; the next day counts them again", async () => {
    // A visitor of one page, direct, is 5 marks (its row; all, the page, the referrer, the device): 8 visitors are 40.
    const { store, time, log, counter } = await started({ marksPerDay: 40 });
    for (let i = 1; i <= 8; i++) counter.record(view(visitor(String(i)), "/about"));
    await counter.flush();
    expect(await total(store, "all", "")).toEqual({ views: 8, visitors: 8 });
    expect(warnings(log)).toEqual([]);

    for (let i = 9; i <= 10; i++) counter.record(view(visitor(String(i)), "/about"));
    await counter.flush();
    expect(await total(store, "all", "")).toEqual({ views: 10, visitors: 8 });
    warnedOnce(log, "traffic: the day's visitor marks reached their limit; new visitors count as views only", {
      day: "2026-11-23",
      limit: 40,
    });

    time.at("2026-11-24");
    counter.record(view(visitor("9"), "/about"));
    await counter.stop();
    expect(await total(store, "all", "", "2026-11-24")).toEqual({ views: 1, visitors: 1 });
  });
});
