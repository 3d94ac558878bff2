import { SITE_TIME_ZONE } from "~/platform/calendar";
import type { Env } from "~/platform/env.server";
import { countersRetention } from "~/platform/db/counters.server";
import { outboxDir, outboxRetention } from "~/platform/mail/outbox.server";
import { clientFingerprint } from "~/platform/fingerprint.server";
import type { Logger } from "~/platform/log.server";
import { staffMailQueue, workStaffMail } from "~/platform/mail/staff-mail.server";
import type { MailTransport, SmsTransport } from "~/platform/mail/transport.server";
import { openPlatform, type Platform } from "~/platform/platform.server";
import type { KeyRewriters } from "~/platform/open-keys.server";
import { recoverOrphanedJobs, scrubFailures, type QueueSpec } from "~/platform/queue.server";
import { RETENTION_CRON, RETENTION_QUEUE, retentionQueue, runRetentionSweep } from "~/platform/retention.server";
import type { RetentionPart } from "~/platform/retention.server";
import { createAlerts } from "~/features/alerts/index.server";
import { auditRetention, createAuditLog } from "~/features/audit/index.server";
import { backupQueue, startBackupWorker } from "~/features/backups/index.server";
import { createBanner } from "~/features/banner/index.server";
import { communicationPolicyFromEnv, communicationRouter } from "~/features/communication-api/index.server";
import { createDataRequestsService } from "~/features/data-requests/index.server";
import { digestQueue, startDigestWorker } from "~/features/digest/index.server";
import {
  createEnquiryService,
  deliveryStats,
  enquiriesRetention,
  enquiryQueues,
  startEnquiryWorker,
  type AnnounceEvent,
} from "~/features/enquiries/index.server";
import { createFormGuard } from "~/features/enquiries/form-guard.server";
import { createInboxService, inboxRetention } from "~/features/inbox/index.server";
import {
  createIntegrationsService,
  integrationQueues,
  encryptIntegrations,
  integrationsRetention,
  listenToEnquiries,
  startIntegrationWorker,
  integrationDeliveryDepsOf,
  type IntegrationClientOptions,
} from "~/features/integrations/index.server";
import { createMembersService } from "~/features/members/index.server";
import { createStaffAuth, reencryptAuthSecrets } from "~/features/sign-in/index.server";
import { createSpamService } from "~/features/spam/index.server";
import {
  createTrafficCounter,
  createTrafficService,
  trafficDigestLine,
  trafficRetention,
} from "~/features/traffic/index.server";
import {
  createTextMessagesService,
  sendTextMessages,
  smsDepsOf,
  startTextMessageWorker,
  textMessageQueues,
  textMessagesRetention,
} from "~/features/text-messages/index.server";
import { bearerKeys } from "~/platform/bearer.server";

/**
 * How the site is put together (docs/decisions/023-by-feature.md): its
 * queues, its services and its workers, each one line naming the feature it
 * comes from. The processes (server/) open it; the routes reach the services
 * through the router context (app/context.server.ts), typed by this file.
 */

/** Every queue of the site: each process creates them all, since a web process sends what a worker elsewhere works. */
export function siteQueues(env: Env): QueueSpec[] {
  return [
    ...enquiryQueues(env),
    ...integrationQueues(env),
    ...textMessageQueues(env),
    staffMailQueue,
    digestQueue,
    retentionQueue,
    backupQueue,
  ];
}

/** What is encrypted with the keys, rewritten when a key moves out of the database or changes: sign-in's (auth secret), the integrations' (data key). */
export const keyRewriters: KeyRewriters = { auth: reencryptAuthSecrets, data: encryptIntegrations };

/** The retention sweep's parts, in the order its log line lists them. */
export function retentionParts(env: Env): RetentionPart[] {
  return [
    enquiriesRetention(env.RETENTION_MONTHS),
    inboxRetention,
    integrationsRetention,
    textMessagesRetention(env.RETENTION_MONTHS),
    auditRetention,
    trafficRetention(env.TRAFFIC_RETENTION_MONTHS),
    countersRetention,
    outboxRetention(outboxDir(env), env.RETENTION_MONTHS),
  ];
}

