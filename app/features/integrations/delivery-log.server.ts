import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import type { StaffAct } from "~/features/audit";
import { recordAudit } from "~/features/audit/index.server";
import { enquiries } from "~/features/enquiries/index.server";
import type { Store } from "~/platform/db/db.server";
import type { DataCipher } from "~/platform/keys.server";
import type { Logger } from "~/platform/log.server";
import type { Integration, IntegrationDelivery } from "./integrations";
import { INTEGRATION_QUEUE, type IntegrationJob } from "./queues.server";
import { integrationDeliveries, integrations, type IntegrationRow } from "./tables.server";

/**
 * The integrations' delivery logs (/staff/integrations and an enquiry's
 * page): each endpoint's last attempt and given-up count, its deliveries
 * with the time of a failing one's next try (its pg-boss job's), and Resend.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

/** What Resend did: queued a finished delivery again, or brought a failing one's next try forward to now. */
export type Resent = "queued" | "now";

type LogDeps = { store: Store; boss: PgBoss; log: Logger; cipher: DataCipher; secret: string };

function deliveryOf(
  row: {
    delivery: typeof integrationDeliveries.$inferSelect;
    integrationName: string;
    enquiryKind: IntegrationDelivery["enquiryKind"];
  },
  nextAttemptAt: Date | null,
): IntegrationDelivery {
  const d = row.delivery;
  return {
    id: d.id,
    integrationId: d.integrationId,
    integrationName: row.integrationName,
    enquiryId: d.enquiryId,
    enquiryKind: row.enquiryKind,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt,
    httpStatus: d.httpStatus,
    latencyMs: d.latencyMs,
    response: d.response,
    lastError: d.lastError,
  };
}

