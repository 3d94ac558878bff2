import type { StaffConsole } from "~/lib/console/service";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";
import type { PgBoss } from "pg-boss";
import type { Store } from "../enquiries/db.server";
import { clientFingerprint, loadFingerprintSecret } from "../enquiries/fingerprint.server";
import { createAuditLog } from "./audit.server";
import { createInbox } from "./inbox.server";

/**
 * The staff console's server side (docs/decisions/009-staff-console.md): on
 * the enquiry pipeline's database and job queue, in the web process.
 */
export type ConsoleDeps = { store: Store; boss: PgBoss; env: Env; log: Logger };

export async function createStaffConsole(deps: ConsoleDeps): Promise<StaffConsole> {
  const secret = await loadFingerprintSecret(deps.store);
  return {
    audit: createAuditLog(deps.store, secret),
    inbox: createInbox({ store: deps.store, boss: deps.boss, secret, siteUrl: deps.env.SITE_URL }),
    fingerprint: (ip) => clientFingerprint(secret, ip),
  };
}
