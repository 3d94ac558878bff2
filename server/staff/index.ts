import type { StaffConsole } from "~/lib/console/service";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";
import type { PgBoss } from "pg-boss";
import type { Store } from "../enquiries/db.server";
import { clientFingerprint, loadFingerprintSecret } from "../enquiries/fingerprint.server";
import path from "node:path";
import { createAuditLog } from "./audit.server";
import { createStaffAuth, type StaffAuthServer } from "./auth.server";
import { createBanner, type Banner } from "./banner.server";
import { createSubjectRequests } from "./subjects.server";
import { createAlerts, createSpamFolder } from "./spam.server";
import { createInbox } from "./inbox.server";
import { createIntegrations } from "./integrations.server";
import { createTextMessages } from "./messages.server";
import { parseAllowList } from "../enquiries/safe-fetch.server";

/**
 * The staff console's server side (docs/decisions/009-staff-console.md): on
 * the enquiry pipeline's database and job queue, in the web process.
 */
export type ConsoleDeps = { store: Store; boss: PgBoss; env: Env; log: Logger };

/** The console, with better-auth's HTTP handler that server/app.ts mounts under /staff/auth. */
export type ServerStaffConsole = StaffConsole & {
  auth: StaffAuthServer;
  /** The published banner as the site reads it, and its change events (server/staff/banner.server.ts). */
  announcements: Banner;
  close(): Promise<void>;
};

export async function createStaffConsole(deps: ConsoleDeps): Promise<ServerStaffConsole> {
  const secret = await loadFingerprintSecret(deps.store);
  const audit = createAuditLog(deps.store, secret);
  const fingerprint = (ip: string) => clientFingerprint(secret, ip);
  const auth = await createStaffAuth({ ...deps, audit: (entry) => audit.record(entry), fingerprint });
  const subjects = createSubjectRequests({
    store: deps.store,
    secret,
    siteUrl: deps.env.SITE_URL,
    outboxDir: path.resolve(deps.env.DATA_DIR, "outbox"),
    log: deps.log,
  });
  const announcements = await createBanner({ store: deps.store, log: deps.log, auditSecret: secret });
  const inbox = createInbox({ store: deps.store, boss: deps.boss, secret, siteUrl: deps.env.SITE_URL });
  return {
    audit,
    inbox,
    auth,
    fingerprint,
    subjects,
    banner: announcements.editor,
    announcements,
    close: () => announcements.close(),
    spam: createSpamFolder({ ...deps, enquiriesEmail: deps.env.ENQUIRIES_EMAIL, secret }),
    alerts: createAlerts(deps.store),
    messages: createTextMessages({ ...deps, secret }),
    integrations: createIntegrations({ ...deps, secret, allow: parseAllowList(deps.env.WEBHOOK_ALLOW_ADDRESSES) }),
  };
}
