import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import { enquiryKind, recipientOf, type DeliveryKind, type EnquiryKind } from "~/features/enquiries/kinds";
import type { Logger } from "~/platform/log.server";
import type { Database, Store, Transaction } from "~/platform/db/db.server";
import { buildEmail } from "./emails.server";
import { DELIVERY_QUEUE, deliveryJob } from "./queues.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import type { AnnounceEvent } from "./events.server";
import {
  EMAIL_FALLBACK_ERROR,
  SendError,
  errorText,
  type MailTransport,
  type OutgoingEmail,
} from "~/platform/mail/transport.server";
import { mapBounded } from "~/platform/queue.server";

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

/** What became of one delivery of a batch: sent now, skipped (already sent, given up or gone), or the error of its send. */
/** `refused`: the provider refused the message itself (a rejected recipient): given up at once, never retried. */
export type DeliveryOutcome =
  { status: "sent" } | { status: "skipped" } | { status: "failed"; error: Error } | { status: "refused"; error: Error };

/**
 * Sends a batch of deliveries (a worker's fetch of jobs), each settling on its
 * own, with a fixed number of reads per batch however large it is (on the
 * embedded database every statement costs the one thread the web requests
 * need too: docs/decisions/025-memory-recovery-and-load.md):
 *
 *   1. one query reads the deliveries and their enquiries, and one the state of
 *      the deliveries the notifications among them waited for;
 *   2. one statement counts an attempt for each delivery to send;
 *   3. each e-mail is built and handed to `send` (at most `limit` at once),
 *      which says of each further try it makes (a provider's rate limit) so
 *      that every try is counted; a failed send records its error and is
 *      retried by pg-boss with backoff, then dead-lettered; one the provider
 *      refused for good (a rejected recipient: `SendError.permanent`) is
 *      dead-lettered at once, so the notification that waited for a welcome
 *      to a mistyped address goes without the half a day of retries;
 *   4. each e-mail sent is marked so at once, in a transaction that queues the
 *      delivery that waited for it (a demo notification after its welcome),
 *      before its slot goes to another send: a process killed in the middle of
 *      a batch repeats at most the sends it had in flight.
 *
 * A delivery already sent (a job run twice after a restart) or given up is
 * skipped. The "delivery sent" log line is written once the database records it.
 */
