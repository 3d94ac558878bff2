/**
 * Erasure is all or nothing: a process running one is killed with SIGKILL
 * part-way, and the database is opened again.
 *
 * A person has 60 enquiries (every kind, each with its two e-mails sent to
 * the file outbox), notes, a suspected-spam post and a staff e-mail naming
 * them; someone else has enquiries too. A child process (faults/erasure-child.ts)
 * erases the person and is killed:
 *   - after every delete, before the commit: the person is fully present;
 *   - after the commit, before the outbox files go: fully erased in the
 *     database, and erasing again removes the files left behind;
 *   - inside the transaction after each of its writes in turn (a test hook in
 *     the child pauses before the next write, reports what the transaction
 *     sees, and is killed there): the transaction really had deleted that
 *     much, and after the kill the person is fully present, every time.
 * On the embedded database (whose files the dead process had open) and on
 * PostgreSQL. The other person is never touched.
 */
import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openStore, type Store } from "../app/platform/db/db.server";
import { deliveries, enquiries } from "../app/features/enquiries/tables.server";
import { subjectHash } from "../app/features/audit/audit.server";
import { auditLog } from "../app/features/audit/tables.server";
import { enquiryNotes } from "../app/features/inbox/tables.server";
import { personPattern, searchableMailText } from "../app/features/data-requests/outbox.server";
import { openPipeline, preparedDataDir, tempDataDir, TEST_KEYS, testEnv } from "../test/support/pglite";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import {
  dumpAllTables,
  insertNote,
  insertSpam,
  markers,
  outboxFiles,
  person,
  queueMailNaming,
  submitAs,
} from "../test/support/data-requests";
import { SERVER_NODE_FLAGS } from "../test/support/server-process";
import { waitFor } from "../test/support/wait";
import { outboxDir } from "~/platform/mail/outbox.server";

const SUBMISSIONS = 60;
const subject = person("crash");
const other = person("bystander");
const repo = path.resolve(import.meta.dirname, "..");

type Seeded = { ids: string[]; deliveryIds: string[]; otherIds: string[] };
type Copy = { dataDir: string; databaseUrl?: string };

let postgres: TestPostgres;
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await postgres?.stop();
});

/** Seeds the database `copy` through the real pipeline, every e-mail sent to the outbox. */
async function seed(copy: Copy): Promise<Seeded> {
  const env = testEnv({
    DATA_DIR: copy.dataDir,
    DATABASE_URL: copy.databaseUrl,
    MAIL_TRANSPORT: "file",
    WORKER_CONCURRENCY: "8",
  });
  const pipeline = await openPipeline(env, true);
  try {
    const { store, boss } = pipeline.platform;
    const ids = await submitAs(pipeline, subject, SUBMISSIONS);
    const otherIds = await submitAs(pipeline, other, 3);
    ids.push(await insertSpam(store, subject));
    for (const id of ids.slice(0, 10)) await insertNote(store, id, `Spoke to ${subject.name}`);
    await insertNote(store, otherIds[0]!, "A note about someone else");
    await queueMailNaming(boss, subject, env.ENQUIRIES_EMAIL);
    await waitFor(
      async () => {
        const rows = await store.db.select({ status: deliveries.status }).from(deliveries);
        return rows.length === (SUBMISSIONS + 3) * 2 && rows.every((row) => row.status === "sent");
      },
      { timeoutMs: 90_000, what: "every e-mail sent" },
    );
    await waitFor(() => outboxFiles(outboxDir({ DATA_DIR: copy.dataDir })).length === (SUBMISSIONS + 3) * 2 + 1, {
      timeoutMs: 30_000,
      what: "the staff e-mail in the outbox",
    });
    const deliveryIds = (
      await store.db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.enquiryId, ids))
    ).map((row) => row.id);
    return { ids, deliveryIds, otherIds };
  } finally {
    await pipeline.close();
  }
}

type State = {
  enquiries: number;
  deliveries: number;
  notes: number;
  jobs: number;
  erasureRows: number;
  outboxFiles: number;
};

