import { sql } from "drizzle-orm";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { auditLog } from "~/features/audit/tables.server";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Store } from "~/platform/db/db.server";
import { enquiries } from "~/features/enquiries/tables.server";
import { filesHolding } from "../test/support/data-requests";
import { runRetentionSweep } from "~/platform/retention.server";
import { parseEnv } from "~/platform/env.server";
import { bothEngines } from "../test/support/engines";
import { openTestStore, tempDataDir } from "../test/support/pglite";
import { addToWindow, COUNTERS_KEPT_MS } from "~/platform/db/counters.server";
import { staffRateLimits } from "~/platform/db/tables.server";
import {
  CODE_REQUEST_WINDOW_MS,
  WRONG_CODES_ALERT_WINDOW_MS,
  WRONG_CODES_CLIENT_WINDOW_MS,
  WRONG_CODES_STREAK_MS,
} from "~/features/sign-in/lockout.server";
import { WRONG_APP_CODES_WINDOW_MS } from "~/features/sign-in/auth-config.server";
import { quotaWindows } from "~/features/communication-api/quota.server";
import { retentionParts } from "./site.server";
import { outboxDir } from "~/platform/mail/outbox.server";

/** The daily retention sweep, with the site's parts (app/site.server.ts): each says what it keeps. */
const data = tempDataDir("maternis-retention-");
afterAll(() => data.remove());
const parts = retentionParts(parseEnv({ RETENTION_MONTHS: "24", DATA_DIR: data.dir }));
const { engines, open: stores } = bothEngines<Store>();

/** Opens a store on an engine's database (its DATA_DIR, and DATABASE_URL on PostgreSQL). */
async function openOn(engine: (typeof engines)[number]) {
  const env = await engine.database();
  return openTestStore(env);
}

describe.each(engines)("retention sweep on $name", (engine) => {
  test("audit rows older than 24 months go, younger ones stay; the log line says every period", async () => {
    const store = await openOn(engine);
    stores.push(store);
    const row = (months: number, target: string) => ({
      at: sql`now() - make_interval(months => ${months}::int) - interval '1 day'` as unknown as Date,
      actor: "admin@maternis.test",
      action: "erasure",
      target,
      clientFingerprint: "0123456789abcdef",
    });
    await store.db.insert(auditLog).values([row(25, "old"), row(23, "recent"), row(0, "today")]);
    const log = createMemoryLogger();
    const result = await runRetentionSweep(store, log, parts);
    expect(result).toEqual({
      deleted: 0,
      textsDeleted: 0,
      spamDeleted: 0,
      auditDeleted: 1,
      trafficRowsDeleted: 0,
      trafficMarksForgotten: 0,
      trafficSecretsForgotten: 0,
      countersDeleted: 0,
      outboxFilesDeleted: 0,
    });
    const left = await store.db.select({ target: auditLog.target }).from(auditLog);
    expect(left.map((r) => r.target).sort()).toEqual(["recent", "today"]);
    expect(log.entries.map((e) => e.msg)).toEqual([
      "retention sweep: enquiries kept 24 months, suspected spam 30 days, text messages 24 months, audit rows 24 months, traffic figures kept 25 months, request counters 2 days, outbox files 24 months",
    ]);
    expect(log.entries[0]).toMatchObject({ deleted: 0, auditDeleted: 1 });
  });

  test("request counters go two days after their window began, which is longer than every window", async () => {
    const store = await openOn(engine);
    stores.push(store);
    const hour = 60 * 60 * 1000;
    const windows = [
      CODE_REQUEST_WINDOW_MS,
      WRONG_CODES_CLIENT_WINDOW_MS,
      WRONG_CODES_ALERT_WINDOW_MS,
      WRONG_CODES_STREAK_MS,
      WRONG_APP_CODES_WINDOW_MS,
      ...quotaWindows.map((window) => window.ms),
    ];
    for (const ms of windows) expect(ms).toBeLessThanOrEqual(COUNTERS_KEPT_MS / 2);
    const now = Date.now();
    await addToWindow(store.db, "test:kept", WRONG_CODES_STREAK_MS, { now: now - COUNTERS_KEPT_MS + hour });
    await addToWindow(store.db, "test:gone", WRONG_CODES_STREAK_MS, { now: now - COUNTERS_KEPT_MS - hour });
    const log = createMemoryLogger();
    const result = await runRetentionSweep(store, log, parts);
    expect(result.countersDeleted).toBe(1);
    // Counters say nothing about anyone: deleting them alone rewrites no file of the embedded database
    // (expired enquiries do, below; PostgreSQL's files are never rewritten, only vacuumed).
    expect(log.entries[0]).toMatchObject({ rewritten: false });
    const left = await store.db.select({ key: staffRateLimits.key }).from(staffRateLimits);
    expect(left.map((row) => row.key)).toEqual(["test:kept"]);
  });
});

test("on the embedded database, expired enquiries leave the data folder too, not only the tables", async () => {
  const dataDir = (await engines[0].database()).DATA_DIR!;
  const store = await openTestStore({ DATA_DIR: dataDir });
  stores.push(store);
  const marker = "expired.quillwort@example.org";
  await store.db.insert(enquiries).values({
    id: randomUUID(),
    kind: "contact",
    payload: { name: "Expired Quillwort", email: marker, message: "Quillwort harbour" },
    email: marker,
    clientFingerprint: "0123456789abcdef",
    createdAt: sql`now() - interval '25 months'` as unknown as Date,
  });
  await store.db.execute(sql`checkpoint`);
  const dbDir = path.join(dataDir, "db");
  expect(filesHolding(dbDir, [marker])).not.toEqual([]);
  const log = createMemoryLogger();
  const result = await runRetentionSweep(store, log, parts);
  expect(result.deleted).toBe(1);
  expect(log.entries[0]).toMatchObject({ deleted: 1, rewritten: true });
  expect(filesHolding(dbDir, [marker])).toEqual([]);
});

test("outbox files (e-mails and text messages) go after the retention period, as the enquiries they copy", async () => {
  const store = await openOn(engines[0]);
  stores.push(store);
  const outbox = outboxDir({ DATA_DIR: data.dir });
  mkdirSync(outbox, { recursive: true });
  const written = (name: string, monthsAgo: number) => {
    const file = path.join(outbox, name);
    writeFileSync(file, "a message");
    const at = new Date();
    at.setMonth(at.getMonth() - monthsAgo);
    at.setDate(at.getDate() - 1);
    utimesSync(file, at, at);
  };
  written("old.notification_www.maternis.health.eml", 24);
  written("sms-old.json", 25);
  written("recent.welcome_www.maternis.health.eml", 23);
  written("sms-recent.json", 0);
  // Not a message the transports write: left alone, however old.
  written("notes.txt", 30);
  const log = createMemoryLogger();
  const result = await runRetentionSweep(store, log, parts);
  expect(result.outboxFilesDeleted).toBe(2);
  expect(readdirSync(outbox).sort()).toEqual([
    "notes.txt",
    "recent.welcome_www.maternis.health.eml",
    "sms-recent.json",
  ]);
  // Files outside the database: deleting them alone rewrites none of its files.
  expect(log.entries[0]).toMatchObject({ rewritten: false });
});
