/**
 * The inbox's changes: bulk triage (mark handled, reopen, assign, move to
 * spam; docs/decisions/021-inbox-triage.md), one enquiry's state, notes and
 * the retry of a dead-lettered e-mail. Each one is audited in its transaction.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import {
  BULK_MAX,
  validateNote,
  type BulkChange,
  type BulkOutcome,
  type InboxActor,
  type RetryOutcome,
  type StateOutcome,
} from "~/features/inbox/inbox";
import { enquiryKind, isEnquiryKind } from "~/features/enquiries";
import type { Store, Transaction } from "~/platform/db/db.server";
import { deliveries, enquiries, requeueDeadDeliveries } from "~/features/enquiries/index.server";
import { integrationDeliveries } from "~/features/integrations/index.server";
import type { AuditAction } from "~/features/audit";
import { recordAudit } from "~/features/audit/index.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { enquiryPath, MY_ENQUIRIES_PATH } from "~/features/console";
import { londonTime } from "~/platform/london-time";
import { enquiryNotes } from "~/features/inbox/tables.server";
import { staffUsers } from "~/features/sign-in/index.server";
import { UUID } from "./where.server";

/** What the inbox is made of (its reads and export take part of it). */
export type InboxDeps = {
  store: Store;
  boss: PgBoss;
  /** The fingerprint secret, which also keys the audit log's hashes. */
  secret: string;
  /** For the Message-ID of an e-mail not sent yet (the one the pipeline will use), and the links in an assignee's e-mail. */
  siteUrl: string;
  /** MAIL_FROM: the domain of the assignee's e-mail's Message-ID. */
  mailFrom: string;
};

/**
 * An enquiry moved to spam: its e-mails and integration messages not sent
 * yet are deleted (their jobs then find nothing to send), so nothing more
 * goes to the sender or the team's tools about it. A release queues the
 * e-mails again, each kind at most once (what was sent stays sent).
 */
async function withdrawUnsent(tx: Transaction, enquiryId: string) {
  const emails = await tx
    .delete(deliveries)
    .where(and(eq(deliveries.enquiryId, enquiryId), ne(deliveries.status, "sent")))
    .returning({ kind: deliveries.kind });
  const messages = await tx
    .delete(integrationDeliveries)
    .where(and(eq(integrationDeliveries.enquiryId, enquiryId), ne(integrationDeliveries.status, "sent")))
    .returning({ id: integrationDeliveries.id });
  return emails.length + messages.length > 0
    ? { withdrawn: emails.map((e) => e.kind), integrationMessages: messages.length }
    : undefined;
}

/** The change each bulk action makes to a row, and its audit action; null when the row is already so. */
function planChange(
  row: { handledAt: Date | null; assignedTo: string | null; spamReason: string | null },
  change: BulkChange,
  memberId: string,
): { set: Partial<typeof enquiries.$inferInsert>; action: AuditAction } | null {
  switch (change.action) {
    case "handled":
      return row.handledAt ? null : { set: { handledAt: new Date(), handledBy: memberId }, action: "marked-handled" };
    case "reopen":
      return row.handledAt ? { set: { handledAt: null, handledBy: null }, action: "reopened" } : null;
    case "assign":
      return row.assignedTo === change.memberId ? null : { set: { assignedTo: change.memberId }, action: "assigned" };
    case "spam":
      return row.spamReason ? null : { set: { spamReason: "staff", spamAt: new Date() }, action: "moved-to-spam" };
  }
}

