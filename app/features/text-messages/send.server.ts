import { randomUUID } from "node:crypto";
import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import { deleteOlderThan } from "~/platform/retention.server";
import type { PgBoss } from "pg-boss";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import { SMS_QUEUE, type SmsJob } from "./queues.server";
import { textMessages, type TextMessage } from "~/features/text-messages/tables.server";
import {
  ACS_SEND_TIMEOUT_MS,
  SMS_FALLBACK_ERROR,
  SendError,
  errorText,
  type SmsTransport,
} from "~/platform/mail/transport.server";

/**
 * Text messages (SMS) on the e-mails' durable path (docs/decisions/016-acs-contract-tests.md):
 * the communication endpoint's send_sms stores one row per recipient and a
 * job for each, due a little after the endpoint's own first attempt could
 * have ended; it then sends them at once so its caller hears the outcome.
 * Whatever that attempt could not finish (the process stopped, the provider
 * was busy or down) the worker sends with the e-mails' retries, then
 * dead-letters (the console's "Text messages" and its banner). A refusal of
 * the message itself (an invalid number: an HTTP 4xx) is given up at once:
 * sending it again cannot succeed.
 */
export type SmsDeps = {
  store: Store;
  boss: PgBoss;
  sms: SmsTransport;
  log: Logger;
  /** Tests: how long after storing a message its job becomes due (default {@link INLINE_GRACE_MS}). */
  graceMs?: number;
};

/** When a stored message's job becomes due: after the endpoint's own attempt (bounded by the send timeout) is over. */
export const INLINE_GRACE_MS = ACS_SEND_TIMEOUT_MS + 30_000;

/** What became of one recipient's message: sent, given up (refused), or stored for the worker's retries. */
export type SmsRecipientResult =
  { status: "sent"; messageId: string } | { status: "failed"; error: string } | { status: "queued"; error: string };

/** What the endpoint tells its caller; `results` has one entry per recipient, in order. */
export type SmsOutcome = { results: SmsRecipientResult[] } &
  /** Every recipient's message was accepted by the provider: their ids, comma-separated. */
  (
    | { state: "sent"; messageId: string }
    /** A recipient's message was refused for good (the provider's text, or "Failed to send SMS"). */
    | { state: "refused"; error: string }
    /** The provider could not take some yet: they are stored and will be retried. */
    | { state: "queued"; error: string }
  );

type Attempt = { ok: true; messageId: string } | { ok: false; error: string; permanent: boolean };

/** One attempt at one stored message; records its outcome (sent, failed or, refused for good, dead). */
async function attempt(deps: SmsDeps, row: Pick<TextMessage, "id" | "recipient" | "body">): Promise<Attempt> {
  const { store } = deps;
  await store.db
    .update(textMessages)
    .set({ attempts: sql`${textMessages.attempts} + 1` })
    .where(eq(textMessages.id, row.id));
  try {
    const { messageId } = await deps.sms.sendSms({ to: [row.recipient], message: row.body });
    await store.db
      .update(textMessages)
      .set({ status: "sent", sentAt: new Date(), providerMessageId: messageId, lastError: null })
      .where(eq(textMessages.id, row.id));
    return { ok: true, messageId };
  } catch (error) {
    const text = errorText(error, SMS_FALLBACK_ERROR).slice(0, 2000);
    const permanent = error instanceof SendError && error.permanent;
    await store.db
      .update(textMessages)
      .set({ status: permanent ? "dead" : "failed", lastError: text })
      .where(and(eq(textMessages.id, row.id), ne(textMessages.status, "sent")));
    return { ok: false, error: text, permanent };
  }
}

/**
 * Stores `message` for each of `to` (with their jobs, in one transaction),
 * then tries them all at once. No number or text is logged.
 */
export async function sendTextMessages(deps: SmsDeps, request: { to: string[]; message: string }): Promise<SmsOutcome> {
  const requestId = randomUUID();
  const rows = request.to.map((recipient) => ({ id: randomUUID(), requestId, recipient, body: request.message }));
  const due = new Date(Date.now() + (deps.graceMs ?? INLINE_GRACE_MS));
  await deps.store.transaction(async (tx, bossDb) => {
    await tx.insert(textMessages).values(rows);
    await deps.boss.insert(
      SMS_QUEUE,
      rows.map((row) => ({ data: { textMessageId: row.id } satisfies SmsJob, startAfter: due })),
      { db: bossDb },
    );
  });
  const results = await Promise.all(rows.map((row) => attempt(deps, row)));
  const refused = results.find((result) => !result.ok && result.permanent);
  const waiting = results.filter((result) => !result.ok && !result.permanent);
  deps.log.info("text messages sent", {
    requestId,
    recipients: rows.length,
    sent: results.filter((result) => result.ok).length,
    refused: results.filter((result) => !result.ok && result.permanent).length,
    retrying: waiting.length,
  });
  const perRecipient = results.map((result): SmsRecipientResult =>
    result.ok
      ? { status: "sent", messageId: result.messageId }
      : { status: result.permanent ? "failed" : "queued", error: result.error },
  );
  if (refused && !refused.ok) return { state: "refused", error: refused.error, results: perRecipient };
  const first = waiting[0];
  if (first && !first.ok) return { state: "queued", error: first.error, results: perRecipient };
  return {
    state: "sent",
    messageId: results.map((result) => (result.ok ? result.messageId : "")).join(","),
    results: perRecipient,
  };
}

/**
 * The worker's side: sends one stored message unless it was already sent or
 * given up. A failure the provider may get over throws (pg-boss retries it);
 * a refusal is recorded as given up and completes the job.
 */
export async function processTextMessage(deps: SmsDeps, id: string): Promise<"sent" | "skipped" | "refused"> {
  const [row] = await deps.store.db.select().from(textMessages).where(eq(textMessages.id, id));
  if (!row || row.status === "sent" || row.status === "dead") return "skipped";
  const result = await attempt(deps, row);
  if (result.ok) {
    deps.log.info("text message sent", { textMessageId: id, attempt: row.attempts + 1 });
    return "sent";
  }
  if (result.permanent) {
    deps.log.error("text message refused by the provider; given up", { textMessageId: id, error: result.error });
    return "refused";
  }
  deps.log.warn("text message failed; will retry", {
    textMessageId: id,
    attempt: row.attempts + 1,
    error: result.error,
  });
  throw new SendError(result.error);
}

/** Every retry failed: given up (the console's banner counts it; an admin can retry it). */
export async function processTextMessageDeadLetter(deps: Pick<SmsDeps, "store" | "log">, id: string) {
  const [dead] = await deps.store.db
    .update(textMessages)
    .set({ status: "dead" })
    .where(and(eq(textMessages.id, id), notInArray(textMessages.status, ["sent"])))
    .returning({ attempts: textMessages.attempts, error: textMessages.lastError });
  if (dead) deps.log.error("text message dead-lettered", { textMessageId: id, ...dead });
}

/** Text messages (numbers and texts) are kept as long as the enquiries (RETENTION_MONTHS), no longer. */
export async function purgeExpiredTexts(store: Store, months: number): Promise<number> {
  return deleteOlderThan(store, textMessages, textMessages.id, textMessages.createdAt, months);
}
