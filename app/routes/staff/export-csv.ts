import { exportFileName, inboxCsv } from "~/lib/console/inbox-csv";
import { parseInboxFilters } from "~/lib/console/inbox";
import { getConsole, getStaff } from "~/lib/console/request.server";
import type { Route } from "./+types/export-csv";

/**
 * POST /staff/export.csv with the inbox's filters as form fields: every
 * matching enquiry as CSV (audited). A POST from the console's own page: the
 * search text (often a name or an address) stays out of URLs, and no
 * cross-site link can start a download.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const filters = parseInboxFilters(new URLSearchParams(await request.text()));
  const rows = await getConsole(context).inbox.export(filters, staff);
  return new Response(inboxCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
