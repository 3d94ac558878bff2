import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staffRateLimits } from "~/platform/db/tables.server";
import type { StaffRole } from "~/features/console";
import type { SessionAssurance } from "./sign-in";

/**
 * Staff sign-in's tables (docs/decisions/009-staff-console.md).
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

/**
 * Addresses of removed members, as keyed hashes (the client-fingerprint key;
 * never the address): STAFF_ADMIN_EMAILS creates an admin only for an address
 * no member has ever had, so a removed member stays removed.
 */
export const staffRemovedAddresses = pgTable("staff_removed_addresses", {
  addressHash: text("address_hash").primaryKey(),
  removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});

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

export type StaffUser = typeof staffUsers.$inferSelect;
