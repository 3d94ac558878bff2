import { exportFileName, inboxCsv } from "~/lib/console/inbox-csv";
import { parseInboxFilters } from "~/lib/console/inbox";
import { getConsole, getStaff } from "~/lib/console/request.server";
import type { Route } from "./+types/export-csv";

/** GET /staff/export.csv?…the inbox's filters: every matching enquiry as CSV (audited). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const filters = parseInboxFilters(new URL(request.url).searchParams);
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
