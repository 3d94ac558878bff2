import type { PgBoss } from "pg-boss";
import type { AuditEntry } from "~/features/audit";
import type { Store } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { Keys } from "~/platform/keys.server";
import type { Logger } from "~/platform/log.server";

/** What staff sign-in is built from (./auth-config.server.ts, ./lockout.server.ts and the code steps). */
export type StaffAuthDeps = {
  store: Store;
  boss: PgBoss;
  env: Env;
  log: Logger;
  /** Records audit rows (sign-ins by passkey happen in better-auth's own endpoints). */
  audit: (entry: AuditEntry) => Promise<void>;
  fingerprint: (ip: string) => string;
  /**
   * The process's keys: better-auth's secret is STAFF_AUTH_SECRET, from the
   * environment or KEYS_FILE, never from the data (app/platform/keys.server.ts).
   */
  keys: Pick<Keys, "STAFF_AUTH_SECRET">;
};
