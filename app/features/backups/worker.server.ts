import type { PgBoss } from "pg-boss";
import { SITE_TIME_ZONE } from "~/platform/calendar";
import type { Store } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { scrubFailures, type QueueSpec } from "~/platform/queue.server";
import { backupEmbedded } from "./backups.server";

/** Backups of the embedded database, on BACKUP_CRON (Europe/London time). A backup that fails is retried once, five minutes later. */
export const BACKUP_QUEUE = "enquiry-backup";
export const backupQueue: QueueSpec = {
  name: BACKUP_QUEUE,
  options: { retryLimit: 1, retryDelay: 300, expireInSeconds: 3600 },
};

/**
 * Backs the embedded database up on its schedule. Only the process that
 * owns the embedded database can snapshot it (the worker that opened it);
 * PostgreSQL is backed up with pg_dump, outside the site. A failure is
 * logged and retried once by pg-boss; it never reaches the site.
 */
export async function startBackupWorker(boss: PgBoss, store: Store, env: Env, log: Logger) {
  if (!store.backup) return;
  const policy = { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY };
  await boss.work(
    BACKUP_QUEUE,
    { pollingIntervalSeconds: 5 },
    scrubFailures(async () => {
      try {
        const { file, deleted, ms } = await backupEmbedded(store, { dir: env.BACKUP_DIR, policy });
        log.info("backup written", { file: file.path, bytes: file.bytes, ms, deleted });
      } catch (error) {
        log.error("backup failed", { dir: env.BACKUP_DIR, err: error });
        throw error;
      }
    }),
  );
  await boss.schedule(BACKUP_QUEUE, env.BACKUP_CRON, null, { tz: SITE_TIME_ZONE });
}
