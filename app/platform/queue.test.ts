/**
 * A dead worker's jobs are due again at once (docs/decisions/025-memory-recovery-and-load.md):
 * pg-boss's supervisor fails a job whose heartbeat stopped, and would retry it
 * after the queue's retry delay; resumeAbandonedJobs makes it due now. A send
 * that failed keeps its delay. The worker-death fault test
 * (faults/worker-death.test.ts) measures the whole path with real processes.
 */
import { sql } from "drizzle-orm";
import type { Job, PgBoss } from "pg-boss";
import { describe, expect, test } from "vitest";
import { bothEngines } from "../../test/support/engines";
import { openTestStore, testEnv } from "../../test/support/pglite";
import { siteQueues } from "~/site.server";
import { DELIVERY_QUEUE } from "~/features/enquiries/queues.server";
import { INTEGRATION_ATTEMPT_SECONDS, INTEGRATION_QUEUE } from "~/features/integrations/queues.server";
import { SMS_QUEUE } from "~/features/text-messages/queues.server";
import { rowsOf, type Store } from "./db/db.server";
import { createLogger } from "./log.server";
import {
  batchSeconds,
  HEARTBEAT_TIMEOUT,
  resumeAbandonedJobs,
  scrubFailures,
  SEND_ATTEMPT_SECONDS,
  settleEach,
  startBoss,
} from "./queue.server";
import { waitFor } from "../../test/support/wait";

const { engines, open } = bothEngines<{ close(): Promise<unknown> }>();
const log = createLogger("silent");
const QUEUE = "resume-test";

async function opened(env: Record<string, string>) {
  const store = await openTestStore(env);
  const boss = await startBoss(store, log, {
    worker: false,
    queues: [{ name: QUEUE, options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, heartbeatSeconds: 10 } }],
  });
  open.push({
    async close() {
      await boss.stop({ graceful: false });
      await store.close();
    },
  });
  return { store, boss };
}

async function jobState(store: Store, id: string) {
  const [row] = rowsOf<{ state: string; waits: number; message: string | null }>(
    await store.db.execute(
      sql`select state::text as state, extract(epoch from start_after - now())::float8 as waits, output #>> '{value,message}' as message from pgboss.job where id = ${id}`,
    ),
  );
  return row!;
}

async function fetchIds(boss: PgBoss) {
  return ((await boss.fetch(QUEUE, { batchSize: 10 })) ?? []).map((job) => job.id);
}

describe.each(engines)("on $name", (engine) => {
  test("a job whose worker stopped sending heartbeats is due at once; a send that failed keeps its delay", async () => {
    const { store, boss } = await opened(await engine.database());
    const died = (await boss.send(QUEUE, { n: 1 }))!;
    const refused = (await boss.send(QUEUE, { n: 2 }))!;
    expect((await fetchIds(boss)).sort()).toEqual([died, refused].sort());
    await boss.fail(QUEUE, refused, { message: "the provider refused it" });
    // The worker holding `died` stops: its last heartbeat a minute ago. A worker's supervisor then fails it.
    await store.db.execute(sql`update pgboss.job set heartbeat_on = now() - interval '1 minute' where id = ${died}`);
    await boss.supervise(QUEUE);

    // pg-boss alone would retry it after the retry delay, like the refused send (the control).
    const before = await jobState(store, died);
    expect(before).toMatchObject({ state: "retry", message: HEARTBEAT_TIMEOUT });
    expect(before.waits).toBeGreaterThan(30);
    expect(await fetchIds(boss)).toEqual([]);

    expect(await resumeAbandonedJobs(store, [QUEUE], log)).toBe(1);
    expect(await fetchIds(boss)).toEqual([died]);
    // The refused send still waits its retry delay.
    expect((await jobState(store, refused)).waits).toBeGreaterThan(30);
    expect(await resumeAbandonedJobs(store, [QUEUE], log)).toBe(0);
  });

  test("a handler's thrown error is kept in the job's output without the address or the query values it named (ADR 013)", async () => {
    const { store, boss } = await opened(await engine.database());
    const errors = {
      refusal: new Error("Can't send mail: 550 <ama@example.org> refused"),
      query: new Error("Failed query: insert into notes values ($1)\nparams: a note about Ama"),
    };
    for (const error of Object.values(errors)) {
      const id = (await boss.send(QUEUE, { n: 1 }, { retryLimit: 0 }))!;
      expect((await boss.fetch(QUEUE))?.map((job) => job.id)).toEqual([id]);
      const work = scrubFailures(async () => {
        throw error;
      });
      await boss.fail(QUEUE, id, await work().catch((thrown: unknown) => thrown as Error));
      const output = await jobOutput(store, id);
      expect(output).not.toContain("ama@example.org");
      expect(output).not.toContain("a note about Ama");
      // The control: the error is there, all but what named the person.
      expect(output).toContain(error === errors.refusal ? "550 <[address]> refused" : "params: [redacted]");
      // Unwrapped, the same error would have kept it.
      expect(error.message).toMatch(/ama@example\.org|a note about Ama/);
    }
  });
});

