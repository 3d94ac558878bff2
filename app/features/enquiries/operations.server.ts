import { and, count, desc, eq, inArray, isNull, min, sql } from "drizzle-orm";
import { deleteOlderThan } from "~/platform/retention.server";
import type { Db as BossDb, PgBoss } from "pg-boss";
import type { Store, Transaction } from "~/platform/db/db.server";
import { DELIVERY_QUEUE, deliveryJob } from "./queues.server";
import type { DeliveryKind, EnquiryKind } from "~/features/enquiries/kinds";
import { deliveries, enquiries, type Delivery } from "~/features/enquiries/tables.server";

/** Operator tasks: listing, redrive and retention (npm run enquiries; its CSV export is the console's, app/features/inbox/export.server.ts). */

export type EnquiryRecord = {
  id: string;
  kind: EnquiryKind;
  createdAt: Date;
  payload: Record<string, string | undefined>;
  deliveries: Pick<Delivery, "kind" | "recipient" | "status" | "attempts" | "lastError" | "sentAt">[];
};

export async function listEnquiries(
  store: Store,
  { limit = 50, kind }: { limit?: number; kind?: EnquiryKind } = {},
): Promise<EnquiryRecord[]> {
  const rows = await store.db
    .select()
    .from(enquiries)
    // Suspected spam is not an enquiry until staff release it (the console's Spam view).
    .where(and(isNull(enquiries.spamReason), kind ? eq(enquiries.kind, kind) : undefined))
    .orderBy(desc(enquiries.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const related = await store.db
    .select()
    .from(deliveries)
    .where(
      inArray(
        deliveries.enquiryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(deliveries.createdAt);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    payload: row.payload,
    deliveries: related
      .filter((d) => d.enquiryId === row.id)
      .map(({ kind, recipient, status, attempts, lastError, sentAt }) => ({
        kind,
        recipient,
        status,
        attempts,
        lastError,
        sentAt,
      })),
  }));
}

/**
 * Puts dead-lettered deliveries back in the queue (same Message-ID: it is
 * derived from the delivery), inside the caller's transaction: every dead one,
 * or only `deliveryId`. Returns the ones re-queued.
 */
export async function requeueDeadDeliveries(
  tx: Transaction,
  bossDb: BossDb,
  boss: PgBoss,
  { deliveryId, enquiryId }: { deliveryId?: string; enquiryId?: string } = {},
): Promise<{ id: string; kind: DeliveryKind; enquiryId: string }[]> {
  const rows = await tx
    .update(deliveries)
    .set({ status: "queued", lastError: null })
    .where(
      and(
        eq(deliveries.status, "dead"),
        deliveryId ? eq(deliveries.id, deliveryId) : undefined,
        enquiryId ? eq(deliveries.enquiryId, enquiryId) : undefined,
      ),
    )
    .returning({ id: deliveries.id, kind: deliveries.kind, enquiryId: deliveries.enquiryId });
  if (rows.length > 0) await boss.insert(DELIVERY_QUEUE, rows.map(deliveryJob), { db: bossDb });
  return rows;
}

/** Puts every dead-lettered delivery back in the queue (same Message-ID). Returns how many. */
export async function redriveDeadDeliveries(store: Store, boss: PgBoss): Promise<number> {
  return store.transaction(async (tx, bossDb) => (await requeueDeadDeliveries(tx, bossDb, boss)).length);
}

/** Deletes enquiries (and their deliveries) older than `months`. Returns how many. */
export async function purgeExpired(store: Store, months: number): Promise<number> {
  return deleteOlderThan(store, enquiries, enquiries.id, enquiries.createdAt, months);
}

/**
 * The embedded database has no autovacuum (PGlite runs PostgreSQL as one
 * backend, without its background workers), so nothing else refreshes the
 * planner's statistics or the visibility map the console's index-only counts
 * rely on. The daily retention sweep calls this; on PostgreSQL autovacuum does it.
 */
export async function maintainEmbedded(store: Store): Promise<boolean> {
  if (store.engine !== "pglite") return false;
  await store.db.execute(sql`vacuum (analyze) enquiries, deliveries`);
  return true;
}

export type DeliveryStats = { byStatus: Record<string, number>; oldestWaitingSeconds: number };

/** Deliveries per status, and how long the oldest one still queued or failed (to retry) has waited. */
export async function deliveryStats(store: Store, now = new Date()): Promise<DeliveryStats> {
  const rows = await store.db
    .select({ status: deliveries.status, n: count(), oldest: min(deliveries.createdAt) })
    .from(deliveries)
    .groupBy(deliveries.status);
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  const waiting = rows
    .filter((row) => row.status === "queued" || row.status === "failed")
    .map((row) => (row.oldest ? new Date(row.oldest).getTime() : now.getTime()));
  const oldest = waiting.length > 0 ? Math.min(...waiting) : now.getTime();
  return { byStatus, oldestWaitingSeconds: Math.max(0, (now.getTime() - oldest) / 1000) };
}