/** What is held of the person, by every route the erasure covers. */
async function stateOf(store: Store, copy: Copy, seeded: Seeded): Promise<State> {
  const secret = TEST_KEYS.FINGERPRINT_KEY;
  const count = (rows: unknown) => (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length;
  const pattern = personPattern(subject.email, [...seeded.ids, ...seeded.deliveryIds]);
  const filePattern = new RegExp(personPattern(subject.email));
  return {
    enquiries: (await store.db.select().from(enquiries).where(inArray(enquiries.id, seeded.ids))).length,
    deliveries: (await store.db.select().from(deliveries).where(inArray(deliveries.enquiryId, seeded.ids))).length,
    notes: (await store.db.select().from(enquiryNotes).where(inArray(enquiryNotes.enquiryId, seeded.ids))).length,
    jobs: count(
      await store.db.execute(sql`select id from pgboss.job
        where lower(concat_ws(' ', data::text, output::text, source_output::text)) ~ ${pattern}`),
    ),
    erasureRows: (
      await store.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "erasure"), eq(auditLog.target, subjectHash(secret, subject.email))))
    ).length,
    outboxFiles: outboxFiles(outboxDir({ DATA_DIR: copy.dataDir })).filter((f) =>
      filePattern.test(searchableMailText(f.raw)),
    ).length,
  };
}

/** Runs the child to its pause point and kills it there, or (`none`) to the end. */
function runChild(copy: Copy, pause: string): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "faults/erasure-child.ts"], {
      cwd: repo,
      env: {
        ...process.env,
        ...TEST_KEYS,
        DATA_DIR: copy.dataDir,
        DATABASE_URL: copy.databaseUrl ?? "",
        ERASE_EMAIL: subject.email.toLowerCase(),
        PAUSE: pause,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let killed = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The erasure child did not reach "${pause}" in time:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Killed once the child has printed its whole PAUSED line.
      if (!killed && pause !== "none" && /^PAUSED[^\n]*\n/m.test(output)) {
        killed = true;
        child.kill("SIGKILL");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const finished = pause === "none" && code === 0;
      if (pause === "none" && !finished) reject(new Error(`The erasure child failed (${code}):\n${output}`));
      else if (!finished && signal !== "SIGKILL") {
        reject(new Error(`The erasure child ended (${code ?? signal}) before it was killed:\n${output}`));
      } else resolve({ killed, output });
    });
  });
}

async function withStore<T>(copy: Copy, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir: copy.dataDir, databaseUrl: copy.databaseUrl });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

const engines = [
  {
    name: "pglite",
    async template(): Promise<Copy> {
      const data = await preparedDataDir("maternis-faults-erasure-");
      cleanups.push(data.remove);
      return { dataDir: data.dir };
    },
    async clone(template: Copy): Promise<Copy> {
      const data = tempDataDir("maternis-faults-erasure-");
      cleanups.push(data.remove);
      cpSync(template.dataDir, data.dir, { recursive: true });
      return { dataDir: data.dir };
    },
  },
  {
    name: "postgres",
    async template(): Promise<Copy> {
      const data = tempDataDir("maternis-faults-erasure-");
      cleanups.push(data.remove);
      return { dataDir: data.dir, databaseUrl: await postgres.createDatabase() };
    },
    async clone(template: Copy): Promise<Copy> {
      const data = tempDataDir("maternis-faults-erasure-");
      cleanups.push(data.remove);
      cpSync(template.dataDir, data.dir, { recursive: true });
      const name = `erasure_${Math.random().toString(36).slice(2, 10)}`;
      const databaseUrl = await postgres.createDatabase(name, new URL(template.databaseUrl!).pathname.slice(1));
      return { dataDir: data.dir, databaseUrl };
    },
  },
];

