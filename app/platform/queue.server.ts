import { PgBoss, type Queue } from "pg-boss";
import type { DeliveryKind } from "~/features/enquiries/kinds";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { OutgoingEmail } from "./mail/transport.server";
import type { Store } from "./db/db.server";

/** One job per delivery; its data is `{ deliveryId }`. */
export const DELIVERY_QUEUE = "enquiry-delivery";
/** Where a delivery's job lands when every retry failed. */
export const DEAD_LETTER_QUEUE = "enquiry-delivery-dead";
/** The daily retention sweep. */
export const RETENTION_QUEUE = "enquiry-retention";
export const RETENTION_CRON = "17 3 * * *";
/** Backups of the embedded database, on BACKUP_CRON (Europe/London time). */
export const BACKUP_QUEUE = "enquiry-backup";

export type DeliveryJob = { deliveryId: string };

/** One job per webhook, Slack or Teams delivery (./webhooks.server.ts); its data is `{ webhookDeliveryId }`. */
export const WEBHOOK_QUEUE = "webhook-delivery";
export const WEBHOOK_DEAD_QUEUE = "webhook-delivery-dead";
export type WebhookJob = { webhookDeliveryId: string };

/**
 * E-mails to staff (sign-in codes, invitations, the digest: app/platform/mail/staff-mail.server.ts).
 * A job carries the rendered message until it is sent, then goes.
 */
export const STAFF_MAIL_QUEUE = "staff-mail";
export type StaffMailJob = { message: OutgoingEmail };
const staffMailQueueOptions = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 120,
  heartbeatSeconds: 15,
  // Useless after a few minutes (a code expires in 10), and a secret.
  retentionSeconds: 60 * 60,
  deleteAfterSeconds: 60 * 60,
};

/** The daily digest to the enquiries team (app/features/digest/digest.server.ts), on its schedule. */
export const DIGEST_QUEUE = "staff-digest";
const digestQueueOptions = { retryLimit: 3, retryDelay: 300, expireInSeconds: 300 };

/** One job per text message (./sms.server.ts); its data is `{ textMessageId }`. */
export const SMS_QUEUE = "sms-delivery";
export const SMS_DEAD_QUEUE = "sms-delivery-dead";
export type SmsJob = { textMessageId: string };

/** The job that sends one delivery. Notifications first: the company hears of an enquiry before anything else. */
export function deliveryJob(delivery: { id: string; kind: DeliveryKind }) {
  return {
    data: { deliveryId: delivery.id } satisfies DeliveryJob,
    priority: delivery.kind === "notification" ? 1 : 0,
  };
}

/** Retry policy of the delivery queue, from the environment. */
function deliveryQueueOptions(env: Env): Omit<Queue, "name" | "policy"> {
  const backoff = env.DELIVERY_RETRY_BACKOFF && env.DELIVERY_RETRY_DELAY_SECONDS > 0;
  return {
    retryLimit: env.DELIVERY_RETRY_LIMIT,
    retryDelay: env.DELIVERY_RETRY_DELAY_SECONDS,
    retryBackoff: backoff,
    ...(backoff ? { retryDelayMax: env.DELIVERY_RETRY_DELAY_MAX_SECONDS } : {}),
    // A live worker sends a heartbeat for each job it holds; a job without one
    // for this long belonged to a worker that died (SIGKILL, a lost machine),
    // and is retried by another within about a supervise interval.
    heartbeatSeconds: 15,
    // A send is bounded by the transports' own timeouts (and a provider's
    // rate limit by at most two waits of 30 s): the hard cap of one attempt.
    expireInSeconds: 120,
    // Never drop a delivery that is still waiting for a worker.
    retentionSeconds: 90 * 24 * 60 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    deadLetter: DEAD_LETTER_QUEUE,
  };
}

/**
 * The webhooks' retry policy: the e-mails' delays and backoff, with its own
 * limit (WEBHOOK_RETRY_LIMIT, 12 ≈ a day with the default delays), and its
 * own dead-letter queue. An attempt is bounded by its 10 s timeout.
 */
