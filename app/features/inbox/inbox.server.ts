/**
 * The enquiries inbox as the console uses it (~/features/inbox/inbox.ts holds
 * its types, filters and labels): its reads (./queries.server.ts), its
 * changes (./changes.server.ts) and its export (./export.server.ts), over
 * the filters of ./where.server.ts.
 */
import type { InboxActor, InboxFilters } from "~/features/inbox/inbox";
import type { PlatformDeps } from "~/platform/platform.server";
import { createInboxChanges, type InboxDeps } from "./changes.server";
import { auditedExport } from "./export.server";
import { createInboxQueries } from "./queries.server";

export { EXPORT_BATCH_SIZE, exportBatches } from "./export.server";
export { likePattern } from "./where.server";

export type { InboxDeps };

/** The enquiries inbox: list, read, change, export. */
export function createInbox(deps: InboxDeps) {
  return {
    ...createInboxQueries(deps),
    ...createInboxChanges(deps),
    /** Every enquiry matching `filters`, newest first, in batches; the export is audited. */
    export: (filters: InboxFilters, by: InboxActor) => auditedExport(deps.store.db, deps.secret, filters, by),
  };
}

/** The "Inbox" section's service, as the site builds it (app/site.server.ts). */
export function createInboxService(deps: PlatformDeps) {
  return createInbox({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    siteUrl: deps.env.SITE_URL,
    mailFrom: deps.env.MAIL_FROM,
  });
}
