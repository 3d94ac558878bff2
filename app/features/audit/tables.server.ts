import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log: append-only (a trigger refuses updates, and deletes of rows
 * younger than the retention period). Never holds a data subject's address:
 * where one is the target, the row keeps a keyed hash of it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff user id, when the actor is signed in or known. */
    actorId: text("actor_id"),
    /** Who acted as shown to admins: a staff address, or a keyed hash for an unknown one. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What it acted on: an enquiry, delivery, staff user or passkey id, a URL, or a keyed hash. */
    target: text("target"),
    /** The client fingerprint (HMAC of the client address, as on the public forms). */
    clientFingerprint: text("client_fingerprint").notNull(),
    /** Counts, outcomes and other non-personal details. */
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
