import type { Logger } from "~/lib/log.server";
import { AUDIT_RETENTION_MONTHS, purgeAudit } from "../staff/audit.server";
import type { Store } from "./db.server";
import { purgeExpired } from "./operations.server";

export type RetentionResult = { deleted: number; auditDeleted: number };

/**
 * The daily retention sweep (the RETENTION_QUEUE job): enquiries older than
 * RETENTION_MONTHS, with their deliveries and notes, and audit rows older than
 * 24 months. Its log line says what it keeps.
 */
export async function runRetentionSweep(store: Store, months: number, log: Logger): Promise<RetentionResult> {
  const deleted = await purgeExpired(store, months);
  const auditDeleted = await purgeAudit(store.db);
  log.info(`retention sweep: enquiries kept ${months} months, audit rows kept ${AUDIT_RETENTION_MONTHS} months`, {
    deleted,
    months,
    auditDeleted,
    auditMonths: AUDIT_RETENTION_MONTHS,
  });
  return { deleted, auditDeleted };
}
