/**
 * Issue 28, erased means erased: after an erasure nothing of the person is
 * left in DATA_DIR (the embedded database's files, WAL included) nor in a
 * backup taken afterwards, while someone else's enquiries, taken before and
 * after, are all still there and restore from that same backup.
 *
 * The person sends one enquiry of each kind (contact, demo, advisory), a post
 * kept as suspected spam, gets a staff note, and is named in a staff e-mail;
 * every e-mail is sent to the file outbox; the retention sweep's
 * VACUUM (ANALYZE) has sampled their address into pg_statistic. The erasure runs through the
 * console's service; the backup through backupEmbedded, as the schedule and
 * the CLI take it. Then every file under DATA_DIR and every file of the
 * unpacked backup is searched byte by byte (any case) for the address, the
 * name and a word of the message that is unique to the person.
 *
 * On PostgreSQL the same erasure, searched over `pg_dump` output (the format
 * `npm run enquiries -- backup` writes there): nothing of the person.
 *
 * Also: a backup started while an erasure's rewrite runs waits for it (it
 * holds nothing of that person either), and the operator CLI's
 * `erase ADDRESS --yes` (needs `npm run build`) does the same as the console,
 * audited with the actor "cli", and refuses without --yes.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import type { SubjectActor } from "~/features/data-requests/data-requests";
import type { Site } from "~/site.server";
import { backupEmbedded } from "../app/features/backups/backups.server";
import { openStore, rowsOf, type Store } from "../app/platform/db/db.server";
import { maintainEmbedded } from "../app/features/enquiries/operations.server";
import { restoreBackup } from "../app/features/backups/restore.server";
import { deliveries, enquiries } from "../app/features/enquiries/tables.server";
import { createServices } from "../app/site.server.ts";
import { subjectHash } from "../app/features/audit/audit.server";
import { auditLog } from "../app/features/audit/tables.server";
import { ERASED_TABLES, eraseSubject, findSubject } from "../app/features/data-requests/data-requests.server";
import { enquiriesCli } from "../test/support/enquiries-cli";
import { openPipeline, preparedDataDir, TEST_KEYS, testEnv, waitForDeliveriesSettled } from "../test/support/pglite";
import { dataCipher } from "../app/platform/keys.server";
import { startPostgres } from "../test/support/postgres";
import { buildDir } from "../test/support/server-process";
import {
  backupFiles,
  backupFilesHolding,
  filesHolding,
  insertNote,
  insertSpam,
  person,
  pgDump,
  queueMailNaming,
  submitAs,
  waitForStaffMailGone,
  type Person,
} from "../test/support/data-requests";
import { outboxDir } from "~/platform/mail/outbox.server";

const open: Site[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const pipeline of open.splice(0)) await pipeline.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const admin: SubjectActor = {
  member: { id: "admin-1", email: "admin@maternis.test", name: "Admin Person", role: "admin" },
  meta: { fingerprint: "feedfacefeedface" },
};
const policy = { daily: 7, weekly: 8 };

/** What must not survive: the address, the name, and a word of the message no one else wrote. */
function needles(who: Person, word: string) {
  expect(who.message).toContain(word);
  return [who.email, who.name, word];
}

async function start() {
  const data = await preparedDataDir("maternis-faults-erasure-");
  cleanups.push(data.remove);
  const env = testEnv({ MAIL_TRANSPORT: "file", DATA_DIR: data.dir });
  const pipeline = await openPipeline(env, true);
  open.push(pipeline);
  return { env, pipeline, store: pipeline.platform.store, boss: pipeline.platform.boss };
}

/** The person's three enquiries, a suspected-spam post, a note and a staff e-mail naming them. */
async function traces(pipeline: Site, who: Person, to: string) {
  const { store, boss } = pipeline.platform;
  const ids = await submitAs(pipeline, who, 3);
  await insertSpam(store, who);
  await insertNote(store, ids[0]!, `Called back; ${who.name} prefers mornings`);
  await queueMailNaming(boss, who, to);
  return ids;
}

function scratchDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("an erasure on the embedded database leaves no copy", () => {
  test(
    "nothing of the person in DATA_DIR nor in a backup taken after; the other person's enquiries all restore",
    { timeout: 240_000 },
    async () => {
      const { env, pipeline, store } = await start();
      const subject = person("erased");
      const other = person("kept");
      const gone = needles(subject, "Marigold lantern erased");
      const kept = needles(other, "Marigold lantern kept");

      const otherBefore = await submitAs(pipeline, other, 3);
      await traces(pipeline, subject, env.ENQUIRIES_EMAIL);
      const otherAfter = await submitAs(pipeline, other, 3);
      await insertNote(store, otherAfter[0]!, "Someone else's note");
      await waitForDeliveriesSettled(pipeline, { timeoutMs: 60_000 });

      // The daily retention sweep's VACUUM (ANALYZE): pg_statistic samples the columns, the address among them.
      expect(await maintainEmbedded(store)).toBe(true);
      const sampled = rowsOf<{ n: number | string }>(
        await store.db.execute(sql`
          select count(*) as n from pg_stats
          where tablename = 'enquiries' and lower(coalesce(histogram_bounds::text, '') || coalesce(most_common_vals::text, '')) like ${`%${subject.email.toLowerCase()}%`}`),
      );
      expect(Number(sampled[0]?.n), "the address sampled into pg_statistic").toBeGreaterThan(0);

      // Positive controls: before the erasure the searches do find the person.
      expect(filesHolding(path.join(env.DATA_DIR, "db"), gone)).not.toEqual([]);
      expect(filesHolding(outboxDir(env), gone)).not.toEqual([]);

      const staffConsole = await createServices(pipeline.platform);
      const erased = await staffConsole.dataRequests.erase(subject.email, admin);
      expect(erased.counts).toMatchObject({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1 });
      expect(erased.storage.state).toBe("rewritten");

      const { file } = await backupEmbedded(store, { dir: env.BACKUP_DIR, policy });
      const unpacked = backupFiles(file.path);
      expect(unpacked.length, "files in the backup").toBeGreaterThan(100);
      expect(unpacked.some((f) => f.name.includes("pg_wal/"))).toBe(true);

      // The other person is in the backup and the data folder (the search sees data)...
      expect(backupFilesHolding(unpacked, kept)).not.toEqual([]);
      expect(filesHolding(env.DATA_DIR, kept)).not.toEqual([]);
      // ...and the erased person in neither: every file, every byte.
      expect(backupFilesHolding(unpacked, gone)).toEqual([]);
      expect(filesHolding(env.DATA_DIR, gone)).toEqual([]);

      // The same backup restores every enquiry of the other person, before and after, with their e-mails.
      await pipeline.close();
      open.splice(0);
      const restoredDir = scratchDir("maternis-faults-erasure-restored-");
      const restored = await restoreBackup(file.path, restoredDir);
      expect(restored.enquiries).toBe(6);
      const reopened = await openStore({ dataDir: restoredDir });
      try {
        const rows = await reopened.db
          .select({ id: enquiries.id })
          .from(enquiries)
          .where(eq(enquiries.email, other.email.toLowerCase()));
        expect(rows.map((r) => r.id).sort()).toEqual([...otherBefore, ...otherAfter].sort());
        const mails = await reopened.db
          .select({ status: deliveries.status })
          .from(deliveries)
          .where(inArray(deliveries.enquiryId, [...otherBefore, ...otherAfter]));
        expect(mails).toHaveLength(12);
        expect((await findSubject(reopened, subject.email.toLowerCase())).counts.enquiries).toBe(0);
        expect((await findSubject(reopened, other.email.toLowerCase())).counts.notes).toBe(1);
      } finally {
        await reopened.close();
      }
    },
  );

  test("a backup started while an erasure's rewrite runs waits for it, and holds nothing of the person", async () => {
    const { env, pipeline, store } = await start();
    const subject = person("raced");
    const gone = needles(subject, "Marigold lantern raced");
    await traces(pipeline, subject, env.ENQUIRIES_EMAIL);
    await waitForDeliveriesSettled(pipeline, { timeoutMs: 60_000 });

    // The erasure's transaction commits; its rewrite is held back until the backup has been asked for.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let rewriteAsked = false;
    const holding: Store = {
      ...store,
      async forgetDeleted(tables) {
        rewriteAsked = true;
        await held;
        return store.forgetDeleted(tables);
      },
    };
    const erasing = eraseSubject(
      {
        store: holding,
        secret: pipeline.platform.keys.FINGERPRINT_KEY,
        siteUrl: env.SITE_URL,
        outboxDir: outboxDir(env),
        log: createMemoryLogger(),
        cipher: dataCipher(pipeline.platform.keys),
      },
      subject.email.toLowerCase(),
      admin,
    );
    await expect.poll(() => rewriteAsked, { timeout: 30_000 }).toBe(true);
    // The rows are deleted but still in the files: a snapshot now would hold them.
    expect(filesHolding(path.join(env.DATA_DIR, "db"), gone)).not.toEqual([]);
    const forgetting = store.forgetDeleted(ERASED_TABLES);
    const backingUp = backupEmbedded(store, { dir: env.BACKUP_DIR, policy });
    release();
    const [, erased, { file }] = await Promise.all([forgetting, erasing, backingUp]);
    expect(erased.storage.state).toBe("rewritten");
    const backup = backupFiles(file.path);
    expect(backupFilesHolding(backup, gone)).toEqual([]);
    // The same search finds what the backup must hold: the database's catalogue names its tables.
    expect(backupFilesHolding(backup, ["enquiry_notes"])).not.toEqual([]);
  });
});

