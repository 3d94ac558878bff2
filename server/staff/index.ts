import type { StaffConsole } from "~/lib/console/service";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";
import type { PgBoss } from "pg-boss";
import type { Store } from "../enquiries/db.server";
import { clientFingerprint, loadFingerprintSecret } from "../enquiries/fingerprint.server";
import { createAuditLog } from "./audit.server";
import { createAlerts, createSpamFolder } from "./spam.server";

/**
 * The staff console's server side (docs/decisions/009-staff-console.md): on
 * the enquiry pipeline's database and job queue, in the web process.
 */
export type ConsoleDeps = { store: Store; boss: PgBoss; env: Env; log: Logger };

export async function createStaffConsole(deps: ConsoleDeps): Promise<StaffConsole> {
  const secret = await loadFingerprintSecret(deps.store);
  return {
    audit: createAuditLog(deps.store, secret),
    fingerprint: (ip) => clientFingerprint(secret, ip),
    spam: createSpamFolder({ ...deps, enquiriesEmail: deps.env.ENQUIRIES_EMAIL, secret }),
    alerts: createAlerts(deps.store),
  };
}
