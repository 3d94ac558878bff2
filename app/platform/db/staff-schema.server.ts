import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { SessionAssurance } from "~/features/sign-in/sign-in";
import { submissions } from "./schema.server";

/**
 * The staff console's tables (docs/decisions/009-staff-console.md).
 *
 * The `staff_*` tables belong to better-auth: their columns are the ones its
 * core, admin and passkey plugins read and write, under the JavaScript names
 * it expects (`authSchema` maps its models onto them). Sessions live here,
 * so any web process can serve any console request.
 */
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const staffRoles = ["admin", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffUsers = pgTable("staff_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").$type<StaffRole>().notNull().default("staff"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** Set once the member has a second factor (docs/decisions/020-multi-factor-sign-in.md); until then a session may only enrol one. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    /**
     * How the session was made (docs/decisions/020-multi-factor-sign-in.md):
     * "setup-only" from an e-mail code alone (it may only enrol a second
     * factor), "full" after a verified passkey or a second step. Set by
     * better-auth's session hook when the session is created, never changed.
     */
    assurance: text("assurance").$type<SessionAssurance>().notNull().default("setup-only"),
    ...timestamps,
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);

export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("staff_accounts_user_idx").on(t.userId)],
);

/** One-time codes (hashed) and WebAuthn challenges, short-lived. */
export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("staff_verifications_identifier_idx").on(t.identifier)],
);

export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  (t) => [index("staff_passkeys_user_idx").on(t.userId)],
);

/**
 * better-auth's two-factor plugin: the authenticator app's secret (encrypted
 * with the auth secret, STAFF_AUTH_SECRET, kept outside the data:
 * ./keys.server.ts) and the recovery codes (a JSON array of their SHA-256
 * hashes: app/features/sign-in/second-factor.server.ts). `verified` is false while an
 * app is being set up, and for a member whose second factor is a passkey (the
 * row then holds only their recovery codes). `lastTotpStep` is ours: the
 * time step of the last app code accepted, so each code works once.
 */
export const staffTwoFactors = pgTable("staff_two_factors", {
  id: text("id").primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /** The 30-second step (Unix time / 30) of the last app code accepted; null before the first (or for a new app key). */
  lastTotpStep: integer("last_totp_step"),
});

/** better-auth's rate-limit counters, in the database so every process shares them. */
export const staffRateLimits = pgTable("staff_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Addresses of removed members, as keyed hashes (the client-fingerprint key;
 * never the address): STAFF_ADMIN_EMAILS creates an admin only for an address
 * no member has ever had, so a removed member stays removed.
 */
export const staffRemovedAddresses = pgTable("staff_removed_addresses", {
  addressHash: text("address_hash").primaryKey(),
  removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Internal notes on an enquiry, with their author; erased with the enquiry. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** The author's staff user id (null once that account is removed). */
    authorId: text("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The author's name and address when the note was written. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_notes_submission_idx").on(t.submissionId, t.createdAt)],
);

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

/**
 * Announcements published by admins from the console. Each publish is a new
 * row (a new id, so visitors who dismissed the previous one see this one);
 * the newest row decides: published and within its window, it is the banner;
 * unpublished, there is none. With no rows at all, the content module's dated
 * announcement is the default.
 */
export const siteAnnouncements = pgTable(
  "site_announcements",
  {
    id: uuid("id").primaryKey(),
    message: text("message").notNull(),
    linkLabel: text("link_label").notNull(),
    /** A path on this site or an https: URL. */
    linkHref: text("link_href").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text("published_by").notNull(),
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    unpublishedBy: text("unpublished_by"),
  },
  (t) => [index("site_announcements_published_idx").on(t.publishedAt)],
);

/** The better-auth models, keyed by the names its Drizzle adapter looks up. */
export const authSchema = {
  user: staffUsers,
  session: staffSessions,
  account: staffAccounts,
  verification: staffVerifications,
  passkey: staffPasskeys,
  twoFactor: staffTwoFactors,
  rateLimit: staffRateLimits,
};

export const staffSchema = {
  staffUsers,
  staffSessions,
  staffAccounts,
  staffVerifications,
  staffPasskeys,
  staffTwoFactors,
  staffRateLimits,
  staffRemovedAddresses,
  enquiryNotes,
  auditLog,
  siteAnnouncements,
};

export type StaffUser = typeof staffUsers.$inferSelect;
export type EnquiryNote = typeof enquiryNotes.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type SiteAnnouncement = typeof siteAnnouncements.$inferSelect;
