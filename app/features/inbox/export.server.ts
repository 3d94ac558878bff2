/**
 * The inbox's export: the enquiries a filter selects, read a batch at a
 * time for the CSV (~/features/inbox/csv), and the audited export the
 * console's download starts.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ExportBatches, ExportRow, InboxActor, InboxFilters } from "~/features/inbox/inbox";
import type { Database } from "~/platform/db/db.server";
import { enquiries } from "~/features/enquiries/index.server";
import { sourceOfColumns, type EnquirySource } from "~/features/enquiries";
import { recordAudit } from "~/features/audit/index.server";
import { staffUsers } from "~/features/sign-in/index.server";
import { deliveryGlances, deliveryProblemIds, parseJson, whereOf } from "./where.server";

function exportBatch(db: Database, where: SQL | undefined, size: number) {
  return db
    .select({
      id: enquiries.id,
      receivedAt: enquiries.createdAt,
      at: sql<string>`${enquiries.createdAt}::text`,
      kind: enquiries.kind,
      handledAt: enquiries.handledAt,
      assigneeName: staffUsers.name,
      assigneeEmail: staffUsers.email,
      payload: enquiries.payload,
      deliveries: deliveryGlances,
      sourceReferrer: enquiries.sourceReferrer,
      utmSource: enquiries.utmSource,
      utmMedium: enquiries.utmMedium,
      utmCampaign: enquiries.utmCampaign,
      utmVariant: enquiries.utmVariant,
      utmCta: enquiries.utmCta,
    })
    .from(enquiries)
    .leftJoin(staffUsers, eq(staffUsers.id, enquiries.assignedTo))
    .where(where)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(size);
}

/** `{ source }` when an enquiry recorded where its visitor came from, else nothing (issue 44). */
const withSource = (source: EnquirySource | null) => (source ? { source } : {});

/** Rows an export reads from the database at a time. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The enquiries a filter selects, newest first, as the CSV export writes
 * them (~/features/inbox/csv), EXPORT_BATCH_SIZE at a time: each batch
 * is read after the one before was consumed (keyset pagination on the
 * received time and id), so an export of any size holds one batch. The
 * console's download and the operator CLI's `export --csv` both read here.
 */
export async function* exportBatches(
  db: Database,
  filters: InboxFilters,
  {
    limit = Infinity,
    batchSize = EXPORT_BATCH_SIZE,
    memberId,
  }: { limit?: number; batchSize?: number; /** Whom "mine" means. */ memberId?: string } = {},
): AsyncGenerator<ExportRow[]> {
  const problemIds = filters.problem ? await deliveryProblemIds(db) : null;
  // The last row's received time as PostgreSQL's text (microseconds: a JavaScript Date keeps only milliseconds).
  let after: { at: string; id: string } | null = null;
  for (let left = limit; left > 0;) {
    const cursor = after
      ? sql`(${enquiries.createdAt}, ${enquiries.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await exportBatch(db, and(whereOf(filters, problemIds, memberId), cursor), Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows.map((row): ExportRow => ({
      id: row.id,
      receivedAt: row.receivedAt,
      kind: row.kind,
      handledAt: row.handledAt,
      assignee: row.assigneeEmail ? { name: row.assigneeName || row.assigneeEmail, email: row.assigneeEmail } : null,
      payload: row.payload,
      deliveries: Object.fromEntries(parseJson(row.deliveries).map(([kind, state]) => [kind, state])),
      // Issue 44: where the visitor came from, when the enquiry recorded it.
      ...withSource(sourceOfColumns(row)),
    }));
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
    left -= rows.length;
    if (rows.length < batchSize) return;
  }
}

/**
 * Every enquiry matching `filters`, newest first, in batches (read from the
 * database as they are written out, so any number exports in bounded
 * memory); the export is audited.
 */
export async function auditedExport(
  db: Database,
  secret: string,
  filters: InboxFilters,
  by: InboxActor,
): Promise<ExportBatches> {
  const problemIds = filters.problem ? await deliveryProblemIds(db) : null;
  const [{ rows } = { rows: 0 }] = await db
    .select({ rows: count() })
    .from(enquiries)
    .where(whereOf(filters, problemIds, by.member.id));
  await recordAudit(db, secret, {
    action: "export",
    actor: { member: by.member },
    // The filters, but never the search text (it may be a name or an address).
    detail: {
      rows,
      kind: filters.kind ?? null,
      state: filters.state ?? null,
      problem: Boolean(filters.problem),
      search: Boolean(filters.q),
      from: filters.from ?? null,
      to: filters.to ?? null,
      assigned: filters.assigned ?? null,
    },
    meta: by.meta,
  });
  return exportBatches(db, filters, { memberId: by.member.id });
}
