/**
 * A worker killed in the middle of a batch costs seconds, not the retry delay
 * (issue 45, docs/decisions/025-memory-recovery-and-load.md): the e-mails it
 * was sending reach the SMTP server within 30 s of the kill, sent by the
 * worker that survives it (PostgreSQL) or by the restarted server (the
 * embedded database, whose worker is the server), each under its delivery's
 * own Message-ID. The retry settings are the production defaults (a first
 * retry after one to two minutes), so only the dead worker's jobs are quick.
 *
 * The SMTP server reads the first batch's messages and never answers them: the
 * worker is stuck in the middle of them when it is killed (the control checks
 * it held them, unsent, before the kill).
 */
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { enquiryKinds } from "~/features/enquiries/kinds";
import * as enquiryTables from "~/features/enquiries/tables.server";
import { openStore } from "~/platform/db/db.server";
import {
  faultServerEnv,
  formBody,
  startFaultServer,
  startFaultWorker,
  waitForAllSent,
  type FaultWorker,
} from "../test/support/faults";
import { validFields } from "../test/support/fixtures";
import { preparedDataDir } from "../test/support/pglite";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { isSuccessPage, postForm } from "../test/support/raw-http";
import type { RunningServer } from "../test/support/server-process";
import { startSmtpServer, type TestSmtpServer } from "../test/support/smtp";
import { TEST_KEYS } from "../test/support/test-keys";
import { waitFor } from "../test/support/wait";

/** Jobs a worker takes at once, all sent at once (the SMTP transport's four connections): the batch the kill interrupts. */
const BATCH = 4;
const ENQUIRIES = 8;
/** What the issue allows between the kill and the last of the dead worker's e-mails. */
const MAX_GAP_MS = 30_000;
const host = new URL(faultServerEnv.SITE_URL!).hostname;
const owedPerEnquiry = enquiryKinds.contact.first.length;

/** The delivery retry settings a site runs with by default (docs/configuration.md). */
const productionRetries = {
  DELIVERY_RETRY_DELAY_SECONDS: "60",
  DELIVERY_RETRY_BACKOFF: "true",
  DELIVERY_RETRY_LIMIT: "10",
  WORKER_POLL_INTERVAL_SECONDS: "2",
  WORKER_BATCH_SIZE: String(BATCH),
  WORKER_CONCURRENCY: String(BATCH),
};

let smtp: TestSmtpServer;
const running: { kill(signal?: NodeJS.Signals): Promise<unknown> }[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer({ closeTimeoutMs: 200 });
});

afterAll(async () => {
  await Promise.all(running.map((process) => process.kill("SIGKILL")));
  await smtp?.stop();
});

/** Posts `ENQUIRIES` contact enquiries to `web`. */
async function postEnquiries(web: RunningServer, tag: string) {
  for (let i = 0; i < ENQUIRIES; i++) {
    const response = await postForm(web.url, "contact", formBody(validFields("contact", `${tag}${i}@example.org`, i)));
    expect(isSuccessPage("contact", response), `enquiry ${i}`).toBe(true);
  }
}

/** The Message-IDs of the e-mails the stored enquiries owe (app/features/enquiries/emails.server.ts). */
const owedBy = (enquiryIds: string[]) =>
  enquiryIds.flatMap((id) => enquiryKinds.contact.first.map((kind) => `<${id}.${kind}@${host}>`));

/** The Message-IDs the SMTP server accepted since it had accepted `start` messages. */
const receivedSince = (start: number) => smtp.received.slice(start).map((mail) => mail.messageId!);

/**
 * Kills the stuck worker (then `after`, a restart) and returns how long after
 * the kill the last of the messages it held was accepted from another sender.
 */
async function gapAfterKill(start: number, kill: () => Promise<unknown>, after?: () => Promise<void>) {
  const held = [...smtp.held];
  expect(held).toHaveLength(BATCH);
  // The control: the worker held them, and none had been sent.
  expect(receivedSince(start).filter((id) => held.includes(id))).toEqual([]);
  const killedAt = Date.now();
  await kill();
  await after?.();
  await waitFor(() => held.every((id) => receivedSince(start).includes(id)), {
    what: "the dead worker's e-mails",
    timeoutMs: 180_000,
  });
  const gap = Date.now() - killedAt;
  console.info(`worker death: the dead worker's ${BATCH} e-mails arrived ${(gap / 1000).toFixed(1)} s after the kill`);
  return gap;
}

