import type { Logger } from "~/platform/log.server";
import type { Store } from "./db/db.server";
import { maintainEmbedded, purgeExpired } from "~/features/enquiries/operations.server";
import { purgeSpam, SPAM_RETENTION_DAYS } from "~/features/enquiries/keep-spam.server";
import { purgeExpiredTexts } from "~/features/text-messages/send.server";

/** The tables the sweep deletes enquiries from (with their deliveries, notes and webhook deliveries), and text messages. */
const RETENTION_TABLES = ["submissions", "deliveries", "enquiry_notes", "webhook_deliveries", "text_messages"];

/**
 * A feature's part of the sweep (the staff audit log's: server/staff): deletes
 * what it keeps no longer, returning counts for the sweep's log line; `keeps`
 * says how long, in the line's words.
 */
export type RetentionPart = { keeps: string; purge(store: Store): Promise<Record<string, number>> };

export type RetentionResult = { deleted: number; textsDeleted: number; spamDeleted: number } & Record<string, number>;

/**
 * The daily retention sweep (the RETENTION_QUEUE job): enquiries and text
 * messages older than RETENTION_MONTHS, with their deliveries and notes; suspected spam older than
 * 30 days; then each part a feature above adds (audit rows older than 24
 * months). Its log line says what it keeps.
 */
export async function runRetentionSweep(
  store: Store,
  months: number,
  log: Logger,
  parts: readonly RetentionPart[] = [],
): Promise<RetentionResult> {
  const deleted = await purgeExpired(store, months);
  const textsDeleted = await purgeExpiredTexts(store, months);
  const spamDeleted = await purgeSpam(store);
  const partsDeleted: Record<string, number> = {};
  for (const part of parts) Object.assign(partsDeleted, await part.purge(store));
  // PGlite has no autovacuum: fresh planner statistics and index-only counts for the inbox.
  const vacuumed = await maintainEmbedded(store);
  // Expired enquiries leave the files too, as an erasure's do (Store.forgetDeleted):
  // no backup taken after this sweep holds them.
  const rewritten =
    deleted + textsDeleted + spamDeleted > 0 ? (await store.forgetDeleted(RETENTION_TABLES)).rewritten : false;
  const keeps = [
    `enquiries kept ${months} months`,
    `suspected spam ${SPAM_RETENTION_DAYS} days`,
    ...parts.map((part) => part.keeps),
  ];
  log.info(`retention sweep: ${keeps.join(", ")}`, {
    deleted,
    textsDeleted,
    months,
    spamDeleted,
    vacuumed,
    rewritten,
    ...partsDeleted,
  });
  return { deleted, textsDeleted, spamDeleted, ...partsDeleted };
}
