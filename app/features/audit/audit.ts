import type { Actor, RequestMeta, StaffMember } from "~/features/console";

/** Who acts, and from where: the audit row written with a change names them. */
export type StaffAct = { member: StaffMember; meta: RequestMeta };

/**
 * Everything the audit log records, with the label admins see when they read
 * and filter it. Append-only (./tables.server.ts); kept 24 months.
 */
export const auditActions = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-out": "Signed out",
  "sign-out-everywhere": "Signed out everywhere",
  "code-requested": "Sign-in code requested",
  "passkey-added": "Passkey added",
  "passkey-renamed": "Passkey renamed",
  "passkey-removed": "Passkey removed",
  "name-changed": "Display name changed",
  "enquiry-viewed": "Enquiry viewed",
  export: "Enquiries exported",
  note: "Note added",
  "marked-handled": "Marked handled",
  reopened: "Reopened",
  assigned: "Assigned",
  "moved-to-spam": "Moved to spam",
  retry: "E-mail retried",
  "spam-released": "Spam released",
  "spam-deleted": "Spam deleted",
  "access-export": "Access request exported",
  erasure: "Personal data erased",
  "staff-added": "Staff member added",
  "staff-removed": "Staff member removed",
  "role-changed": "Role changed",
  refused: "Refused (403)",
  "banner-published": "Banner published",
  "banner-unpublished": "Banner unpublished",
  // Lockout and sessions (docs/decisions/019-staff-sessions-and-lockout.md).
  "sign-in-locked": "Too many wrong sign-in codes (admins told)",
  "sign-in-pause-lifted": "Code sign-in pause lifted by an admin",
  "session-ended": "Session ended",
  "sessions-ended": "All sessions ended by an admin",
  "every-session-ended": "Every member's sessions ended by an admin",
  // Multi-factor sign-in (docs/decisions/020-multi-factor-sign-in.md).
  "code-accepted": "E-mail code accepted (second step next)",
  "factor-enrolled": "Second factor set up",
  "authenticator-removed": "Authenticator app removed",
  "recovery-codes-renewed": "New recovery codes made",
  "factors-reset": "Sign-in factors reset by an admin",
  // Integrations (docs/decisions/022-integrations.md).
  "integration-added": "Integration added",
  "integration-changed": "Integration changed",
  "integration-paused": "Integration paused",
  "integration-resumed": "Integration resumed",
  "integration-deleted": "Integration deleted",
  "integration-secret-rotated": "Webhook signing secret replaced",
  "webhook-resent": "Webhook resent",
  "sms-retried": "Text message retried",
} as const;
export type AuditAction = keyof typeof auditActions;

export type AuditEntry = {
  action: AuditAction;
  actor: Actor;
  /** The id acted on (enquiry, delivery, staff user, passkey), a path, or a keyed hash. */
  target?: string | null;
  /** Counts, outcomes: never personal data. */
  detail?: Record<string, unknown>;
  meta: RequestMeta;
};

/** A row as admins read it. */
export type AuditRecord = {
  id: number;
  at: Date;
  actor: string;
  actorId: string | null;
  action: AuditAction | string;
  target: string | null;
  clientFingerprint: string;
  detail: Record<string, unknown> | null;
};

export type AuditQuery = {
  action?: AuditAction;
  /** Part of the actor's address or hash. */
  actor?: string;
  /** 1-based. */
  page?: number;
};

export type AuditPage = { rows: AuditRecord[]; page: number; pages: number; total: number };