/** Every e-mail owed arrived, none under another Message-ID, a repeat only of what the dead worker held. */
async function expectEachOnce(owed: string[], start: number) {
  await waitFor(() => new Set(receivedSince(start)).size >= owed.length, {
    what: `${owed.length} distinct e-mails`,
    timeoutMs: 60_000,
  });
  const ids = receivedSince(start);
  expect(new Set(ids)).toEqual(new Set(owed));
  expect(ids.length - new Set(ids).size).toBeLessThanOrEqual(BATCH);
}

test("on PostgreSQL, the surviving worker sends what a killed worker held within 30 s", async () => {
  const postgres: TestPostgres = await startPostgres();
  running.push({ kill: () => postgres.stop() });
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    ...TEST_KEYS,
    FORM_SECRET: faultServerEnv.FORM_SECRET!,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    ...productionRetries,
  };
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  client.on("error", () => {}); // the cluster stops after the test
  await client.connect();
  try {
    const activeJobs = async () =>
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from pgboss.job where name = 'enquiry-delivery' and state = 'active'",
        )
      ).rows[0]!.n;
    const web = await startFaultServer({ ...env, RUN_WORKER: "false" });
    running.push(web);
    const start = smtp.received.length;
    await postEnquiries(web, "pg-death");

    // The first worker takes a batch and is stuck in the middle of it.
    smtp.holdNext(BATCH);
    const victim: FaultWorker = await startFaultWorker(env);
    running.push(victim);
    await waitFor(() => smtp.held.length === BATCH, { what: "the first worker's batch in flight" });
    expect(await activeJobs()).toBe(BATCH);
    running.push(await startFaultWorker(env));

    const gap = await gapAfterKill(start, () => victim.kill("SIGKILL"));
    const enquiries = (await client.query<{ id: string }>("select id from enquiries")).rows.map((row) => row.id);
    expect(enquiries).toHaveLength(ENQUIRIES);
    await expectEachOnce(owedBy(enquiries), start);
    expect(gap).toBeLessThanOrEqual(MAX_GAP_MS);
  } finally {
    await client.end();
  }
}, 240_000);

test("on the embedded database, the restarted server sends what the killed one held within 30 s of the kill", async () => {
  const data = await preparedDataDir("maternis-faults-worker-death-");
  const env = { DATA_DIR: data.dir, MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, ...productionRetries };
  try {
    // The enquiries stored first (no worker), so the worker's first fetch is a whole batch.
    const loader = await startFaultServer({ ...env, RUN_WORKER: "false" });
    running.push(loader);
    const start = smtp.received.length;
    await postEnquiries(loader, "lite-death");
    await loader.stop();

    smtp.holdNext(BATCH);
    const victim = await startFaultServer({ ...env, RUN_WORKER: "true" });
    running.push(victim);
    await waitFor(() => smtp.held.length === BATCH, { what: "the worker's batch in flight" });

    let restarted: RunningServer | undefined;
    const gap = await gapAfterKill(
      start,
      () => victim.kill("SIGKILL"),
      async () => {
        restarted = await startFaultServer({ ...env, RUN_WORKER: "true" });
        running.push(restarted);
      },
    );
    await waitForAllSent(restarted!, ENQUIRIES * owedPerEnquiry);
    await restarted!.stop();
    const store = await openStore({ dataDir: data.dir });
    const enquiries = await store.db.select({ id: enquiryTables.enquiries.id }).from(enquiryTables.enquiries);
    await store.close();
    await expectEachOnce(owedBy(enquiries.map((row) => row.id)), start);
    expect(gap).toBeLessThanOrEqual(MAX_GAP_MS);
  } finally {
    data.remove();
  }
}, 240_000);