export function createInboxChanges({ store, boss, secret, siteUrl, mailFrom }: InboxDeps) {
  /**
   * Marks handled, reopens, assigns or moves to spam up to BULK_MAX enquiries
   * at once, in one transaction: the rows are locked, each one that changes
   * gets its audit row beside the change. An id with no enquiry (erased
   * meanwhile, or never one) counts as missing, and so, for every change but
   * the move to spam, does an enquiry in spam (suspected, or moved there):
   * it is no longer in the inbox (released, it comes back as it was).
   */
  async function bulk(ids: readonly string[], change: BulkChange, by: InboxActor): Promise<BulkOutcome> {
    const wanted = [...new Set(ids.filter((id) => UUID.test(id)))].slice(0, BULK_MAX);
    if (wanted.length === 0) return { changed: 0, unchanged: 0, missing: ids.length };
    return store.transaction(async (tx, bossDb) => {
      let assignee: { id: string; email: string } | undefined;
      if (change.action === "assign" && change.memberId !== null) {
        [assignee] = await tx
          .select({ id: staffUsers.id, email: staffUsers.email })
          .from(staffUsers)
          .where(eq(staffUsers.id, change.memberId));
        if (!assignee) throw new Error("bulk assign: no such member");
      }
      const rows = await tx
        .select({
          id: enquiries.id,
          kind: enquiries.kind,
          createdAt: enquiries.createdAt,
          handledAt: enquiries.handledAt,
          assignedTo: enquiries.assignedTo,
          spamReason: enquiries.spamReason,
        })
        .from(enquiries)
        // In the locking read: a row moved to spam while this waited for it is left out too.
        .where(and(inArray(enquiries.id, wanted), change.action === "spam" ? undefined : isNull(enquiries.spamReason)))
        .orderBy(asc(enquiries.id))
        .for("update");
      const changedRows: typeof rows = [];
      for (const row of rows) {
        const plan = planChange(row, change, by.member.id);
        if (!plan) continue;
        await tx.update(enquiries).set(plan.set).where(eq(enquiries.id, row.id));
        // Moved to spam: what was not sent yet is withdrawn (a release queues it again).
        const withdrawn = change.action === "spam" ? await withdrawUnsent(tx, row.id) : undefined;
        await recordAudit(tx, secret, {
          action: plan.action,
          actor: { member: by.member },
          target: row.id,
          detail: change.action === "assign" ? { to: change.memberId } : withdrawn,
          meta: by.meta,
        });
        changedRows.push(row);
      }
      // A colleague's assignment is e-mailed to the assignee, with the change (never one's own).
      if (assignee && assignee.id !== by.member.id && changedRows.length > 0) {
        await tellAssignee(bossDb, assignee.email, changedRows, by);
      }
      const changed = changedRows.length;
      return { changed, unchanged: rows.length - changed, missing: ids.length - rows.length };
    });
  }

  /** Queues the assignee's e-mail in the assignment's transaction: which enquiries, as links; no enquirer's name or words. */
  async function tellAssignee(
    bossDb: BossDb,
    to: string,
    assigned: readonly { id: string; kind: string; createdAt: Date }[],
    by: InboxActor,
  ) {
    const origin = new URL(siteUrl).origin;
    // React Email loads with the first assignment e-mail, not with the web process.
    const [{ renderEmail }, { staffAssigned }] = await Promise.all([
      import("~/platform/mail/define"),
      import("./emails/assigned"),
    ]);
    const rendered = await renderEmail(staffAssigned, {
      assignedBy: by.member.name || by.member.email,
      enquiries: [...assigned]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => ({
          kind: isEnquiryKind(row.kind) ? enquiryKind(row.kind).label : row.kind,
          received: londonTime(row.createdAt),
          url: `${origin}${enquiryPath(row.id)}`,
        })),
      mineUrl: `${origin}${MY_ENQUIRIES_PATH}`,
    });
    await queueStaffMail(boss, { to: [to], ...rendered }, { from: mailFrom, db: bossDb });
  }

  /**
   * One enquiry's state, as a bulk change of one. One in spam is told apart
   * from one that is gone, so that its page can say why nothing changed.
   */
  async function setHandled(id: string, handled: boolean, by: InboxActor): Promise<StateOutcome> {
    const outcome = await bulk([id], { action: handled ? "handled" : "reopen" }, by);
    if (outcome.changed === 1) return { ok: true };
    if (outcome.missing === 0) return { ok: false, reason: "unchanged" };
    const [row] = UUID.test(id)
      ? await store.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, id))
      : [];
    return { ok: false, reason: row ? "spam" : "not-found" };
  }

  return {
    bulk,
    markHandled: (id: string, by: InboxActor) => setHandled(id, true, by),
    reopen: (id: string, by: InboxActor) => setHandled(id, false, by),

    /** `body` must pass validateNote. */
    async addNote(id: string, body: string, by: InboxActor): Promise<{ ok: boolean }> {
      const error = validateNote(body);
      if (error) throw new Error(`Invalid note: ${error}`);
      if (!UUID.test(id)) return { ok: false };
      return store.transaction(async (tx) => {
        const [exists] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, id));
        if (!exists) return { ok: false };
        const noteId = randomUUID();
        const { name, email } = by.member;
        await tx.insert(enquiryNotes).values({
          id: noteId,
          enquiryId: id,
          authorId: by.member.id,
          authorName: name && name !== email ? `${name} (${email})` : email,
          body: body.trim(),
        });
        await recordAudit(tx, secret, {
          action: "note",
          actor: { member: by.member },
          target: id,
          detail: { noteId },
          meta: by.meta,
        });
        return { ok: true };
      });
    },

    /** Puts a dead-lettered e-mail back in the queue with the same Message-ID (as `npm run enquiries -- redrive`). */
    async retryDelivery(enquiryId: string, deliveryId: string, by: InboxActor): Promise<RetryOutcome> {
      if (!UUID.test(enquiryId) || !UUID.test(deliveryId)) return { ok: false, reason: "not-found" };
      return store.transaction(async (tx, bossDb) => {
        const [row] = await requeueDeadDeliveries(tx, bossDb, boss, { deliveryId, enquiryId });
        if (!row) {
          const [exists] = await tx
            .select({ id: deliveries.id })
            .from(deliveries)
            .where(and(eq(deliveries.id, deliveryId), eq(deliveries.enquiryId, enquiryId)));
          return { ok: false, reason: exists ? "not-dead" : "not-found" } as const;
        }
        await recordAudit(tx, secret, {
          action: "retry",
          actor: { member: by.member },
          target: deliveryId,
          detail: { enquiry: row.enquiryId, kind: row.kind },
          meta: by.meta,
        });
        return { ok: true, enquiryId: row.enquiryId } as const;
      });
    },
  };
}
