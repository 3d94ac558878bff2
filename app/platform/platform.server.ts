import type { PgBoss } from "pg-boss";
import { openStore, type Store } from "./db/db.server";
import type { Env } from "./env.server";
import type { Keys } from "./keys.server";
import { openKeys, type KeyRewriters } from "./open-keys.server";
import type { Logger } from "./log.server";
import {
  createMailTransport,
  createSmsTransport,
  type MailTransport,
  type SmsTransport,
} from "./mail/transport.server";
import { resumeAbandonedJobsEvery, startBoss, type QueueSpec } from "./queue.server";

/**
 * What every feature's service is built on, in the process that runs it:
 * the parsed environment, the logger, the database, the job queue and the
 * keys kept outside the data (docs/decisions/023-by-feature.md).
 */
export type PlatformDeps = { store: Store; boss: PgBoss; env: Env; log: Logger; keys: Keys };

/** The platform of a running process: its deps, the mail and SMS transports, and how to close them. */
export type Platform = PlatformDeps & {
  mail: MailTransport;
  sms: SmsTransport;
  /** Stops the job queue (letting jobs in flight finish) and closes the transports and the database. */
  close(): Promise<void>;
};

export type PlatformOptions = {
  env: Env;
  log: Logger;
  /** Whether this process works jobs (pg-boss supervision and schedules). */
  worker: boolean;
  /** Every queue of the site, created (or updated) at start. */
  queues: readonly QueueSpec[];
  /** What the features that encrypt with the keys rewrite when a key moves out of the database. */
  keyRewriters: KeyRewriters;
  /** Tests: replace the transports chosen by MAIL_TRANSPORT/SMS_TRANSPORT. */
  mail?: MailTransport;
  sms?: SmsTransport;
  /** The build's embedded-database cluster, copied into an empty DATA_DIR (./db/pglite-cluster.server.ts createClusterTemplate). */
  clusterTemplate?: string;
};

/**
 * Opens the database (PGlite in DATA_DIR, or PostgreSQL), its keys (the old
 * ones leave the database: ./keys.server.ts) and the job queue, and makes the
 * transports MAIL_TRANSPORT and SMS_TRANSPORT choose. A failure closes what
 * was opened.
 */
export async function openPlatform(options: PlatformOptions): Promise<Platform> {
  const { env, log } = options;
  const mail = options.mail ?? createMailTransport(env, log);
  const sms = options.sms ?? createSmsTransport(env, log);
  const store = await openStore({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    clusterTemplate: options.clusterTemplate,
    fsync: env.EMBEDDED_FSYNC,
  });
  let boss: PgBoss;
  let keys: Keys;
  try {
    // The keys first: they come from outside the data, and the old ones leave the database.
    keys = await openKeys({ env, store, log, rewriters: options.keyRewriters });
    boss = await startBoss(store, log, { worker: options.worker, queues: options.queues });
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  // A worker process also makes the jobs of a worker that died due at once (./queue.server.ts).
  const heartbeatQueues = options.queues.filter((queue) => queue.options.heartbeatSeconds).map((queue) => queue.name);
  const stopResuming = options.worker ? resumeAbandonedJobsEvery(store, heartbeatQueues, log) : undefined;
  let closing: Promise<void> | undefined;
  return {
    env,
    log,
    store,
    boss,
    keys,
    mail,
    sms,
    close() {
      closing ??= (async () => {
        try {
          await stopResuming?.();
          await boss.stop({ graceful: true, timeout: Math.max(1000, env.SHUTDOWN_TIMEOUT_MS - 1000) });
        } finally {
          mail.close();
          await store.close();
        }
      })();
      return closing;
    },
  };
}
