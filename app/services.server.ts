import { clientFingerprint } from "./platform/fingerprint.server";
import type { WorkerExtension } from "./features/enquiries/index.server.ts";
import { AUDIT_RETENTION_MONTHS, createAuditLog, purgeAudit } from "./features/audit/audit.server";
import { createStaffAuth } from "./features/sign-in/auth.server";
import { createBanner } from "./features/banner/banner.server";
import { createAlerts } from "./features/spam/spam.server";
import { workDigest } from "./features/digest/digest.server";
import { workStaffMail } from "./platform/mail/staff-mail.server";
import type { PlatformDeps } from "./platform/platform.server";
import { createInboxService } from "./features/inbox/inbox.server";
import { createSpamService } from "./features/spam/spam.server";
import { createDataRequestsService } from "./features/data-requests/data-requests.server";
import { createTextMessagesService } from "./features/text-messages/text-messages.server";
import { createIntegrationsService } from "./features/integrations/integrations.server";

/**
 * The staff console's server side (docs/decisions/009-staff-console.md), on
 * the enquiry pipeline's database and job queue, in the web process: what
 * every page uses (sign-in, the audit log, the banner, the alerts) and each
 * section's own service (./section-services.ts: the section list names it,
 * its module builds it). Their types are these implementations' (the routes
 * see them as StaffConsole, ~/console.server.ts): a method's definition
 * is the code that runs.
 */
export async function createStaffConsole(deps: PlatformDeps) {
  const secret = deps.keys.FINGERPRINT_KEY;
  const audit = createAuditLog(deps.store, secret);
  const fingerprint = (ip: string) => clientFingerprint(secret, ip);
  const auth = await createStaffAuth({ ...deps, audit: (entry) => audit.record(entry), fingerprint });
  const banner = await createBanner({ store: deps.store, log: deps.log, auditSecret: secret });
  return {
    audit,
    /** Sign-in, sessions, passkeys and staff management, with better-auth's HTTP handler that server/app.ts mounts under /staff/auth. */
    auth,
    /** The client fingerprint of an address (the same keyed hash the enquiry forms store). */
    fingerprint,
    /** The site-wide banner's editor (admins): what it announces, and when. */
    banner: banner.editor,
    /** The published banner as the site reads it, and its change events (server only: not on StaffConsole). */
    siteBanner: banner,
    close: () => banner.close(),
    /** What every console page warns about: dead letters. */
    alerts: createAlerts(deps.store),
    inbox: createInboxService(deps),
    spam: createSpamService(deps),
    dataRequests: createDataRequestsService(deps),
    messages: createTextMessagesService(deps),
    integrations: createIntegrationsService(deps),
  };
}

/** The console as the server holds it; server/app.ts mounts `auth.handler`, the site reads `siteBanner`. */
export type ServerStaffConsole = Awaited<ReturnType<typeof createStaffConsole>>;

/**
 * The staff side of a worker process (the enquiry pipeline starts it with its
 * own worker: server/start.ts, server/worker.ts): sign-in codes, invitations and
 * the digest, and audit rows past 24 months in the daily retention sweep.
 */
export const staffWork: WorkerExtension = {
  async start({ store, boss, mail, log, env }) {
    // Sign-in codes, invitations and the digest (./mail.server.ts).
    await workStaffMail(boss, mail, log, env.WORKER_POLL_INTERVAL_SECONDS);
    // The daily digest to the enquiries team (08:00 Europe/London).
    await workDigest(boss, {
      store,
      boss,
      log: log.child({ component: "digest" }),
      siteUrl: env.SITE_URL,
      enquiriesEmail: env.ENQUIRIES_EMAIL,
      mailFrom: env.MAIL_FROM,
    });
  },
  retention: {
    keeps: `audit rows ${AUDIT_RETENTION_MONTHS} months`,
    purge: async (store) => ({ auditDeleted: await purgeAudit(store.db) }),
  },
};
