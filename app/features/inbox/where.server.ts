/**
 * The inbox's shared SQL: which enquiries a filter selects, and the pieces
 * of a row both the list and the export read (each delivery at a glance).
 */
import { and, eq, gte, ilike, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { addDays, londonMidnight } from "~/platform/calendar";
import { STUCK_AFTER_MINUTES, type DeliveryState, type InboxFilters } from "~/features/inbox/inbox";
import type { DeliveryKind } from "~/features/enquiries";
import { rowsOf, type Database } from "~/platform/db/db.server";
import { enquiries } from "~/features/enquiries/index.server";

/** An enquiry's or a delivery's id as the database makes them; anything else names nothing. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Characters that mean something in a LIKE pattern, escaped to match themselves. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The subqueries below name their columns in plain SQL: Drizzle leaves column
 * names unqualified in a single-table select, which would make
 * `enquiry_id = id` compare a delivery with itself.
 */
const stuck = sql.raw(`d.status = 'queued' and d.created_at < now() - interval '${STUCK_AFTER_MINUTES} minutes'`);

/**
 * The enquiries with a delivery problem: an e-mail failed (retrying),
 * dead-lettered, or still queued after 15 minutes. Read first, on their own,
 * from deliveries_unsent_idx (`status <> 'sent'`: only the e-mails not sent,
 * a few in a healthy system), so the inbox's query then knows exactly how
 * many ids it filters by (a subquery here is misestimated, and the planner
 * would walk every unsent e-mail to fill one page).
 */
export async function deliveryProblemIds(db: Database): Promise<string[]> {
  const rows = await db.execute(
    // Written so that only deliveries_unsent_idx can serve it (no equality on status for the status index).
    sql`select distinct d.enquiry_id as id from deliveries d where d.status <> 'sent' and (d.status <> 'queued' or d.created_at < now() - ${sql.raw(`interval '${STUCK_AFTER_MINUTES} minutes'`)})`,
  );
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/** Who "mine" means: the member asking (an export or a list); without one (the operator CLI), nobody's. */
function assignedWhere(assigned: InboxFilters["assigned"], memberId: string | undefined): SQL | undefined {
  if (!assigned) return undefined;
  if (assigned === "nobody") return isNull(enquiries.assignedTo);
  if (assigned === "mine") return memberId ? eq(enquiries.assignedTo, memberId) : sql`false`;
  return eq(enquiries.assignedTo, assigned);
}

/** The enquiries `filters` select (never suspected spam); `problemIds` from deliveryProblemIds when filtered by problem. */
export function whereOf(filters: InboxFilters, problemIds: string[] | null, memberId?: string): SQL | undefined {
  return and(
    assignedWhere(filters.assigned, memberId),
    isNull(enquiries.spamReason),
    filters.kind ? eq(enquiries.kind, filters.kind) : undefined,
    filters.state === "new" ? isNull(enquiries.handledAt) : undefined,
    filters.state === "handled" ? isNotNull(enquiries.handledAt) : undefined,
    problemIds ? sql`${enquiries.id} = any(${`{${problemIds.join(",")}}`}::uuid[])` : undefined,
    // search_text is lower-cased; its trigram index serves ILIKE '%…%'.
    filters.q ? ilike(enquiries.searchText, likePattern(filters.q)) : undefined,
    // London days: from its midnight to the next day's (GMT or BST as the date falls).
    filters.from ? gte(enquiries.createdAt, londonMidnight(filters.from)) : undefined,
    filters.to ? lt(enquiries.createdAt, londonMidnight(addDays(filters.to, 1))) : undefined,
  );
}

/** Each delivery of the row's enquiry as [kind, status, stuck], oldest first. */
export const deliveryGlances = sql<
  string | [DeliveryKind, DeliveryState, boolean][]
>`coalesce((select json_agg(json_build_array(d.kind, d.status, ${stuck}) order by d.created_at, d.kind) from deliveries d where d.enquiry_id = "enquiries"."id"), '[]')`;

/** A JSON value as the driver gives it: parsed already, or as text. */
export function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
