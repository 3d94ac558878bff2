import { exportFileName, inboxCsvChunks } from "~/features/inbox/csv";
import { parseInboxFilters } from "~/features/inbox/inbox";
import { getConsole, getStaff, postOnly } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/export-csv";

/**
 * POST /staff/export.csv with the inbox's filters as form fields (a date
 * range among them): every matching enquiry as CSV (audited), streamed as
 * it is read from the database, a batch at a time. A POST from the console's own page: the
 * search text (often a name or an address) stays out of URLs, and no
 * cross-site link can start a download.
 */
/** A response body that reads the next chunk only when the client has taken the last (UTF-8). */
function byteStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** A GET: 405 (the download is a POST from its page). */
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const filters = parseInboxFilters(new URLSearchParams(await request.text()));
  const batches = await getConsole(context).inbox.export(filters, staff);
  const body = byteStream(inboxCsvChunks(batches));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