export function createDeliveryLog(deps: LogDeps) {
  const { store, boss, log, cipher } = deps;

  /** The job that will try a delivery again, if it is waiting (not being worked on now). */
  const waitingJob = async (deliveryId: string, db?: BossDb) => {
    const jobs = await boss.findJobs<IntegrationJob>(INTEGRATION_QUEUE, {
      data: { webhookDeliveryId: deliveryId } satisfies IntegrationJob,
      queued: true,
      ...(db ? { db } : {}),
    });
    return jobs.sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime())[0] ?? null;
  };

  /** Webhook deliveries with their endpoint's name and their enquiry's kind; a failing one's next try from its job. */
  const deliveriesWhere = async (where: SQL, order: "log" | "enquiry", page?: { limit: number; offset: number }) => {
    const query = store.db
      .select({ delivery: integrationDeliveries, integrationName: integrations.name, enquiryKind: enquiries.kind })
      .from(integrationDeliveries)
      .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
      .innerJoin(enquiries, eq(enquiries.id, integrationDeliveries.enquiryId))
      .where(where)
      .orderBy(
        ...(order === "log"
          ? [desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id)]
          : [integrationDeliveries.createdAt, integrations.name]),
      );
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    const next = await Promise.all(
      rows.map(async (row) =>
        row.delivery.status === "failed" ? ((await waitingJob(row.delivery.id))?.startAfter ?? null) : null,
      ),
    );
    return rows.map((row, index) => deliveryOf(row, next[index]!));
  };

  return {
    /** The last attempt and the dead count of each endpoint, in two queries; hosts only (addresses are secrets). */
    async summaries(rows: IntegrationRow[]): Promise<Integration[]> {
      const ids = rows.map((row) => row.id);
      const [lasts, deads] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              store.db
                .selectDistinctOn([integrationDeliveries.integrationId], {
                  integrationId: integrationDeliveries.integrationId,
                  at: integrationDeliveries.lastAttemptAt,
                  status: integrationDeliveries.status,
                  httpStatus: integrationDeliveries.httpStatus,
                })
                .from(integrationDeliveries)
                .where(
                  and(
                    inArray(integrationDeliveries.integrationId, ids),
                    sql`${integrationDeliveries.lastAttemptAt} is not null`,
                  ),
                )
                .orderBy(integrationDeliveries.integrationId, desc(integrationDeliveries.lastAttemptAt)),
              store.db
                .select({ integrationId: integrationDeliveries.integrationId, n: count() })
                .from(integrationDeliveries)
                .where(and(inArray(integrationDeliveries.integrationId, ids), eq(integrationDeliveries.status, "dead")))
                .groupBy(integrationDeliveries.integrationId),
            ]);
      const hosts = await Promise.all(rows.map(async (row) => hostOf(await cipher.decrypt(row.url))));
      return rows.map((row, index) => {
        const last = lasts.find((l) => l.integrationId === row.id);
        return {
          id: row.id,
          kind: row.kind,
          name: row.name,
          host: hosts[index]!,
          events: row.events,
          detail: row.detail,
          paused: row.pausedAt !== null,
          createdAt: row.createdAt,
          last: last?.at ? { at: last.at, status: last.status, httpStatus: last.httpStatus } : null,
          dead: Number(deads.find((d) => d.integrationId === row.id)?.n ?? 0),
        };
      });
    },

    /** How many deliveries an endpoint's log holds. */
    async logSize(integrationId: string): Promise<number> {
      const [total] = await store.db
        .select({ n: count() })
        .from(integrationDeliveries)
        .where(eq(integrationDeliveries.integrationId, integrationId));
      return Number(total?.n ?? 0);
    },

    /** A page of an endpoint's log, newest first. */
    page: (integrationId: string, limit: number, offset: number) =>
      deliveriesWhere(eq(integrationDeliveries.integrationId, integrationId), "log", { limit, offset }),

    /** An enquiry's webhook deliveries, for its page. */
    async deliveriesOf(enquiryId: string): Promise<IntegrationDelivery[]> {
      if (!UUID.test(enquiryId)) return [];
      return deliveriesWhere(eq(integrationDeliveries.enquiryId, enquiryId), "enquiry");
    },

    /**
     * Resend, with the same `webhook-id`: a delivery that was delivered, given
     * up or skipped is queued again ("queued"); a failing one waiting for its
     * next try is tried now instead, its remaining retries unchanged ("now").
     * Null when it is queued or being sent right now, or gone. Audited.
     */
    async resend(deliveryId: string, { member, meta }: StaffAct): Promise<Resent | null> {
      if (!UUID.test(deliveryId)) return null;
      const resent = await store.transaction(async (tx, bossDb) => {
        const [row] = await tx
          .select({
            integrationId: integrationDeliveries.integrationId,
            event: integrationDeliveries.event,
            status: integrationDeliveries.status,
          })
          .from(integrationDeliveries)
          .where(eq(integrationDeliveries.id, deliveryId))
          .for("update");
        if (!row) return null;
        let outcome: Resent;
        if (row.status === "sent" || row.status === "dead" || row.status === "skipped") {
          await tx
            .update(integrationDeliveries)
            .set({ status: "queued" })
            .where(eq(integrationDeliveries.id, deliveryId));
          await boss.send(INTEGRATION_QUEUE, { webhookDeliveryId: deliveryId } satisfies IntegrationJob, {
            db: bossDb,
          });
          outcome = "queued";
        } else if (row.status === "failed") {
          const job = await waitingJob(deliveryId, bossDb);
          if (!job) return null;
          const moved = await boss.update(INTEGRATION_QUEUE, undefined, {
            id: job.id,
            startAfter: new Date(),
            db: bossDb,
          });
          if (moved.updated === 0) return null;
          outcome = "now";
        } else {
          return null;
        }
        await recordAudit(tx, deps.secret, {
          action: "webhook-resent",
          actor: { member },
          target: deliveryId,
          detail: { integrationId: row.integrationId, event: row.event, was: row.status },
          meta,
        });
        return outcome;
      });
      if (resent) log.info("webhook resent", { webhookDeliveryId: deliveryId, by: member.id, resent });
      return resent;
    },
  };
}
