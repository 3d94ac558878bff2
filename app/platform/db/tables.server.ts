import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The platform's own tables: the request counters (./counters.server.ts) and the keys' checks (../keys.server.ts). */

/** better-auth's rate-limit counters, in the database so every process shares them. */
export const staffRateLimits = pgTable("staff_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Where the keys were kept before they left the data (issue 41), and is
 * now empty: the first start of this version moves its rows out and
 * deletes them (../open-keys.server.ts). It stays, empty, because the SQL
 * migrations run before that code: dropping it would lose the keys of a
 * database upgraded (or a backup restored) from an earlier version before
 * they could be moved.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which keys the data was written with (../open-keys.server.ts): for each of
 * STAFF_AUTH_SECRET, DATA_ENCRYPTION_KEY and FINGERPRINT_KEY an HMAC of a
 * fixed text under it, from which nothing of the key can be learnt. A
 * process with another key refuses to start.
 */
export const keyChecks = pgTable("key_checks", {
  name: text("name").primaryKey(),
  digest: text("digest").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