describe("a sending queue's expiry", () => {
  test("each sending queue of the site expires after its batch's rounds (integrations: at their own attempt's bound)", () => {
    const env = testEnv({ WORKER_BATCH_SIZE: "20", WORKER_CONCURRENCY: "4" });
    const expiry = (name: string) => siteQueues(env).find((queue) => queue.name === name)?.options?.expireInSeconds;
    expect(expiry(DELIVERY_QUEUE)).toBe(5 * SEND_ATTEMPT_SECONDS);
    expect(expiry(SMS_QUEUE)).toBe(5 * SEND_ATTEMPT_SECONDS);
    expect(expiry(INTEGRATION_QUEUE)).toBe(5 * INTEGRATION_ATTEMPT_SECONDS);
    expect(INTEGRATION_ATTEMPT_SECONDS).toBe(15);
  });

  test("covers a batch's rounds of sends, since pg-boss bounds the whole batch handler by it", () => {
    expect(batchSeconds({ WORKER_BATCH_SIZE: 20, WORKER_CONCURRENCY: 4 })).toBe(5 * SEND_ATTEMPT_SECONDS);
    expect(batchSeconds({ WORKER_BATCH_SIZE: 20, WORKER_CONCURRENCY: 8 }, 15)).toBe(3 * 15);
    expect(batchSeconds({ WORKER_BATCH_SIZE: 1, WORKER_CONCURRENCY: 4 })).toBe(SEND_ATTEMPT_SECONDS);
  });
});

describe.each(engines)("a batch of slow sends on $name", (engine) => {
  /** Four jobs worked as one batch, one at a time, each taking `sendMs`, on a queue expiring after `expireInSeconds`. */
  async function batchOfFour(expireInSeconds: number, sendMs: number) {
    const store = await openTestStore(await engine.database());
    const queue = `slow-${expireInSeconds}`;
    const boss = await startBoss(store, log, {
      worker: false,
      queues: [{ name: queue, options: { retryLimit: 0, expireInSeconds } }],
    });
    open.push({
      async close() {
        await boss.stop({ graceful: false });
        await store.close();
      },
    });
    const ids = await Promise.all([1, 2, 3, 4].map(async (n) => (await boss.send(queue, { n }))!));
    await boss.work<{ n: number }>(
      queue,
      { batchSize: 4, perJobResults: true, pollingIntervalSeconds: 0.5 },
      scrubFailures((jobs: Job<{ n: number }>[]) =>
        settleEach(jobs, 1, () => new Promise((resolve) => setTimeout(resolve, sendMs))),
      ),
    );
    return waitFor(
      async () => {
        const states = rowsOf<{ state: string }>(
          await store.db.execute(sql`select state::text as state from pgboss.job where name = ${queue} order by id`),
        ).map((row) => row.state);
        return states.length === ids.length && states.every((state) => state === "completed" || state === "failed")
          ? states
          : undefined;
      },
      { what: "the batch to settle" },
    );
  }

  test("within batchSeconds every job completes; at one send's cap the whole batch fails, sent ones too", async () => {
    // Four sends of 0.6 s one at a time: 2.4 s, over a 1-second cap of one attempt.
    expect(await batchOfFour(batchSeconds({ WORKER_BATCH_SIZE: 4, WORKER_CONCURRENCY: 1 }, 1), 600)).toEqual(
      Array(4).fill("completed"),
    );
    expect(await batchOfFour(1, 600)).toEqual(Array(4).fill("failed"));
  });
});

async function jobOutput(store: Store, id: string) {
  const [row] = rowsOf<{ output: string }>(
    await store.db.execute(sql`select output::text as output from pgboss.job where id = ${id}`),
  );
  return row?.output ?? "";
}