export async function processDeliveries(
  deps: DeliveryDeps,
  deliveryIds: readonly string[],
  {
    limit,
    send,
  }: {
    limit: number;
    /** Sends one e-mail, returning the provider's message id; calls `triedAgain` for each try after the first. */
    send: (message: OutgoingEmail, deliveryId: string, triedAgain: () => void) => Promise<string>;
  },
): Promise<DeliveryOutcome[]> {
  const { store, log } = deps;
  const found = new Map(
    (
      await store.db
        .select({ delivery: deliveries, enquiry: enquiries })
        .from(deliveries)
        .innerJoin(enquiries, eq(enquiries.id, deliveries.enquiryId))
        .where(inArray(deliveries.id, [...deliveryIds]))
    ).map((row) => [row.delivery.id, row]),
  );
  const outcomes = new Map<string, DeliveryOutcome>();
  const toSend: (typeof found extends Map<string, infer R> ? R : never)[] = [];
  for (const deliveryId of new Set(deliveryIds)) {
    const row = found.get(deliveryId);
    if (!row) log.warn("delivery no longer exists", { deliveryId });
    if (!row || row.delivery.status === "sent" || row.delivery.status === "dead") {
      outcomes.set(deliveryId, { status: "skipped" });
      continue;
    }
    toSend.push(row);
  }

  // A delivery that waited for another (a notification for its welcome) says so when that one was given up.
  const waits = toSend.flatMap(({ delivery, enquiry }) => {
    const waitedFor = predecessorOf(enquiry.kind, delivery.kind);
    return waitedFor ? [{ enquiryId: enquiry.id, kind: waitedFor }] : [];
  });
  const givenUp = new Set<string>();
  if (waits.length > 0) {
    const before = await store.db
      .select({ enquiryId: deliveries.enquiryId, kind: deliveries.kind })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.enquiryId,
            waits.map((wait) => wait.enquiryId),
          ),
          eq(deliveries.status, "dead"),
        ),
      );
    for (const row of before) givenUp.add(`${row.enquiryId}:${row.kind}`);
  }

  if (toSend.length > 0) {
    await store.db
      .update(deliveries)
      .set({ attempts: sql`${deliveries.attempts} + 1` })
      .where(
        inArray(
          deliveries.id,
          toSend.map((row) => row.delivery.id),
        ),
      );
  }
  await mapBounded(toSend, limit, async (row) => {
    const { delivery, enquiry } = row;
    let moreTries = 0;
    const waitedFor = predecessorOf(enquiry.kind, delivery.kind);
    const fields = {
      deliveryId: delivery.id,
      enquiryId: enquiry.id,
      kind: delivery.kind,
      enquiry: enquiry.kind,
    };
    try {
      const message = await buildEmail({
        enquiry,
        delivery,
        welcomeFailed: waitedFor !== undefined && givenUp.has(`${enquiry.id}:${waitedFor}`),
        siteUrl: deps.siteUrl,
        now: deps.now?.(),
      });
      const providerMessageId = await send(message, delivery.id, () => moreTries++);
      // Recorded before the send's slot is given to another: a process killed now repeats at
      // most the sends in flight, each under its own Message-ID (faults/crash-recovery.test.ts).
      await markSent(deps, row, providerMessageId, moreTries);
      log.info("delivery sent", { ...fields, attempt: delivery.attempts + 1 + moreTries });
      outcomes.set(delivery.id, { status: "sent" });
    } catch (error) {
      const text = errorText(error, EMAIL_FALLBACK_ERROR);
      const refused = error instanceof SendError && error.permanent;
      await store.db
        .update(deliveries)
        .set({ status: "failed", lastError: text.slice(0, 2000), attempts: sql`${deliveries.attempts} + ${moreTries}` })
        .where(and(eq(deliveries.id, delivery.id), ne(deliveries.status, "sent")));
      const attempt = delivery.attempts + 1 + moreTries;
      if (refused) log.warn("delivery refused by the provider; giving up", { ...fields, attempt, error: text });
      else log.warn("delivery failed; will retry", { ...fields, attempt, error: text });
      outcomes.set(delivery.id, {
        status: refused ? "refused" : "failed",
        error: new SendError(text, { cause: error }),
      });
    }
  });

  return deliveryIds.map((id) => outcomes.get(id)!);
}

/** Marks one delivery sent and queues the delivery that waited for it (a demo notification after its welcome). */
async function markSent(
  deps: DeliveryDeps,
  { delivery, enquiry }: { delivery: { id: string; kind: DeliveryKind }; enquiry: FollowUpEnquiry },
  providerMessageId: string,
  moreTries: number,
) {
  await deps.store.transaction(async (tx, bossDb) => {
    await tx
      .update(deliveries)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        providerMessageId,
        lastError: null,
        attempts: sql`${deliveries.attempts} + ${moreTries}`,
      })
      .where(eq(deliveries.id, delivery.id));
    await enqueueFollowUp(deps, tx, bossDb, enquiry, delivery.kind);
  });
}

/** The delivery that `kind` waits for in the registry (a demo notification waits for its welcome). */
export function predecessorOf(enquiry: EnquiryKind, kind: DeliveryKind): DeliveryKind | undefined {
  const after: Partial<Record<DeliveryKind, DeliveryKind>> = enquiryKind(enquiry).after ?? {};
  return (Object.keys(after) as DeliveryKind[]).find((first) => after[first] === kind);
}

/** Creates the delivery that waited for `sent` (sent or given up), if the registry names one. */
type FollowUpEnquiry = { id: string; kind: EnquiryKind; payload: Record<string, string | undefined> };

async function enqueueFollowUp(
  deps: DeliveryDeps,
  tx: Transaction,
  bossDb: BossDb,
  enquiry: FollowUpEnquiry,
  sent: DeliveryKind,
) {
  const next = enquiryKind(enquiry.kind).after?.[sent];
  if (!next) return;
  await enqueueDelivery(tx, bossDb, deps.boss, {
    enquiryId: enquiry.id,
    kind: next,
    recipient: recipientOf(next, { enquiries: deps.enquiriesEmail, submitter: enquiry.payload.email ?? "" }),
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
      const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, row.enquiryId));
      if (enquiry) await enqueueFollowUp(deps, tx, bossDb, enquiry, row.kind);
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