describe.each(engines)("SIGKILL during an erasure on $name", (engine) => {
  let template: Copy;
  let seeded: Seeded;
  let present: State;
  const erased: State = { enquiries: 0, deliveries: 0, notes: 0, jobs: 0, erasureRows: 1, outboxFiles: 0 };

  beforeAll(async () => {
    template = await engine.template();
    seeded = await seed(template);
    present = await withStore(template, (store) => stateOf(store, template, seeded));
    // The person is really there, by every route (so "present" below means something).
    expect(present).toEqual({
      enquiries: SUBMISSIONS + 1,
      deliveries: SUBMISSIONS * 2,
      notes: 10,
      jobs: expect.any(Number) as number,
      erasureRows: 0,
      outboxFiles: SUBMISSIONS * 2 + 1,
    });
    // Each delivery's job (the staff e-mail's job is deleted once it is sent: ADR 012).
    expect(present.jobs).toBeGreaterThanOrEqual(SUBMISSIONS * 2);
  });

  /** The person fully erased, and nobody else touched. */
  async function expectErased(copy: Copy, erasureRows = 1) {
    await withStore(copy, async (store) => {
      expect(await stateOf(store, copy, seeded)).toEqual({ ...erased, erasureRows });
      const dump = await dumpAllTables(store);
      for (const marker of markers(subject)) expect(dump, marker).not.toContain(marker);
      expect(dump).toContain(other.email.toLowerCase());
      expect((await store.db.select().from(enquiries).where(inArray(enquiries.id, seeded.otherIds))).length).toBe(3);
    });
    const otherFiles = outboxFiles(outboxDir({ DATA_DIR: copy.dataDir })).filter((f) =>
      f.raw.toLowerCase().includes(other.email.toLowerCase()),
    );
    expect(otherFiles).toHaveLength(6);
  }

  test("killed before the commit: the person is fully present, and a new erasure then removes everything", async () => {
    const copy = await engine.clone(template);
    const { killed } = await runChild(copy, "in-transaction");
    expect(killed).toBe(true);
    expect(await withStore(copy, (store) => stateOf(store, copy, seeded))).toEqual(present);
    await runChild(copy, "none");
    await expectErased(copy);
  });

  test("killed after the commit: erased in the database; erasing again removes the outbox files left behind", async () => {
    const copy = await engine.clone(template);
    await runChild(copy, "after-commit");
    expect(await withStore(copy, (store) => stateOf(store, copy, seeded))).toEqual({
      ...erased,
      outboxFiles: present.outboxFiles,
    });
    const { output } = await runChild(copy, "none");
    const result = JSON.parse(output.slice(output.indexOf("DONE ") + 5)) as { counts: Record<string, number> };
    expect(result.counts).toMatchObject({ enquiries: 0, jobs: 0, outboxFiles: present.outboxFiles });
    // Each erasure left its audit row: the committed one and the rerun.
    await expectErased(copy, 2);
  });

  test("killed inside the transaction after each of its writes: the writes were made, and none survives", async () => {
    // The erasure's writes in order (app/features/data-requests/data-requests.server.ts, eraseSubject): the jobs,
    // notes, deliveries and enquiries deleted, then the audit row inserted.
    const order = ["jobs", "notes", "deliveries", "enquiries", "erasureRows"] as const;
    type Visible = Record<(typeof order)[number], number>;
    let before: Visible | undefined;
    const seen: string[] = [];
    for (let writes = 0; writes < order.length; writes++) {
      const copy = await engine.clone(template);
      const { killed, output } = await runChild(copy, `after-write:${writes}`);
      // The child reached this point inside the transaction and was killed there, not after.
      expect(killed, `after ${writes} writes`).toBe(true);
      expect(output).not.toContain("DONE ");
      const line = /^PAUSED (.*)$/m.exec(output);
      expect(line, output).not.toBeNull();
      const report = JSON.parse(line![1]!) as { writes: number; visible: Visible };
      expect(report.writes).toBe(writes);
      before ??= report.visible;
      // Inside the transaction, exactly the first `writes` steps had taken effect.
      const changed = order.filter((table) => report.visible[table] !== before![table]);
      expect(changed, `what the transaction saw after ${writes} writes`).toEqual(order.slice(0, writes));
      // After the kill: nothing of it survived.
      expect(await withStore(copy, (store) => stateOf(store, copy, seeded)), `killed after ${writes} writes`).toEqual(
        present,
      );
      seen.push(`${writes}: ${changed.join("+") || "none"}`);
    }
    // Written to the test's output, so a run shows where the kills landed.
    console.info(`${engine.name}: killed inside the transaction after writes ${seen.join(", ")}`);
  }, 240_000);
});