function webhookQueueOptions(env: Env): Omit<Queue, "name" | "policy"> {
  return {
    ...deliveryQueueOptions(env),
    retryLimit: env.WEBHOOK_RETRY_LIMIT,
    expireInSeconds: 60,
    deadLetter: WEBHOOK_DEAD_QUEUE,
  };
}

/** A dead-letter queue: its jobs mark a delivery given up, retried if that fails. */
const deadLetterQueueOptions = {
  retentionSeconds: 90 * 24 * 60 * 60,
  deleteAfterSeconds: 30 * 24 * 60 * 60,
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
};

async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, "name" | "policy">) {
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
 * Starts pg-boss on the enquiry database. `worker` also turns on pg-boss's
 * supervision (expiring jobs of dead workers) and cron scheduling, which only
 * the processes that run the worker need.
 */
export async function startBoss(store: Store, env: Env, log: Logger, { worker }: { worker: boolean }): Promise<PgBoss> {
  const boss = new PgBoss({
    ...store.bossConnection,
    ...(store.engine === "pglite" ? { backend: "pglite" as const } : { max: 4 }),
    schema: "pgboss",
    supervise: worker,
    schedule: worker,
    // How often a worker process looks for jobs whose worker died (see heartbeatSeconds).
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    migrate: true,
  });
  boss.on("error", (error) => log.error("job queue error", { err: error }));
  await boss.start();
  await ensureQueue(boss, DEAD_LETTER_QUEUE, deadLetterQueueOptions);
  await ensureQueue(boss, DELIVERY_QUEUE, deliveryQueueOptions(env));
  await ensureQueue(boss, WEBHOOK_DEAD_QUEUE, deadLetterQueueOptions);
  await ensureQueue(boss, WEBHOOK_QUEUE, webhookQueueOptions(env));
  // Text messages: the e-mails' policy, their own dead letters.
  await ensureQueue(boss, SMS_DEAD_QUEUE, deadLetterQueueOptions);
  await ensureQueue(boss, SMS_QUEUE, { ...deliveryQueueOptions(env), deadLetter: SMS_DEAD_QUEUE });
  await ensureQueue(boss, RETENTION_QUEUE, { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 });
  // A backup that fails is retried once, five minutes later.
  await ensureQueue(boss, BACKUP_QUEUE, { retryLimit: 1, retryDelay: 300, expireInSeconds: 3600 });
  await ensureQueue(boss, STAFF_MAIL_QUEUE, staffMailQueueOptions);
  await ensureQueue(boss, DIGEST_QUEUE, digestQueueOptions);
  return boss;
}

/**
 * After a crash, jobs the dead process was working on stay `active` until
 * they expire (expireInSeconds, then up to a supervise interval): minutes
 * during which those e-mails wait. The embedded database can only be open in
 * one process (its lock file), so when a worker starts on it every active job
 * is an orphan: fail them now, and pg-boss retries them after the usual retry
 * delay (a repeat carries the same Message-ID). Not for PostgreSQL, where
 * another live worker may own them. Returns how many were recovered.
 */
export async function recoverOrphanedJobs(store: Store, boss: PgBoss, log: Logger): Promise<number> {
  if (store.engine !== "pglite") return 0;
  let recovered = 0;
  for (const queue of [
    DELIVERY_QUEUE,
    DEAD_LETTER_QUEUE,
    WEBHOOK_QUEUE,
    WEBHOOK_DEAD_QUEUE,
    SMS_QUEUE,
    SMS_DEAD_QUEUE,
    RETENTION_QUEUE,
    BACKUP_QUEUE,
    STAFF_MAIL_QUEUE,
    DIGEST_QUEUE,
  ]) {
    const orphans = (await boss.findJobs(queue)).filter((job) => job.state === "active").map((job) => job.id);
    if (orphans.length === 0) continue;
    await boss.fail(queue, orphans, { error: "The process working on this job stopped before it finished" });
    recovered += orphans.length;
    log.warn("recovered jobs of a process that stopped", { queue, jobs: orphans.length });
  }
  return recovered;
}
