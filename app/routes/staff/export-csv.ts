import { exportFileName, inboxCsvChunks } from "~/features/inbox/csv";
import { checkInboxFilters, inboxQuery, type InboxFilters, type TypedFilters } from "~/features/inbox/inbox";
import { londonDate } from "~/platform/calendar";
import { redirect } from "react-router";
import { getConsole, getStaff, postOnly } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/export-csv";

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

/**
 * POST /staff/export.csv with the inbox's filters as form fields (a date
 * range among them): every matching enquiry as CSV (audited), streamed as
 * it is read from the database, a batch at a time, in a file named after
 * the range and the filters (~/features/inbox/csv). A POST from the
 * console's own page: the search text (often a name or an address) is not
 * in the download's URL, and no cross-site link can start a download.
 * Filters the inbox refuses (a range that is not one, a search with a
 * control character) go back to the inbox page they came from, which says
 * what to fix: its address is the one its own GET form writes, the search
 * among them (docs/decisions/013-logs-credentials-and-console-urls.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const params = new URLSearchParams(await request.text());
  const { filters, errors, typed } = checkInboxFilters(params);
  const { inbox } = getConsole(context);
  // Refused: back to the inbox with what was typed, where the error summary says what to fix.
  if (errors.length > 0) return redirect(`/staff${typedQuery(filters, typed)}`, 303);
  const member =
    filters.assigned && filters.assigned !== "mine" && filters.assigned !== "nobody"
      ? (await inbox.assignees()).find((assignee) => assignee.id === filters.assigned)
      : undefined;
  const batches = await inbox.export(filters, staff);
  const body = byteStream(inboxCsvChunks(batches));
  const name = exportFileName(filters, londonDate(new Date()), member?.label.replace(/ \(.*\)$/, ""));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      // Cache-Control: no-store comes from the server, for every console path (server/app.ts).
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * The inbox page's address for the filters as posted: what the inbox reads
 * (as its own links write it), with the search and the dates as typed, so
 * its error summary says what is wrong with them. Nothing else posted.
 */
function typedQuery(filters: InboxFilters, typed: TypedFilters): string {
  return inboxQuery({ ...filters, q: typed.q || undefined, from: typed.from || undefined, to: typed.to || undefined });
}