describe("the operator CLI: npm run enquiries -- erase ADDRESS --yes", () => {
  test("refuses without --yes; with it erases as the console does, audited as cli, on a stopped site", async () => {
    const { env, pipeline } = await start();
    const subject = person("shell");
    const other = person("stays");
    const gone = needles(subject, "Marigold lantern shell");
    await traces(pipeline, subject, env.ENQUIRIES_EMAIL);
    await submitAs(pipeline, other, 1);
    await waitForDeliveriesSettled(pipeline, { timeoutMs: 60_000 });
    await waitForStaffMailGone(pipeline.platform.store);
    await pipeline.close(); // the site is stopped: the CLI opens the embedded database itself
    open.splice(0);

    const cli = path.join(buildDir(), "node", "enquiries.js");
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], {
        env: {
          ...process.env,
          ...TEST_KEYS,
          NODE_ENV: "production",
          DATA_DIR: env.DATA_DIR,
          LOG_LEVEL: "error",
          DATABASE_URL: "",
        },
        timeout: 60_000,
      });
    const refused = await run(["erase", subject.email]).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(/add --yes to confirm\. Nothing was erased\./);
    expect(filesHolding(path.join(env.DATA_DIR, "db"), [subject.email])).not.toEqual([]);

    const printed = await enquiriesCli(env.DATA_DIR, ["erase", subject.email.toUpperCase(), "--yes"], TEST_KEYS);
    expect(printed).toContain("Enquiries deleted: 4 (1 suspected spam)");
    expect(printed).toContain("E-mail records deleted: 6");
    expect(printed).toContain("Notes deleted: 1");
    // The six delivery jobs; the staff-mail job that named the person was deleted when it was sent.
    expect(printed).toContain("Queued or finished jobs removed: 6");
    expect(printed).toContain("Text messages deleted: 0");
    expect(printed).toMatch(/Outbox files removed: [1-9]/);
    expect(printed).toContain(
      "The data folder has been rewritten: no copy remains in it or in backups taken from now on.",
    );
    for (const needle of gone) expect(printed.toLowerCase()).not.toContain(needle.toLowerCase());

    const backedUp = await enquiriesCli(env.DATA_DIR, ["backup"]);
    const backup = /^Wrote (\S+) /.exec(backedUp)![1]!;
    expect(backupFilesHolding(backupFiles(backup), [other.email])).not.toEqual([]);
    expect(backupFilesHolding(backupFiles(backup), gone)).toEqual([]);
    expect(filesHolding(env.DATA_DIR, gone)).toEqual([]);

    const store = await openStore({ dataDir: env.DATA_DIR });
    try {
      const [row] = await store.db.select().from(auditLog).where(eq(auditLog.action, "erasure"));
      const secret = TEST_KEYS.FINGERPRINT_KEY;
      expect(row).toMatchObject({ actor: "cli", actorId: null, target: subjectHash(secret, subject.email) });
      expect(row?.detail).toMatchObject({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1 });
      expect((await findSubject(store, other.email.toLowerCase())).counts.enquiries).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe("an erasure on PostgreSQL leaves nothing in pg_dump output", () => {
  test("all three kinds, spam, a note and a staff e-mail: none in a dump taken after; the other person is all there", async () => {
    const postgres = await startPostgres();
    try {
      const data = scratchDir("maternis-faults-erasure-pg-");
      const env = testEnv({ MAIL_TRANSPORT: "file", DATA_DIR: data, DATABASE_URL: await postgres.createDatabase() });
      const pipeline = await openPipeline(env, true);
      open.push(pipeline);
      const subject = person("pg-erased");
      const other = person("pg-kept");
      const gone = needles(subject, "Marigold lantern pg-erased");
      const otherBefore = await submitAs(pipeline, other, 3);
      await traces(pipeline, subject, env.ENQUIRIES_EMAIL);
      const otherAfter = await submitAs(pipeline, other, 3);
      await waitForDeliveriesSettled(pipeline, { timeoutMs: 60_000 });
      expect(backupFilesHolding([{ name: "dump", bytes: Buffer.from(pgDump(env.DATABASE_URL!)) }], gone)).not.toEqual(
        [],
      );
      // The outbox holds the person's e-mails too, before (the positive control of the check below).
      expect(filesHolding(data, gone)).not.toEqual([]);

      const staffConsole = await createServices(pipeline.platform);
      const erased = await staffConsole.dataRequests.erase(subject.email, admin);
      expect(erased.counts).toMatchObject({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1 });
      expect(erased.storage.state).toBe("vacuumed");

      const dump = pgDump(env.DATABASE_URL!);
      expect(backupFilesHolding([{ name: "dump", bytes: Buffer.from(dump) }], gone)).toEqual([]);
      for (const id of [...otherBefore, ...otherAfter]) expect(dump).toContain(id);
      expect(dump).toContain(other.email.toLowerCase());
      expect(filesHolding(data, gone)).toEqual([]); // the outbox
    } finally {
      for (const pipeline of open.splice(0)) await pipeline.close();
      await postgres.stop();
    }
  });
});
