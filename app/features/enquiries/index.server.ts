import type express from "express";
import { SITE_TIME_ZONE } from "~/platform/calendar";
import { siteClock } from "~/platform/site-clock.server";
import type { PgBoss } from "pg-boss";
import type { Env } from "~/platform/env.server";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import type { SpamReason, SubmitMeta } from "~/features/enquiries/service";
import type { Logger } from "~/platform/log.server";
import { communicationPolicyFromEnv, communicationRouter } from "~/features/communication-api/api.server";
import { openStore, type Store } from "~/platform/db/db.server";
import { dataCipher, openKeys, type Keys } from "~/platform/keys.server";
import { processDeadLetter, type DeliveryDeps } from "./deliveries.server";
import { deliveryStats, type DeliveryStats } from "./operations.server";
import { backupEmbedded } from "~/features/backups/backups.server";
import {
  BACKUP_QUEUE,
  DEAD_LETTER_QUEUE,
  RETENTION_CRON,
  RETENTION_QUEUE,
  recoverOrphanedJobs,
  startBoss,
  type DeliveryJob,
} from "~/platform/queue.server";
import { limitsFromEnv } from "./limits.server";
import { keepSuspectedSpam, spamCapsFromEnv, type SpamDeps } from "./keep-spam.server";
import { submitEnquiry, type SubmitDeps } from "./submit.server";
import { startDeliveryWorker, startSmsWorker, startWebhookWorker } from "./worker.server";
import { sendTextMessages, type SmsDeps } from "~/features/text-messages/send.server";
import { parseAllowList } from "~/features/integrations/safe-fetch.server";
import type { WebhookDeps } from "~/features/integrations/deliveries.server";
import { runRetentionSweep, type RetentionPart } from "~/platform/retention.server";
import {
  createMailTransport,
  createSmsTransport,
  type MailTransport,
  type SmsTransport,
} from "~/platform/mail/transport.server";

export { InvalidEnquiryError } from "./submit.server";
export { COMMUNICATION_PATH } from "~/features/communication-api/api.server";

/**
 * What a form's route action calls (the router context's `enquiries`;
 * app/features/enquiries/service.ts names its type, this one).
 */
