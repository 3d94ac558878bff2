/**
 * The communication key's recipient quota (./quota.server.ts) on both
 * engines: per minute and per day, all or nothing per request, shared by
 * every process of one database, and keyed by a hash, never the key.
 */
import { describe, expect, test } from "vitest";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore } from "../../../test/support/pglite";
import type { Store } from "~/platform/db/db.server";
import { staffRateLimits } from "~/platform/db/tables.server";
import { counterKey, quotaKeyId, takeRecipients } from "./quota.server";

const { engines, open } = bothEngines<Store>();

async function stores(engine: (typeof engines)[number], count: number) {
  const env = await engine.database();
  const opened: Store[] = [];
  // One store per "process": PGlite is one process's only (its lock), PostgreSQL is shared.
  for (let i = 0; i < count; i++) {
    const store = await openTestStore(env);
    open.push(store);
    opened.push(store);
  }
  return opened;
}

const API_KEY = "quota-test-key-0123456789abcdefghij";
const keyId = quotaKeyId(API_KEY);
const quota = { perMinute: 5, perDay: 8 };

describe.each(engines)("the recipient quota on $name", (engine) => {
  test("per minute, then per day; a refused request takes nothing", async () => {
    const [store] = await stores(engine, 1);
    const t0 = Date.parse("2026-12-01T09:00:00Z");
    expect(await takeRecipients(store!, keyId, 3, quota, t0)).toEqual({ ok: true });
    // 3 + 3 > 5: refused for the minute, until the minute that began at t0 ends.
    expect(await takeRecipients(store!, keyId, 3, quota, t0 + 10_000)).toEqual({
      ok: false,
      window: "minute",
      limit: 5,
      retryAfterSeconds: 50,
    });
    // Positive control: the refusal took nothing, so 2 more still fit this minute.
    expect(await takeRecipients(store!, keyId, 2, quota, t0 + 20_000)).toEqual({ ok: true });
    expect(await takeRecipients(store!, keyId, 1, quota, t0 + 30_000)).toMatchObject({ ok: false, window: "minute" });

    // A new minute: 5 taken today, 8 a day, so 3 fit and a fourth does not.
    expect(await takeRecipients(store!, keyId, 3, quota, t0 + 61_000)).toEqual({ ok: true });
    expect(await takeRecipients(store!, keyId, 1, quota, t0 + 62_000)).toEqual({
      ok: false,
      window: "day",
      limit: 8,
      retryAfterSeconds: 24 * 60 * 60 - 62,
    });
    // The day's refusal took nothing from the minute either: two minutes on, still refused by the day alone.
    expect(await takeRecipients(store!, keyId, 1, quota, t0 + 125_000)).toMatchObject({ ok: false, window: "day" });
    // The next day starts again.
    expect(await takeRecipients(store!, keyId, 5, quota, t0 + 24 * 60 * 60 * 1000 + 1)).toEqual({ ok: true });

    // Another key counts on its own; the counters name a hash, never the key.
    expect(await takeRecipients(store!, quotaKeyId(`${API_KEY}x`), 5, quota, t0 + 62_000)).toEqual({ ok: true });
    const keys = (await store!.db.select().from(staffRateLimits)).map((row) => row.key).sort();
    expect(keys).toEqual(
      [
        counterKey(keyId, "day"),
        counterKey(keyId, "minute"),
        counterKey(quotaKeyId(`${API_KEY}x`), "day"),
        counterKey(quotaKeyId(`${API_KEY}x`), "minute"),
      ].sort(),
    );
    expect(JSON.stringify(keys)).not.toContain(API_KEY);
  });

  test("requests at the same moment (from two processes on PostgreSQL) never take more than the quota", async () => {
    const opened = await stores(engine, engine.name === "postgres" ? 2 : 1);
    const now = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => takeRecipients(opened[i % opened.length]!, keyId, 1, quota, now)),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    expect(outcomes.filter((outcome) => !outcome.ok)).toHaveLength(7);
    // The counters hold exactly what was taken.
    const counts = Object.fromEntries(
      (await opened[0]!.db.select().from(staffRateLimits)).map((row) => [row.key, row.count]),
    );
    expect(counts).toEqual({ [counterKey(keyId, "minute")]: 5, [counterKey(keyId, "day")]: 5 });
  });
});
