import { sql, type SQL } from "drizzle-orm";
import { PgBoss, type Queue } from "pg-boss";
import type { Env } from "./env.server";
import { scrubbedError, type Logger } from "./log.server";
import { rowsOf, type Store } from "./db/db.server";

/**
 * The job queue: pg-boss on the site's own database (PGlite or PostgreSQL).
 * Each feature declares its queues (a {@link QueueSpec} each, beside the code
 * that sends and works its jobs); every process creates them all when it
 * starts (app/site.server.ts lists them), since a web process sends jobs that
 * a worker elsewhere works.
 */
export type QueueOptions = Omit<Queue, "name" | "policy">;
export type QueueSpec = { name: string; options: QueueOptions };

/**
 * The longest one attempt at a send takes: the transports' own timeouts (30 s an e-mail or text
 * message) and a provider's rate limit (at most two waits of 30 s, each send then tried again).
 */
export const SEND_ATTEMPT_SECONDS = 120;

/**
 * How long a worker may hold a batch of a sending queue's jobs (its `expireInSeconds`): pg-boss
 * bounds the whole batch handler by it, not each job, and fails every job of a batch that runs
 * over, those already sent too (a review found a slow provider could do that with the defaults:
 * 20 jobs, 4 at a time, up to 120 s each). So: the rounds of WORKER_CONCURRENCY sends a batch of
 * WORKER_BATCH_SIZE takes, each at most `attemptSeconds`.
 */
export function batchSeconds(
  env: Pick<Env, "WORKER_BATCH_SIZE" | "WORKER_CONCURRENCY">,
  attemptSeconds = SEND_ATTEMPT_SECONDS,
) {
  return Math.ceil(env.WORKER_BATCH_SIZE / env.WORKER_CONCURRENCY) * attemptSeconds;
}

/**
 * The retry policy of a queue whose jobs send something (an e-mail, a text
 * message, a webhook), from the environment: DELIVERY_RETRY_* delays with
 * backoff, and `deadLetter`, the queue a job lands in when every retry failed.
 */
export function deliveryRetryPolicy(env: Env, deadLetter: string, attemptSeconds = SEND_ATTEMPT_SECONDS): QueueOptions {
  const backoff = env.DELIVERY_RETRY_BACKOFF && env.DELIVERY_RETRY_DELAY_SECONDS > 0;
  return {
    retryLimit: env.DELIVERY_RETRY_LIMIT,
    retryDelay: env.DELIVERY_RETRY_DELAY_SECONDS,
    retryBackoff: backoff,
    ...(backoff ? { retryDelayMax: env.DELIVERY_RETRY_DELAY_MAX_SECONDS } : {}),
    // A live worker sends a heartbeat for each job it holds (every 5 s); a job
    // without one for this long belonged to a worker that died (SIGKILL, a
    // lost machine): a worker's supervisor fails it within SUPERVISE_SECONDS,
    // and resumeAbandonedJobs makes it due at once (not after the retry delay).
    // pg-boss's least.
    heartbeatSeconds: 10,
    // The hard cap of a batch of attempts (a dead worker is found by its heartbeat long before).
    expireInSeconds: batchSeconds(env, attemptSeconds),
    // Never drop a job that is still waiting for a worker.
    retentionSeconds: 90 * 24 * 60 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    deadLetter,
  };
}

/** A dead-letter queue: its jobs mark a delivery given up, retried if that fails. */
export const deadLetterQueueOptions: QueueOptions = {
  retentionSeconds: 90 * 24 * 60 * 60,
  deleteAfterSeconds: 30 * 24 * 60 * 60,
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
};

/**
 * A sending queue and its dead letters, the dead-letter queue first (a queue
 * names its dead letter, which must exist): `name`'s jobs retry by
 * deliveryRetryPolicy, with `overrides`, and land in `deadLetter` when every
 * retry failed.
 */
export function deliveryQueues(
  env: Env,
  {
    name,
    deadLetter,
    attemptSeconds,
    overrides = {},
  }: { name: string; deadLetter: string; attemptSeconds?: number; overrides?: QueueOptions },
): QueueSpec[] {
  return [
    { name: deadLetter, options: deadLetterQueueOptions },
    { name, options: { ...deliveryRetryPolicy(env, deadLetter, attemptSeconds), ...overrides } },
  ];
}

