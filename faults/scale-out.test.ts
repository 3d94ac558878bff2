/**
 * Scale-out on PostgreSQL, as docs/operations.md runs it: two web processes with
 * RUN_WORKER=false and two `npm run worker` processes on one PostgreSQL 15
 * cluster. 500 enquiries of all three kinds are spread over both web
 * processes; mid-run one worker and one web process are killed with SIGKILL
 * and restarted. Then:
 *
 * - every accepted enquiry is stored once (and nothing is stored twice);
 * - every e-mail each stored enquiry owes reaches the SMTP server;
 * - a repeat carries the same Message-ID, and there are no more repeats than
 *   jobs the killed worker held (its batch);
 * - a demo or advisory notification arrives only after its welcome.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { enquiryKindNames, enquiryKinds, type EnquiryKind } from "~/features/enquiries/kinds";
import {
  faultServerEnv,
  formBody,
  messageIdOf,
  startFaultServer,
  startFaultWorker,
  type FaultWorker,
} from "../test/support/faults";
import { validFields } from "../test/support/fixtures";
import { pool } from "../test/support/load";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { isSuccessPage, postForm } from "../test/support/raw-http";
import type { RunningServer } from "../test/support/server-process";
import { TEST_KEYS } from "../test/support/test-keys";
import { startSmtpServer, type TestSmtpServer } from "../test/support/smtp";
import { waitFor } from "../test/support/wait";

const TOTAL = 500;
const BATCH = 10;

let postgres: TestPostgres;
let smtp: TestSmtpServer;
let env: Record<string, string>;
const webs: RunningServer[] = [];
const workers: FaultWorker[] = [];

beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtpServer({ closeTimeoutMs: 200 })]);
  env = {
    DATABASE_URL: await postgres.createDatabase(),
    // Every process on the database has the same keys (the form key the one the posts are signed with).
    ...TEST_KEYS,
    FORM_SECRET: faultServerEnv.FORM_SECRET!,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    WORKER_BATCH_SIZE: String(BATCH),
    WORKER_CONCURRENCY: "4",
    WORKER_POLL_INTERVAL_SECONDS: "0.5",
  };
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill("SIGKILL")));
  await Promise.all(webs.map((web) => web.kill("SIGKILL")));
  await smtp?.stop();
  await postgres?.stop();
});

/** `npm run worker` (test/support/faults.ts), killed after the test. */
async function startWorker(): Promise<FaultWorker> {
  const worker = await startFaultWorker(env);
  workers.push(worker);
  return worker;
}

test("two web processes and two workers on PostgreSQL: kills lose nothing, repeat little, keep the order", async () => {
  const web = { ...env, RUN_WORKER: "false" };
  webs.push(await startFaultServer(web), await startFaultServer(web));
  const first = await startWorker();
  await startWorker();

  const kinds = (i: number): EnquiryKind => enquiryKindNames[i % enquiryKindNames.length]!;
  const address = (i: number) => `scale${i}@example.org`;
  const accepted = new Set<number>();
  let killed: Promise<void> | undefined;
  const results = await pool(TOTAL, 10, async (i) => {
    if (i === 200 && !killed) {
      // Mid-run: one worker and one web process die; both come back.
      killed = (async () => {
        const victim = webs[0]!;
        await Promise.all([first.kill("SIGKILL"), victim.kill("SIGKILL")]);
        webs[0] = await startFaultServer(web, { port: victim.port });
        await startWorker();
      })();
    }
    const base = webs[i % 2]!.url;
    const response = await postForm(base, kinds(i), formBody(validFields(kinds(i), address(i), i)));
    if (isSuccessPage(kinds(i), response)) accepted.add(i);
    return response.status;
  });
  await killed;
  const refused = results.filter((r) => r.status === "rejected").length;
  // Only requests to the killed web process may fail: every one sent to the other was accepted
  // (how many reach the killed one while it restarts depends on the machine's load).
  const toSurvivor = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => i % 2 === 1);
  expect(toSurvivor.filter((i) => !accepted.has(i))).toEqual([]);
  expect(accepted.size).toBeGreaterThan(TOTAL / 2);
  expect(accepted.size + refused).toBeLessThanOrEqual(TOTAL);

  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const stored = (
      await db.query<{ id: string; kind: EnquiryKind; email: string }>("select id, kind, email from enquiries")
    ).rows;
    const byEmail = new Map<string, number>();
    for (const row of stored) byEmail.set(row.email, (byEmail.get(row.email) ?? 0) + 1);
    // Stored once: no address twice; every accepted enquiry present.
    expect([...byEmail.values()].every((n) => n === 1)).toBe(true);
    for (const i of accepted) expect(byEmail.get(address(i)), address(i)).toBe(1);

    // Every e-mail each stored enquiry owes: its first deliveries and what waits for them.
    const owed = stored.flatMap((row) => {
      const definition = enquiryKinds[row.kind] as { first: readonly string[]; after?: Record<string, string> };
      const kinds = [...definition.first, ...Object.values(definition.after ?? {})];
      return kinds.map((kind) => messageIdOf(row.id, kind));
    });
    await waitFor(() => new Set(smtp.received.map((m) => m.messageId)).size >= owed.length, {
      what: `${owed.length} distinct e-mails`,
      timeoutMs: 180_000,
    });
    const ids = smtp.received.map((m) => m.messageId!);
    expect(new Set(ids)).toEqual(new Set(owed));
    const repeats = ids.length - new Set(ids).size;
    expect(repeats, "repeats after the worker was killed").toBeLessThanOrEqual(BATCH);

    // A notification only after its welcome.
    for (const row of stored.filter((r) => r.kind !== "contact")) {
      const welcome = ids.indexOf(messageIdOf(row.id, "welcome"));
      const notification = ids.indexOf(messageIdOf(row.id, "notification"));
      expect(notification, row.id).toBeGreaterThan(welcome);
    }
    console.info(
      `scale-out: ${accepted.size} accepted of ${TOTAL} (${refused} refused by the killed web process), ${stored.length} stored, ${owed.length} e-mails owed, ${ids.length} received, ${repeats} repeated`,
    );
  } finally {
    await db.end();
  }
});
