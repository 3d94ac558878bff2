import { createHmac } from "node:crypto";
import { and, desc, eq, ilike, lt, sql } from "drizzle-orm";
import type { AuditEntry, AuditPage, AuditQuery } from "~/features/audit/audit";
import type { Actor } from "~/features/console";
import { listPage, type Database, type Store, type Transaction } from "~/platform/db/db.server";
import { auditLog } from "~/features/audit/tables.server";

/** Audit rows are kept as long as the enquiries: 24 months. */
export const AUDIT_RETENTION_MONTHS = 24;
export const AUDIT_PAGE_SIZE = 50;

/** A keyed one-way hash of an address: rows about a data subject never hold the address itself. */
export function subjectHash(secret: string, email: string): string {
  return `sha256:${createHmac("sha256", secret).update(`subject:${email.trim().toLowerCase()}`).digest("hex").slice(0, 32)}`;
}

function actorColumns(secret: string, actor: Actor) {
  if (!actor) return { actorId: null, actor: "(signed out)" };
  if ("member" in actor) return { actorId: actor.member.id, actor: actor.member.email };
  if ("operator" in actor) return { actorId: null, actor: actor.operator };
  // An address that may not be staff's (a failed sign-in, a code request): hashed.
  return { actorId: null, actor: subjectHash(secret, actor.email) };
}

/** Appends one row; with `tx`, inside the caller's transaction (it commits or rolls back with the action). */
export async function recordAudit(db: Database | Transaction, secret: string, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...actorColumns(secret, entry.actor),
    action: entry.action,
    target: entry.target ?? null,
    clientFingerprint: entry.meta.fingerprint,
    detail: entry.detail ?? null,
  });
}

export function createAuditLog(store: Store, secret: string) {
  return {
    record: (entry: AuditEntry): Promise<void> => recordAudit(store.db, secret, entry),
    /** A keyed one-way hash (the client-fingerprint key) of a data subject's address, for rows about them. */
    subjectHash: (email: string): string => subjectHash(secret, email),
    async list(query: AuditQuery): Promise<AuditPage> {
      const where = and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actor ? ilike(auditLog.actor, `%${query.actor.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
      );
      return listPage(store.db, auditLog, {
        where,
        orderBy: [desc(auditLog.at), desc(auditLog.id)],
        pageSize: AUDIT_PAGE_SIZE,
        page: query.page,
      });
    },
  };
}

/** The retention sweep's part: rows older than 24 months (the only deletes the table's trigger allows). */
export async function purgeAudit(db: Database): Promise<number> {
  const deleted = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(months => ${AUDIT_RETENTION_MONTHS})`))
    .returning({ id: auditLog.id });
  return deleted.length;
}