async function ensureQueue(boss: PgBoss, { name, options }: QueueSpec) {
  if (!(await boss.getQueue(name))) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      // Another process created it between our look-up and create: update instead.
      if (!(await boss.getQueue(name))) throw error;
    }
  }
  if (Object.keys(options).length > 0) await boss.updateQueue(name, options);
}

/**
 * Starts pg-boss on the site's database and creates (or updates) `queues`,
 * dead-letter queues first. `worker` also turns on pg-boss's supervision
 * (expiring jobs of dead workers) and cron scheduling, which only the
 * processes that run the worker need.
 */
export async function startBoss(
  store: Store,
  log: Logger,
  { worker, queues }: { worker: boolean; queues: readonly QueueSpec[] },
): Promise<PgBoss> {
  const boss = new PgBoss({
    ...store.bossConnection,
    ...(store.engine === "pglite" ? { backend: "pglite" as const } : { max: 4 }),
    schema: "pgboss",
    supervise: worker,
    schedule: worker,
    // How often a worker process looks for jobs whose worker died (see heartbeatSeconds). The
    // monitor pass that finds them also counts each queue's jobs (one scan of the job table).
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    migrate: true,
  });
  boss.on("error", (error) => log.error("job queue error", { err: error }));
  await boss.start();
  const deadLetters = new Set(queues.flatMap((queue) => queue.options.deadLetter ?? []));
  for (const queue of queues.filter((queue) => deadLetters.has(queue.name))) await ensureQueue(boss, queue);
  for (const queue of queues.filter((queue) => !deadLetters.has(queue.name))) await ensureQueue(boss, queue);
  return boss;
}

/**
 * How often a worker process's pg-boss supervisor fails the jobs of a dead
 * worker (a heartbeat older than heartbeatSeconds), and how often
 * {@link resumeAbandonedJobs} makes them due: a dead worker's jobs are sent by
 * another within heartbeatSeconds + 2 × this + a poll (about 22 s; at most
 * 30: faults/worker-death.test.ts, docs/decisions/025-memory-recovery-and-load.md).
 */
export const SUPERVISE_SECONDS = 5;

/** What pg-boss's supervisor writes on a job it failed for a missing heartbeat (plans.failJobsByHeartbeat). */
export const HEARTBEAT_TIMEOUT = "job heartbeat timeout";

