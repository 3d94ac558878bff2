import { and, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/platform/db/db.server";
import type { DataCipher } from "~/platform/keys.server";
import { hostOf } from "./delivery-log.server";
import { integrationDeliveries, integrations } from "./tables.server";

/**
 * An endpoint that was sent a summary of a person (name, organisation,
 * topic): its name and host, never its address. `delivered`: it accepted at
 * least one (a 2xx answer); otherwise every attempt failed, but a receiver
 * that answered with an error, or too late, may have kept what it got.
 */
export type SummaryReceiver = { id: string; name: string; host: string; delivered: boolean };

/**
 * The endpoints that were sent a summary about any of `enquiryIds`: those
 * whose detail is "summary" and that have an attempted delivery about one of
 * them. For the erasure's "Erased" page, read in its transaction before the
 * enquiries (and their deliveries with them) are deleted: what the team must
 * ask each receiver to delete too. Ordered by name.
 */
export async function summaryReceivers(
  db: Database | Transaction,
  cipher: DataCipher,
  enquiryIds: readonly string[],
): Promise<SummaryReceiver[]> {
  if (enquiryIds.length === 0) return [];
  const rows = await db
    .select({
      id: integrations.id,
      name: integrations.name,
      url: integrations.url,
      delivered: max(sql<number>`case when ${integrationDeliveries.sentAt} is not null then 1 else 0 end`),
    })
    .from(integrationDeliveries)
    .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
    .where(
      and(
        inArray(integrationDeliveries.enquiryId, [...enquiryIds]),
        eq(integrations.detail, "summary"),
        gt(integrationDeliveries.attempts, 0),
      ),
    )
    .groupBy(integrations.id, integrations.name, integrations.url)
    .orderBy(integrations.name, integrations.id);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      host: hostOf(await cipher.decrypt(row.url)),
      delivered: Number(row.delivered) === 1,
    })),
  );
}