function createEnquiryService(submitDeps: SubmitDeps, spamDeps: SpamDeps) {
  return {
    /**
     * Stores a form of `kind` (checked again against the kind's schema) and
     * queues its e-mails; resolves once committed (./submit.server.ts).
     */
    submitEnquiry: (kind: EnquiryKind, form: Record<string, unknown>, meta: SubmitMeta) =>
      submitEnquiry(submitDeps, kind, form, meta),
    /**
     * Keeps a post that tripped the honeypot or the time trap as suspected
     * spam: validated like any enquiry, stored flagged with `reason`, with no
     * e-mail and outside the rate limits, until staff release or delete it (or
     * it expires after 30 days). Bounded by a per-client and a global daily
     * cap (./spam.server.ts).
     */
    keepSuspectedSpam: (kind: EnquiryKind, form: Record<string, unknown>, reason: SpamReason, meta: SubmitMeta) =>
      keepSuspectedSpam(spamDeps, kind, form, reason, meta),
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;

/**
 * The enquiry delivery pipeline (docs/decisions/005-enquiry-outbox.md):
 * enquiries are stored, then e-mailed by a worker with retries.
 */
export type EnquiryPipeline = {
  /** What the form actions call (the router context's `enquiries`). */
  service: EnquiryService;
  /** POST /functions/v1/azure-communication. */
  apiRouter: express.Router;
  /** Resolves when the database answers; for /healthz. */
  healthCheck(): Promise<void>;
  /** Deliveries per status and the age of the oldest one waiting; for /metrics. */
  deliveryStats(): Promise<DeliveryStats>;
  /** Stops the worker (letting sends in flight finish) and closes the database. */
  close(): Promise<void>;
  /** For the CLI and tests; `keys` are the process's keys (app/platform/keys.server.ts), for the staff console and the form guard. */
  readonly internals: { store: Store; boss: PgBoss; mail: MailTransport; sms: SmsTransport; keys: Keys };
};

/** What a worker process hands the features above the enquiries, to start their own jobs with. */
export type WorkContext = { store: Store; boss: PgBoss; mail: MailTransport; log: Logger; env: Env };

/**
 * What a feature above the enquiries (the staff console: `staffWork` in
 * server/staff) adds to a worker process: its jobs, and its part of the daily
 * retention sweep. The process that creates the pipeline passes it
 * (server/start.ts, server/worker.ts), so this layer never imports the one above.
 */
export type WorkerExtension = { start(context: WorkContext): Promise<void>; retention: RetentionPart };

type PipelineOptions = {
  env: Env;
  log: Logger;
  /** Run the delivery worker in this process (default env.RUN_WORKER). */
  runWorker?: boolean;
  /** Started with the worker (when it runs here). */
  extensions?: WorkerExtension[];
  /** Tests: replace the transports chosen by MAIL_TRANSPORT/SMS_TRANSPORT. */
  mail?: MailTransport;
  sms?: SmsTransport;
  /** Tests: a certificate authority the webhook requests trust, and their timeout. */
  webhooks?: { ca?: string; timeoutMs?: number };
  /** Tests: when a stored text message's job becomes due if the endpoint's own attempt failed (./sms.server.ts). */
  smsGraceMs?: number;
};

export async function createEnquiryPipeline(options: PipelineOptions): Promise<EnquiryPipeline> {
  const { env } = options;
  const log = options.log.child({ component: "enquiries" });
  const runWorker = options.runWorker ?? env.RUN_WORKER;
  const mail = options.mail ?? createMailTransport(env, log);
  const sms = options.sms ?? createSmsTransport(env, log);
  const webhookAllow = parseAllowList(env.WEBHOOK_ALLOW_ADDRESSES);

  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let boss: PgBoss;
  let keys: Keys;
  try {
    // The keys first: they come from outside the data, and the old ones leave the database.
    keys = await openKeys({ env, store, log: options.log });
    boss = await startBoss(store, env, log, { worker: runWorker });
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  const submitDeps: SubmitDeps = {
    store,
    boss,
    log,
    limits: limitsFromEnv(env),
    enquiriesEmail: env.ENQUIRIES_EMAIL,
    fingerprintSecret: keys.FINGERPRINT_KEY,
  };
  const spamDeps: SpamDeps = { ...submitDeps, caps: spamCapsFromEnv(env) };
  const deliveryDeps: DeliveryDeps = {
    store,
    boss,
    mail,
    log,
    siteUrl: env.SITE_URL,
    enquiriesEmail: env.ENQUIRIES_EMAIL,
    now: siteClock(env),
  };

  const smsDeps: SmsDeps = { store, boss, sms, log, graceMs: options.smsGraceMs };
  const webhookDeps: WebhookDeps = {
    store,
    log,
    siteUrl: env.SITE_URL,
    allow: webhookAllow,
    cipher: dataCipher(keys),
    ...options.webhooks,
  };

  if (runWorker) {
    // Before working: sends a crashed process left in flight are retried now, not when they expire.
    await recoverOrphanedJobs(store, boss, log);
    const polling = { pollingIntervalSeconds: env.WORKER_POLL_INTERVAL_SECONDS };
    await startDeliveryWorker(boss, deliveryDeps, env, log);
    await boss.work<DeliveryJob>(DEAD_LETTER_QUEUE, polling, async ([job]) => {
      if (job) await processDeadLetter(deliveryDeps, job.data.deliveryId);
    });
    // Webhooks, Slack and Teams (/staff/integrations), with their own dead letters.
    await startWebhookWorker(boss, webhookDeps, env);
    // Text messages the communication endpoint could not send at once.
    await startSmsWorker(boss, smsDeps, env);
    // The staff console's jobs: sign-in codes, invitations and the digest (server/staff).
    const extensions = options.extensions ?? [];
    for (const extension of extensions) await extension.start({ store, boss, mail, log, env });
    const retentionParts = extensions.map((extension) => extension.retention);
    await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      await runRetentionSweep(store, env.RETENTION_MONTHS, log, retentionParts);
    });
    await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: "UTC" });
    if (store.backup) {
      // Only the process that owns the embedded database can snapshot it: this one.
      // A failure is logged and retried once by pg-boss; it never reaches the site.
      const policy = { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY };
      await boss.work(BACKUP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
        try {
          const { file, deleted, ms } = await backupEmbedded(store, { dir: env.BACKUP_DIR, policy });
          log.info("backup written", { file: file.path, bytes: file.bytes, ms, deleted });
        } catch (error) {
          log.error("backup failed", { dir: env.BACKUP_DIR, err: error });
          throw error;
        }
      });
      await boss.schedule(BACKUP_QUEUE, env.BACKUP_CRON, null, { tz: SITE_TIME_ZONE });
    }
    log.info("enquiry worker started", {
      engine: store.engine,
      transport: mail.name,
      concurrency: env.WORKER_CONCURRENCY,
      batchSize: env.WORKER_BATCH_SIZE,
      backups: store.backup ? `${env.BACKUP_CRON} (${SITE_TIME_ZONE}) into ${env.BACKUP_DIR}` : "pg_dump",
    });
  } else {
    log.info("enquiry pipeline ready (worker runs elsewhere)", { engine: store.engine });
  }

  let closing: Promise<void> | undefined;
  return {
    service: createEnquiryService(submitDeps, spamDeps),
    apiRouter: communicationRouter({
      apiKey: env.COMMUNICATION_API_KEY,
      mail,
      sendSms: (request) => sendTextMessages(smsDeps, request),
      store,
      policy: communicationPolicyFromEnv(env),
      log,
    }),
    healthCheck: () => store.ping(),
    deliveryStats: () => deliveryStats(store),
    close() {
      closing ??= (async () => {
        try {
          await boss.stop({ graceful: true, timeout: Math.max(1000, env.SHUTDOWN_TIMEOUT_MS - 1000) });
        } finally {
          mail.close();
          await store.close();
        }
      })();
      return closing;
    },
    internals: { store, boss, mail, sms, keys },
  };
}