/** Jobs of `queues` waiting to be retried that match `which`, made due now; returns how many per queue. */
async function dueNow(store: Store, queues: readonly string[], which: SQL): Promise<Map<string, number>> {
  const rows = rowsOf<{ name: string; n: number }>(
    await store.db.execute(sql`with resumed as (
      update pgboss.job set start_after = now()
      where name = any(${sql.param([...queues])}::text[]) and state = 'retry' and start_after > now() and ${which}
      returning name
    ) select name, count(*)::int as n from resumed group by name`),
  );
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/**
 * A job pg-boss failed because its worker stopped sending heartbeats was not
 * refused by anyone: its worker died (SIGKILL, a lost host) in the middle of
 * it. pg-boss would retry it after the queue's retry delay (a minute or two
 * with DELIVERY_RETRY_* backoff), which is for providers that failed a send;
 * this makes such jobs due at once, so a surviving worker takes them at its
 * next poll. Every worker process runs it each SUPERVISE_SECONDS
 * ({@link resumeAbandonedJobsEvery}). Returns how many it resumed.
 */
export async function resumeAbandonedJobs(store: Store, queues: readonly string[], log: Logger): Promise<number> {
  const resumed = await dueNow(store, queues, sql`output #>> '{value,message}' = ${HEARTBEAT_TIMEOUT}`);
  for (const [queue, jobs] of resumed) log.warn("resumed jobs of a worker that stopped", { queue, jobs });
  return [...resumed.values()].reduce((a, b) => a + b, 0);
}

/** Runs {@link resumeAbandonedJobs} every SUPERVISE_SECONDS until the returned function is called. */
export function resumeAbandonedJobsEvery(store: Store, queues: readonly string[], log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = resumeAbandonedJobs(store, queues, log).catch((error: unknown) =>
      log.error("could not resume the jobs of a worker that stopped", { err: error }),
    );
  }, SUPERVISE_SECONDS * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * After a crash, jobs the dead process was working on stay `active` until
 * they expire (expireInSeconds, then up to a supervise interval): minutes
 * during which those e-mails wait. The embedded database can only be open in
 * one process (its lock file), so when a worker starts on it every active job
 * of every queue is an orphan: fail them now, due at once (not after the retry
 * delay: nobody refused them), so the worker starting retries them at its
 * first poll (a repeat carries the same Message-ID). Not for PostgreSQL, where
 * another live worker may own them (there a dead worker's jobs are found by
 * their heartbeats: {@link resumeAbandonedJobs}). Returns how many were
 * recovered.
 */
export async function recoverOrphanedJobs(store: Store, boss: PgBoss, log: Logger): Promise<number> {
  if (store.engine !== "pglite") return 0;
  let recovered = 0;
  for (const { name: queue } of await boss.getQueues()) {
    const orphans = (await boss.findJobs(queue)).filter((job) => job.state === "active").map((job) => job.id);
    if (orphans.length === 0) continue;
    await boss.fail(queue, orphans, { error: "The process working on this job stopped before it finished" });
    await dueNow(store, [queue], sql`id = any(${sql.param(orphans)}::uuid[])`);
    recovered += orphans.length;
    log.warn("recovered jobs of a process that stopped", { queue, jobs: orphans.length });
  }
  return recovered;
}

/**
 * What a failed job keeps in its `output` row (a `perJobResults` handler's answer): the error's
 * message with no address, phone number or query value (ADR 013: no personal data in a job row). A
 * provider's refusal often names the recipient ("Recipient rejected: …").
 */
export const jobFailure = (error: unknown) => ({ message: scrubbedError(error).message });

/**
 * A queue's handler whose thrown errors reach pg-boss scrubbed: it stores a thrown error's message
 * and stack in the job's `output`, kept until the job is deleted, so an error naming a person (a
 * provider's refusal, a failed query's values) would stay there. Every `boss.work` handler of the
 * site is wrapped in it: eslint refuses one that is not (eslint.config.js).
 */
export function scrubFailures<A extends unknown[], R>(handler: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      throw scrubbedError(error);
    }
  };
}

/** Runs `fn` on each job (at most `limit` at once) and reports each one's own outcome to pg-boss (`perJobResults`). */
export function settleEach<T>(
  jobs: readonly { id: string; data: T }[],
  limit: number,
  fn: (job: { data: T }) => Promise<unknown>,
) {
  return mapBounded(jobs, limit, async (job) => {
    try {
      await fn(job);
      return { id: job.id, status: "completed" as const };
    } catch (error) {
      return { id: job.id, status: "failed" as const, output: jobFailure(error) };
    }
  });
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** How a worker that sends takes its jobs: WORKER_BATCH_SIZE at once, WORKER_CONCURRENCY in flight. */
export type DeliveryWorkerOptions = Pick<
  Env,
  "WORKER_BATCH_SIZE" | "WORKER_CONCURRENCY" | "WORKER_POLL_INTERVAL_SECONDS"
>;

/**
 * Works `queue`'s jobs in batches, each settling on its own, and its
 * dead-letter queue one at a time: the shape every sending worker has
 * (integrations, text messages; the enquiries' e-mails add a rate-limit gate).
 */
export async function workDeliveries<T>(
  boss: PgBoss,
  queues: { queue: string; deadLetter: string },
  options: DeliveryWorkerOptions,
  handlers: { send(data: T): Promise<unknown>; giveUp(data: T): Promise<unknown> },
) {
  const polling = { pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS };
  await boss.work<T>(
    queues.queue,
    { ...polling, batchSize: options.WORKER_BATCH_SIZE, perJobResults: true },
    scrubFailures((jobs) => settleEach(jobs, options.WORKER_CONCURRENCY, (job) => handlers.send(job.data))),
  );
  await boss.work<T>(
    queues.deadLetter,
    polling,
    scrubFailures(async ([job]) => {
      if (job) await handlers.giveUp(job.data);
    }),
  );
}