/** Tests' replacements for what reaches other hosts. */
export type SiteOptions = {
  /** Tests: a certificate authority the integrations' requests trust, their timeout and their resolver. */
  webhooks?: IntegrationClientOptions;
  /** Tests: when a stored text message's job becomes due if the endpoint's own attempt failed. */
  smsGraceMs?: number;
};

/** Who hears of the enquiries' events: the integrations (webhooks, Slack, Teams). */
const announcerOf = (platform: Platform): AnnounceEvent => listenToEnquiries(platform.boss);

/** Every service the routes and the HTTP layer use, one line each (the routes see them as `Services`). */
export async function createServices(platform: Platform, options: SiteOptions = {}) {
  const { env, keys } = platform;
  const announce = announcerOf(platform);
  const audit = createAuditLog(platform.store, keys.FINGERPRINT_KEY);
  const fingerprint = (ip: string) => clientFingerprint(keys.FINGERPRINT_KEY, ip);
  const banner = await createBanner({ store: platform.store, log: platform.log, auditSecret: keys.FINGERPRINT_KEY });
  const trafficCounter =
    env.ANALYTICS === "off"
      ? null
      : createTrafficCounter({
          store: platform.store,
          log: platform.log.child({ component: "traffic" }),
          key: keys.FINGERPRINT_KEY,
        });
  const auth = await createStaffAuth({ ...platform, audit: (entry) => audit.record(entry), fingerprint });
  return {
    /** What the enquiry forms' actions call (store, e-mail later). */
    enquiries: createEnquiryService(platform, announce),
    /** Deliveries per status and the age of the oldest one waiting; for /metrics. */
    deliveryStats: () => deliveryStats(platform.store),
    /** The anti-spam timestamp the enquiry forms carry (FORM_SECRET). */
    formGuard: createFormGuard({ key: Buffer.from(keys.FORM_SECRET, "utf8"), minFillMs: env.FORM_MIN_FILL_MS }),
    /** POST /functions/v1/azure-communication, for the company's own services. */
    communicationApi: communicationRouter({
      apiKeys: bearerKeys(env.COMMUNICATION_API_KEY, env.COMMUNICATION_API_KEY_PREVIOUS),
      mail: platform.mail,
      sendSms: (request) => sendTextMessages(smsDepsOf(platform, options.smsGraceMs), request),
      store: platform.store,
      policy: communicationPolicyFromEnv(env),
      log: platform.log.child({ component: "communication" }),
    }),
    /** The console's audit log. */
    audit,
    /** Sign-in, sessions and passkeys, with better-auth's HTTP handler that server/app.ts mounts under /staff/auth. */
    auth,
    /** The team (admins): who has access, adding, roles, removing, and lifting pauses on code sign-in. */
    members: createMembersService({ ...platform, accounts: auth.accounts }),
    /** The client fingerprint of an address (the same keyed hash the enquiry forms store). */
    fingerprint,
    /** The site-wide banner's editor (admins): what it announces, and when. */
    banner: banner.editor,
    /** The published banner as the site reads it, and its change events (server only). */
    siteBanner: banner,
    /** What every console page warns about: dead letters. */
    alerts: createAlerts(platform.store),
    inbox: createInboxService(platform),
    spam: createSpamService(platform, announce),
    dataRequests: createDataRequestsService(platform),
    textMessages: createTextMessagesService(platform),
    integrations: createIntegrationsService(platform, options.webhooks),
    /** The console's Traffic page. */
    traffic: createTrafficService(platform),
    /**
     * What the HTTP hook counts page views into (server/traffic.ts); null with ANALYTICS=off.
     * The web server starts it (its timer writes every few seconds); closing writes what is left.
     */
    trafficCounter,
    /** Stops what the services hold open (the banner's listener), and writes the traffic counted. */
    async close() {
      try {
        await trafficCounter?.stop();
      } finally {
        await banner.close();
      }
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** The worker's jobs, one line each: this process then sends every queued e-mail, message and webhook. */
export async function startWorkers(platform: Platform, options: SiteOptions = {}) {
  const { store, boss, env, log } = platform;
  const announce = announcerOf(platform);
  // Before working: sends a crashed process left in flight are retried now, not when they expire.
  await recoverOrphanedJobs(store, boss, log);
  await startEnquiryWorker(platform, announce);
  await startIntegrationWorker(boss, integrationDeliveryDepsOf(platform, options.webhooks), env);
  await startTextMessageWorker(boss, smsDepsOf(platform, options.smsGraceMs), env);
  await workStaffMail(boss, platform.mail, log, env.WORKER_POLL_INTERVAL_SECONDS);
  // The digest's lines from features after it (the traffic figures: visitors and enquiries yesterday).
  await startDigestWorker(platform, { lines: [trafficDigestLine(store)] });
  await boss.work(
    RETENTION_QUEUE,
    { pollingIntervalSeconds: 60 },
    scrubFailures(async () => {
      await runRetentionSweep(store, log, retentionParts(env));
    }),
  );
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: "UTC" });
  await startBackupWorker(boss, store, env, log);
  log.info("worker started", {
    engine: store.engine,
    transport: platform.mail.name,
    concurrency: env.WORKER_CONCURRENCY,
    batchSize: env.WORKER_BATCH_SIZE,
    backups: store.backup ? `${env.BACKUP_CRON} (${SITE_TIME_ZONE}) into ${env.BACKUP_DIR}` : "pg_dump",
  });
}

export type SiteOpenOptions = SiteOptions & {
  env: Env;
  log: Logger;
  /** Run the worker in this process (default env.RUN_WORKER). */
  runWorker?: boolean;
  /** Build the services the web server uses (a worker process alone needs none). Default true. */
  services?: boolean;
  /** Tests: replace the transports chosen by MAIL_TRANSPORT/SMS_TRANSPORT. */
  mail?: MailTransport;
  sms?: SmsTransport;
  /** The build's embedded-database cluster, for a first start (app/platform/db/pglite-cluster.server.ts createClusterTemplate). */
  clusterTemplate?: string;
};

/** A running site: its platform, its services, and how to close both. */
export type Site = { platform: Platform; services: Services; close(): Promise<void> };

/**
 * Opens the platform with every queue, builds the services, and starts the
 * worker when this process runs it: what server/start.ts, server/worker.ts
 * and the tests begin with. Closing stops the worker (letting sends in
 * flight finish), the services, then the platform.
 */
export async function openSite(options: SiteOpenOptions & { services?: true }): Promise<Site>;
export async function openSite(options: SiteOpenOptions): Promise<Omit<Site, "services"> & { services?: Services }>;
export async function openSite(options: SiteOpenOptions) {
  const runWorker = options.runWorker ?? options.env.RUN_WORKER;
  const platform = await openPlatform({
    env: options.env,
    log: options.log,
    worker: runWorker,
    queues: siteQueues(options.env),
    keyRewriters,
    mail: options.mail,
    sms: options.sms,
    clusterTemplate: options.clusterTemplate,
  });
  let services: Services | undefined;
  try {
    if (options.services !== false) services = await createServices(platform, options);
    if (runWorker) await startWorkers(platform, options);
    else platform.log.info("site ready (the worker runs elsewhere)", { engine: platform.store.engine });
  } catch (error) {
    await services?.close();
    await platform.close().catch(() => {});
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    platform,
    services,
    close() {
      closing ??= (async () => {
        try {
          await services?.close();
        } finally {
          await platform.close();
        }
      })();
      return closing;
    },
  };
}
