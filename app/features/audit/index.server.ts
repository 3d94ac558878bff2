import type { RetentionPart } from "~/platform/retention.server";
import { AUDIT_RETENTION_MONTHS, purgeAudit } from "./audit.server";

/** The audit log's server side: recording, listing, and its part of the retention sweep. */
export { AUDIT_PAGE_SIZE, AUDIT_RETENTION_MONTHS, createAuditLog, recordAudit, subjectHash } from "./audit.server";

/** Audit rows go after 24 months. */
export const auditRetention: RetentionPart = {
  keeps: `audit rows ${AUDIT_RETENTION_MONTHS} months`,
  tables: [],
  purge: async (store) => ({ auditDeleted: await purgeAudit(store.db) }),
};
