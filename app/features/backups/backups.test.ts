import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { EnvError } from "~/platform/env-values.server";
import type { Site } from "~/site.server";
import { backupsToKeep } from "./backup-retention.server";
import {
  backupEmbedded,
  backupName,
  backupPostgres,
  listBackups,
  parseBackupName,
  pruneBackups,
} from "./backups.server";
import type { Store } from "~/platform/db/db.server";
import { deliveryMessageId } from "~/features/enquiries/emails.server";
import { BACKUP_QUEUE } from "./worker.server";
import { DELIVERY_QUEUE } from "~/features/enquiries/queues.server";
import { restoreBackup, RestoreRefusedError } from "./restore.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import {
  openPipeline,
  openTestStore,
  preparedDataDir,
  tempDataDir,
  testEnv,
  waitForDeliveriesSettled,
} from "../../../test/support/pglite";
import { startPostgres } from "../../../test/support/postgres";
import { closedAfterEach, smtpServerPerFile } from "../../../test/support/per-file";
import { waitFor } from "../../../test/support/wait";

/** Backups of the embedded database: the schedule, retention, and a restore that brings everything back. */
const smtp = smtpServerPerFile();
const { open, cleanups, closeNow } = closedAfterEach<Site>();

async function start(dataDir: string, runWorker: boolean, overrides: Record<string, string> = {}) {
  const env = testEnv({ DATA_DIR: dataDir, MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, ...overrides });
  const pipeline = await openPipeline(env, runWorker);
  open.push(pipeline);
  return { pipeline, env, store: pipeline.platform.store };
}

async function submitContacts(pipeline: Site, from: number, n: number) {
  const ids: string[] = [];
  for (let i = from; i < from + n; i++) {
    const result = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      {
        name: `Backup Tester ${i}`,
        email: `backup-${i}@example.org`,
        organization: "Restore Lab",
        role: "Engineer",
        interest: "general",
        message: `Message ${i}`,
      },
      { ip: `203.0.113.${i}` },
    );
    if (!result.ok) throw new Error(`enquiry ${i} refused`);
    ids.push(result.enquiryId);
  }
  return ids;
}

/** Everything a restore must bring back: enquiries, deliveries, and the delivery jobs of pg-boss. */
async function snapshotRows(store: Store) {
  return {
    enquiries: await store.db.select().from(enquiries).orderBy(asc(enquiries.id)),
    deliveries: await store.db.select().from(deliveries).orderBy(asc(deliveries.id)),
    jobs: (
      (await store.db.execute(
        sql`select id, name, state, data, priority, retry_count from pgboss.job where name = ${DELIVERY_QUEUE} order by id`,
      )) as unknown as { rows: { state: string }[] }
    ).rows,
  };
}

