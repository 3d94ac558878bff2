import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import { enquiryKind, recipientOf, type DeliveryKind, type EnquiryKind } from "~/features/enquiries/kinds";
import type { Logger } from "~/platform/log.server";
import type { Database, Store, Transaction } from "~/platform/db/db.server";
import { buildEmail } from "./emails.server";
import { DELIVERY_QUEUE, deliveryJob } from "./queues.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import type { AnnounceEvent } from "./events.server";
import { EMAIL_FALLBACK_ERROR, SendError, errorText, type MailTransport } from "~/platform/mail/transport.server";

/**
 * Creates a delivery row and its job inside the caller's transaction. The
 * unique (enquiry_id, kind) makes this idempotent: a delivery that already
 * exists is left alone and gets no second job.
 */
export async function enqueueDelivery(
  tx: Transaction | Database,
  bossDb: BossDb,
  boss: PgBoss,
  delivery: { enquiryId: string; kind: DeliveryKind; recipient: string },
): Promise<string | null> {
  const [row] = await tx
    .insert(deliveries)
    .values({
      id: randomUUID(),
      enquiryId: delivery.enquiryId,
      kind: delivery.kind,
      recipient: delivery.recipient,
    })
    .onConflictDoNothing({ target: [deliveries.enquiryId, deliveries.kind] })
    .returning({ id: deliveries.id });
  if (!row) return null;
  const job = deliveryJob({ id: row.id, kind: delivery.kind });
  await boss.send(DELIVERY_QUEUE, job.data, { db: bossDb, priority: job.priority });
  return row.id;
}

export type DeliveryDeps = {
  store: Store;
  boss: PgBoss;
  mail: MailTransport;
  log: Logger;
  siteUrl: string;
  enquiriesEmail: string;
  /** The clock dated wording in e-mails follows (SITE_CLOCK or the real time); default the real time. */
  now?: () => Date;
  /** Tells the features that listen (the integrations) of each e-mail given up, in its transaction. */
  announce: AnnounceEvent;
};

/**
 * Sends one delivery. Skips it if it was already sent (a job run twice after a
 * restart) or given up. On failure records the error and throws, so pg-boss
 * retries with backoff and finally dead-letters it. After a welcome is sent,
 * queues the notification that waited for it.
 */
export async function processDelivery(deps: DeliveryDeps, deliveryId: string): Promise<"sent" | "skipped"> {
  const { store, log } = deps;
  const [row] = await store.db
    .select({ delivery: deliveries, submission: enquiries })
    .from(deliveries)
    .innerJoin(enquiries, eq(enquiries.id, deliveries.enquiryId))
    .where(eq(deliveries.id, deliveryId));
  if (!row) {
    log.warn("delivery no longer exists", { deliveryId });
    return "skipped";
  }
  const { delivery, submission } = row;
  if (delivery.status === "sent" || delivery.status === "dead") return "skipped";

  // A delivery that waited for another (a notification for its welcome) says so when that one was given up.
  let welcomeFailed = false;
  const waitedFor = predecessorOf(submission.kind, delivery.kind);
  if (waitedFor) {
    const [before] = await store.db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(and(eq(deliveries.enquiryId, submission.id), eq(deliveries.kind, waitedFor)));
    welcomeFailed = before?.status === "dead";
  }

  await store.db
    .update(deliveries)
    .set({ attempts: sql`${deliveries.attempts} + 1` })
    .where(eq(deliveries.id, delivery.id));
  const fields = {
    deliveryId: delivery.id,
    enquiryId: submission.id,
    kind: delivery.kind,
    enquiry: submission.kind,
  };

  let providerMessageId: string;
  try {
    const message = await buildEmail({
      enquiry: submission,
      delivery,
      welcomeFailed,
      siteUrl: deps.siteUrl,
      now: deps.now?.(),
    });
    providerMessageId = (await deps.mail.sendEmail(message)).messageId;
  } catch (error) {
    const text = errorText(error, EMAIL_FALLBACK_ERROR);
    await store.db
      .update(deliveries)
      .set({ status: "failed", lastError: text.slice(0, 2000) })
      .where(and(eq(deliveries.id, delivery.id), ne(deliveries.status, "sent")));
    log.warn("delivery failed; will retry", { ...fields, attempt: delivery.attempts + 1, error: text });
    throw new SendError(text, { cause: error });
  }

  await store.transaction(async (tx, bossDb) => {
    await tx
      .update(deliveries)
      .set({ status: "sent", sentAt: new Date(), providerMessageId, lastError: null })
      .where(eq(deliveries.id, delivery.id));
    await enqueueFollowUp(deps, tx, bossDb, submission, delivery.kind);
  });
  log.info("delivery sent", { ...fields, attempt: delivery.attempts + 1 });
  return "sent";
}

/** The delivery that `kind` waits for in the registry (a demo notification waits for its welcome). */
export function predecessorOf(enquiry: EnquiryKind, kind: DeliveryKind): DeliveryKind | undefined {
  const after: Partial<Record<DeliveryKind, DeliveryKind>> = enquiryKind(enquiry).after ?? {};
  return (Object.keys(after) as DeliveryKind[]).find((first) => after[first] === kind);
}

/** Creates the delivery that waited for `sent` (sent or given up), if the registry names one. */
async function enqueueFollowUp(
  deps: DeliveryDeps,
  tx: Transaction,
  bossDb: BossDb,
  submission: { id: string; kind: EnquiryKind; payload: Record<string, string | undefined> },
  sent: DeliveryKind,
) {
  const next = enquiryKind(submission.kind).after?.[sent];
  if (!next) return;
  await enqueueDelivery(tx, bossDb, deps.boss, {
    enquiryId: submission.id,
    kind: next,
    recipient: recipientOf(next, { enquiries: deps.enquiriesEmail, submitter: submission.payload.email ?? "" }),
  });
}

/**
 * A delivery's job arrived in the dead-letter queue: every retry failed.
 * Marks it dead; if another delivery waited for it (a welcome's notification),
 * that one is queued anyway (and says so) so the company never loses a lead;
 * endpoints listening to delivery.dead_lettered hear of it.
 */
export async function processDeadLetter(deps: DeliveryDeps, deliveryId: string) {
  const dead = await deps.store.transaction(async (tx, bossDb) => {
    const [row] = await tx
      .update(deliveries)
      .set({ status: "dead" })
      .where(and(eq(deliveries.id, deliveryId), ne(deliveries.status, "sent")))
      .returning();
    if (row) {
      const [submission] = await tx.select().from(enquiries).where(eq(enquiries.id, row.enquiryId));
      if (submission) await enqueueFollowUp(deps, tx, bossDb, submission, row.kind);
      await deps.announce(tx, bossDb, "delivery.dead_lettered", [{ enquiryId: row.enquiryId, deliveryId: row.id }]);
    }
    return row;
  });
  if (dead) {
    deps.log.error("delivery dead-lettered", {
      deliveryId,
      enquiryId: dead.enquiryId,
      kind: dead.kind,
      attempts: dead.attempts,
      error: dead.lastError,
    });
  }
}
