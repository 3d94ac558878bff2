import type { Logger } from "~/lib/log.server";
import { AUDIT_RETENTION_MONTHS, purgeAudit } from "../staff/audit.server";
import type { Store } from "../db/db.server";
import { maintainEmbedded, purgeExpired } from "./operations.server";
import { purgeSpam, SPAM_RETENTION_DAYS } from "./spam.server";
import { purgeExpiredTexts } from "./sms.server";

/** The tables the sweep deletes enquiries from (with their deliveries, notes and webhook deliveries), and text messages. */
const RETENTION_TABLES = ["submissions", "deliveries", "enquiry_notes", "webhook_deliveries", "text_messages"];

export type RetentionResult = { deleted: number; textsDeleted: number; spamDeleted: number; auditDeleted: number };

/**
 * The daily retention sweep (the RETENTION_QUEUE job): enquiries and text
 * messages older than RETENTION_MONTHS, with their deliveries and notes; suspected spam older than
 * 30 days; audit rows older than 24 months. Its log line says what it keeps.
 */
export async function runRetentionSweep(store: Store, months: number, log: Logger): Promise<RetentionResult> {
  const deleted = await purgeExpired(store, months);
  const textsDeleted = await purgeExpiredTexts(store, months);
  const spamDeleted = await purgeSpam(store);
  const auditDeleted = await purgeAudit(store.db);
  // PGlite has no autovacuum: fresh planner statistics and index-only counts for the inbox.
  const vacuumed = await maintainEmbedded(store);
  // Expired enquiries leave the files too, as an erasure's do (Store.forgetDeleted):
  // no backup taken after this sweep holds them.
  const rewritten =
    deleted + textsDeleted + spamDeleted > 0 ? (await store.forgetDeleted(RETENTION_TABLES)).rewritten : false;
  log.info(
    `retention sweep: enquiries kept ${months} months, suspected spam ${SPAM_RETENTION_DAYS} days, audit rows ${AUDIT_RETENTION_MONTHS} months`,
    {
      deleted,
      textsDeleted,
      months,
      spamDeleted,
      vacuumed,
      rewritten,
      auditDeleted,
      auditMonths: AUDIT_RETENTION_MONTHS,
    },
  );
  return { deleted, textsDeleted, spamDeleted, auditDeleted };
}