describe("backup and restore of the embedded database", () => {
  test("a restore into a fresh DATA_DIR holds identical rows, and sends only what was still queued, once", async () => {
    const source = await preparedDataDir();
    cleanups.push(source.remove);
    const target = tempDataDir();
    cleanups.push(target.remove);

    // Two enquiries sent before the backup, three still queued at backup time.
    const first = await start(source.dir, true);
    const sent = await submitContacts(first.pipeline, 1, 2);
    await waitFor(() => smtp.received.length >= 4, { what: "the first four e-mails" });
    await closeNow(first.pipeline);
    const second = await start(source.dir, false);
    const queued = await submitContacts(second.pipeline, 10, 3);

    const backupDir = path.join(source.dir, "backups");
    const policy = { daily: 14, weekly: 8 };
    const { file } = await backupEmbedded(second.store, { dir: backupDir, policy });
    expect(file.bytes).toBeGreaterThan(1000);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(backupDir)).toEqual([file.name]);
    expect(await listBackups(backupDir)).toEqual([file]);
    const before = await snapshotRows(second.store);
    expect(before.enquiries).toHaveLength(5);
    // Four completed jobs (the e-mails sent) and six waiting.
    expect(before.jobs.map((job) => job.state).sort()).toEqual([
      ...Array(4).fill("completed"),
      ...Array(6).fill("created"),
    ]);
    // Changes after the snapshot are not in it.
    await submitContacts(second.pipeline, 20, 1);
    await closeNow(second.pipeline);

    const restored = await restoreBackup(file.path, target.dir);
    expect(restored).toMatchObject({ enquiries: 5, waitingEmails: 6 });
    const store = await openTestStore({ DATA_DIR: target.dir });
    try {
      expect(await snapshotRows(store)).toEqual(before);
    } finally {
      await store.close();
    }

    // The restored site sends the queued e-mails with their original Message-IDs, and nothing sent before.
    smtp.received.length = 0;
    const restoredSite = await start(target.dir, true);
    await waitForDeliveriesSettled(restoredSite.pipeline);
    const expected = queued.flatMap((id) =>
      (["notification", "acknowledgement"] as const).map((kind) =>
        deliveryMessageId(id, kind, "https://www.maternis.health"),
      ),
    );
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(expected.sort());
    for (const id of sent) expect(smtp.received.some((mail) => mail.messageId?.includes(id))).toBe(false);
  });

  test("restore refuses a DATA_DIR that already holds a database, a pg_dump archive, and a file that is not there", async () => {
    const source = await preparedDataDir();
    cleanups.push(source.remove);
    const { store } = await start(source.dir, false);
    const { file } = await backupEmbedded(store, {
      dir: path.join(source.dir, "backups"),
      policy: { daily: 1, weekly: 0 },
    });
    await closeNow(open[0]!);

    await expect(restoreBackup(file.path, source.dir)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(file.path, source.dir)).rejects.toThrow(/already holds a database/);

    const empty = tempDataDir();
    cleanups.push(empty.remove);
    const dump = path.join(empty.dir, "enquiries.dump");
    writeFileSync(dump, "PGDMP\u0001\u000e\u0000");
    await expect(restoreBackup(dump, empty.dir)).rejects.toThrow(/pg_dump archive/);
    // A file that is not there, or a folder, is said so in words (not Node's ENOENT).
    const missing = path.join(empty.dir, "no-such.tar.gz");
    await expect(restoreBackup(missing, empty.dir)).rejects.toThrow(`${missing} does not exist.`);
    await expect(restoreBackup(empty.dir, empty.dir)).rejects.toThrow(
      `${empty.dir} is not a file: name a backup file.`,
    );
    expect(existsSync(path.join(empty.dir, "db"))).toBe(false);
  });

  test("the worker schedules backups in Europe/London and its job writes one", async () => {
    const source = await preparedDataDir();
    cleanups.push(source.remove);
    const { pipeline, env } = await start(source.dir, true, { BACKUP_CRON: "45 1 * * 1-5" });
    const { boss } = pipeline.platform;
    expect(await boss.getSchedules(BACKUP_QUEUE)).toMatchObject([
      { name: BACKUP_QUEUE, cron: "45 1 * * 1-5", timezone: "Europe/London" },
    ]);
    expect(env.BACKUP_DIR).toBe(path.join(source.dir, "backups"));
    await boss.send(BACKUP_QUEUE, null);
    await waitFor(async () => (await listBackups(env.BACKUP_DIR)).length === 1, {
      timeoutMs: 30_000,
      what: "a backup from the worker",
    });
  });
});

describe("backup of PostgreSQL", () => {
  test("runs pg_dump in custom format into an owner-only file", async () => {
    const postgres = await startPostgres();
    try {
      const data = tempDataDir();
      cleanups.push(data.remove);
      const databaseUrl = await postgres.createDatabase();
      const { pipeline } = await start(data.dir, false, { DATABASE_URL: databaseUrl });
      await submitContacts(pipeline, 1, 2);
      await closeNow(pipeline);
      const dir = path.join(data.dir, "backups");
      const { file } = await backupPostgres(databaseUrl, { dir, policy: { daily: 14, weekly: 8 } });
      expect(file).toMatchObject({ format: "pg_dump" });
      expect(file.name).toMatch(/\.dump$/);
      expect(readFileSync(file.path).subarray(0, 5).toString()).toBe("PGDMP");
      expect(statSync(file.path).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      // The embedded restore sends it to pg_restore instead.
      await expect(restoreBackup(file.path, path.join(data.dir, "elsewhere"))).rejects.toThrow(/pg_dump archive/);
    } finally {
      await postgres.stop();
    }
  });
});

describe("retention", () => {
  const at = (iso: string) => new Date(iso);
  const named = (dates: string[]) => dates.map((iso) => ({ name: backupName(at(iso), "pglite"), takenAt: at(iso) }));

  test("keeps the newest of each of the last N days and M ISO weeks, and nothing older", () => {
    // One backup a day at 02:30 for 120 days, plus an extra one on the last day.
    const now = at("2026-03-18T12:00:00.000Z"); // a Wednesday
    const dates = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 2, 18 - i, 2, 30)).toISOString());
    const backups = named([...dates, "2026-03-18T09:00:00.000Z"]);
    const keep = backupsToKeep(backups, now, { daily: 14, weekly: 8 });
    const kept = backups.filter((b) => keep.has(b.name)).map((b) => b.takenAt.toISOString().slice(0, 16));

    // Days: 18 March (the later of its two) back to 5 March.
    const daily = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 2, 18 - i, 2, 30)));
    daily[0] = at("2026-03-18T09:00:00.000Z");
    // Weeks: the newest of each ISO week, the Sunday of each earlier week back to the week of 26 January.
    const sundays = ["2026-03-01", "2026-02-22", "2026-02-15", "2026-02-08", "2026-02-01"].map((d) =>
      at(`${d}T02:30:00.000Z`),
    );
    const expected = [...daily, ...sundays].map((d) => d.toISOString().slice(0, 16));
    expect(kept.sort()).toEqual(expected.sort());
    const oldest = Math.min(...backups.filter((b) => keep.has(b.name)).map((b) => b.takenAt.getTime()));
    expect(now.getTime() - oldest).toBeLessThanOrEqual(8 * 7 * 24 * 60 * 60 * 1000);
  });

  test("always keeps the newest backup, however old", () => {
    const backups = named(["2025-01-01T02:30:00.000Z", "2025-01-02T02:30:00.000Z"]);
    const keep = backupsToKeep(backups, at("2026-01-01T00:00:00.000Z"), { daily: 14, weekly: 8 });
    expect([...keep]).toEqual([backups[1]!.name]);
  });

  test("pruning deletes the files the policy drops, leaving other files alone", async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const dir = path.join(data.dir, "backups");
    mkdirSync(dir);
    const now = at("2026-03-18T12:00:00.000Z");
    const names = ["2026-03-18T02:30:00.000Z", "2026-03-17T02:30:00.000Z", "2026-03-16T02:30:00.000Z"].map((iso) =>
      backupName(at(iso), "pglite"),
    );
    for (const name of [...names, "notes.txt"]) writeFileSync(path.join(dir, name), "x");
    expect(await pruneBackups(dir, now, { daily: 2, weekly: 0 })).toEqual([names[2]]);
    expect(readdirSync(dir).sort()).toEqual([names[0], names[1], "notes.txt"].sort());
    expect(parseBackupName(names[0]!)).toEqual({ takenAt: at("2026-03-18T02:30:00.000Z"), format: "pglite" });
  });
});

describe("BACKUP_CRON", () => {
  test.each(["30 2 * * *", "* * * * *", "0-59/15 */2 1,15 JAN-DEC MON-FRI", "0 0 * * 7"])("accepts %s", (cron) => {
    expect(parseEnv({ BACKUP_CRON: cron }).BACKUP_CRON).toBe(cron);
  });

  test.each(["daily", "61 2 * * *", "30 2 * *", "0 30 2 * * *", "30 25 * * *", "5-1 * * * *", "*/0 * * * *"])(
    "refuses %s with an EnvError naming BACKUP_CRON",
    (cron) => {
      expect(() => parseEnv({ BACKUP_CRON: cron })).toThrow(EnvError);
      expect(() => parseEnv({ BACKUP_CRON: cron })).toThrow(/BACKUP_CRON/);
    },
  );

  test("defaults: 02:30 daily, 14 daily and 8 weekly, in DATA_DIR/backups", () => {
    expect(parseEnv({ DATA_DIR: "/srv/maternis" })).toMatchObject({
      BACKUP_CRON: "30 2 * * *",
      BACKUP_KEEP_DAILY: 14,
      BACKUP_KEEP_WEEKLY: 8,
      BACKUP_DIR: path.join("/srv/maternis", "backups"),
    });
  });
});
