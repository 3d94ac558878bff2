import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { addDays, londonMidnight } from "~/platform/calendar";
import type { Db as BossDb, PgBoss } from "pg-boss";
import {
  BULK_MAX,
  INBOX_PAGE_SIZE,
  STUCK_AFTER_MINUTES,
  validateNote,
  type BulkChange,
  type BulkOutcome,
  type DeliveryGlance,
  type DeliveryState,
  type Assignee,
  type EnquiryDetail,
  type ExportBatches,
  type ExportRow,
  type InboxActor,
  type InboxFilters,
  type InboxPage,
  type RetryOutcome,
  type StateOutcome,
} from "~/features/inbox/inbox";
import { payloadFields, payloadValue, sourceOfColumns, topicKey, type EnquirySource } from "~/features/enquiries";
import {
  enquiryKind,
  enquiryKindNames,
  isEnquiryKind,
  type DeliveryKind,
  type EnquiryKind,
} from "~/features/enquiries";
import { pageOf, rowsOf, type Database, type Store, type Transaction } from "~/platform/db/db.server";
import { deliveryMessageId } from "~/features/enquiries/index.server";
import { requeueDeadDeliveries } from "~/features/enquiries/index.server";
import { deliveries, enquiries } from "~/features/enquiries/index.server";
import { integrationDeliveries } from "~/features/integrations/index.server";
import type { AuditAction } from "~/features/audit";
import { recordAudit } from "~/features/audit/index.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { enquiryPath, MY_ENQUIRIES_PATH } from "~/features/console";
import { londonTime } from "~/platform/london-time";
import { enquiryNotes } from "~/features/inbox/tables.server";
import { staffUsers } from "~/features/sign-in/index.server";
import type { PlatformDeps } from "~/platform/platform.server";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
async function deliveryProblemIds(db: Database): Promise<string[]> {
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

function whereOf(filters: InboxFilters, problemIds: string[] | null, memberId?: string): SQL | undefined {
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

/** The assigned member's name (their address when the name is only that), joined from staff_users. */
const assigneeLabel = sql<string | null>`coalesce(nullif(${staffUsers.name}, ''), ${staffUsers.email})`.as(
  "assignee_name",
);

/** Each delivery of the row's submission as [kind, status, stuck], oldest first. */
const deliveryGlances = sql<
  string | [DeliveryKind, DeliveryState, boolean][]
>`coalesce((select json_agg(json_build_array(d.kind, d.status, ${stuck}) order by d.created_at, d.kind) from deliveries d where d.enquiry_id = "enquiries"."id"), '[]')`;

function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

function payloadText(key: string) {
  return sql<string | null>`${enquiries.payload}->>${sql.raw(`'${key}'`)}`;
}

/** Each row's topic, whichever payload key its kind's registry entry names. */
const topicText = sql<string | null>`case ${enquiries.kind} ${sql.join(
  enquiryKindNames.map((kind) => sql`when ${kind} then ${enquiries.payload}->>${topicKey(kind)}`),
  sql` `,
)} end`;

function exportBatch(db: Database, where: SQL | undefined, size: number) {
  return db
    .select({
      id: enquiries.id,
      receivedAt: enquiries.createdAt,
      at: sql<string>`${enquiries.createdAt}::text`,
      kind: enquiries.kind,
      handledAt: enquiries.handledAt,
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
    .where(where)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(size);
}

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

/** `{ source }` when an enquiry recorded where its visitor came from, else nothing (issue 44). */
const withSource = (source: EnquirySource | null) => (source ? { source } : {});

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

/** The enquiries inbox (~/features/inbox/inbox.ts holds its types, filters and labels). */
export function createInbox({ store, boss, secret, siteUrl, mailFrom }: InboxDeps) {
  const { db } = store;

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
        return row.spamReason ? null : { set: { spamReason: "staff" }, action: "moved-to-spam" };
    }
  }

  /**
   * Marks handled, reopens, assigns or moves to spam up to BULK_MAX enquiries
   * at once, in one transaction: the rows are locked, each one that changes
   * gets its audit row beside the change. An id with no enquiry (erased
   * meanwhile, or never one) counts as missing.
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
        .where(inArray(enquiries.id, wanted))
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

  /** One enquiry's state, as a bulk change of one. */
  async function setHandled(id: string, handled: boolean, by: InboxActor): Promise<StateOutcome> {
    const outcome = await bulk([id], { action: handled ? "handled" : "reopen" }, by);
    if (outcome.changed === 1) return { ok: true };
    return { ok: false, reason: outcome.missing === 1 ? "not-found" : "unchanged" };
  }

  return {
    /** Newest first, INBOX_PAGE_SIZE a page; suspected spam is not listed. `by` is whom "mine" means. */
    async list(filters: InboxFilters, requested: number, by?: InboxActor): Promise<InboxPage> {
      const problemIds = filters.problem ? await deliveryProblemIds(db) : null;
      if (problemIds?.length === 0) return { rows: [], page: 1, pages: 1, total: 0 };
      const where = whereOf(filters, problemIds, by?.member.id);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(enquiries).where(where);
      const { page, pages, offset } = pageOf(total, INBOX_PAGE_SIZE, requested);
      const rows = await db
        .select({
          id: enquiries.id,
          receivedAt: enquiries.createdAt,
          kind: enquiries.kind,
          name: payloadText("name"),
          organisation: payloadText("organization"),
          topic: topicText,
          handledAt: enquiries.handledAt,
          assignee: assigneeLabel,
          deliveries: deliveryGlances,
        })
        .from(enquiries)
        .leftJoin(staffUsers, eq(staffUsers.id, enquiries.assignedTo))
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(INBOX_PAGE_SIZE)
        .offset(offset);
      return {
        page,
        pages,
        total,
        rows: rows.map((row) => {
          const topic = row.topic;
          return {
            id: row.id,
            receivedAt: row.receivedAt,
            kind: row.kind,
            name: row.name ?? "",
            organisation: row.organisation || null,
            topic: topic ? payloadValue(row.kind, topicKey(row.kind), topic) : null,
            handled: row.handledAt !== null,
            assignee: row.assignee,
            deliveries: parseJson(row.deliveries).map(([kind, state, stuck]): DeliveryGlance => ({
              kind,
              state,
              stuck: Boolean(stuck),
            })),
          };
        }),
      };
    },

    /** An enquiry with its e-mails and notes; the view is audited. Null when there is none. */
    async get(id: string, by: InboxActor): Promise<EnquiryDetail | null> {
      if (!UUID.test(id)) return null;
      const [found] = await db
        .select({ submission: enquiries, handledByName: staffUsers.name, handledByEmail: staffUsers.email })
        .from(enquiries)
        .leftJoin(staffUsers, eq(staffUsers.id, enquiries.handledBy))
        .where(eq(enquiries.id, id));
      if (!found) return null;
      const { submission } = found;
      const [assigned] = submission.assignedTo
        ? await db
            .select({ name: staffUsers.name, email: staffUsers.email })
            .from(staffUsers)
            .where(eq(staffUsers.id, submission.assignedTo))
        : [];
      const [sent, notes] = await Promise.all([
        db
          .select({
            delivery: deliveries,
            stuck: sql<boolean>`${sql.raw(`"deliveries"."status" = 'queued' and "deliveries"."created_at" < now() - interval '${STUCK_AFTER_MINUTES} minutes'`)}`,
          })
          .from(deliveries)
          .where(eq(deliveries.enquiryId, id))
          // An enquiry's e-mails are created in one transaction (one created_at): the kind breaks the tie, so the order is stable.
          .orderBy(asc(deliveries.createdAt), asc(deliveries.kind)),
        db
          .select()
          .from(enquiryNotes)
          .where(eq(enquiryNotes.enquiryId, id))
          .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id)),
      ]);
      await recordAudit(db, secret, {
        action: "enquiry-viewed",
        actor: { member: by.member },
        target: id,
        meta: by.meta,
      });
      return {
        id: submission.id,
        kind: submission.kind as EnquiryKind,
        receivedAt: submission.createdAt,
        name: submission.payload.name ?? "",
        email: submission.payload.email ?? submission.email,
        fields: payloadFields(submission.kind, submission.payload),
        assignee: assigned ? assigned.name || assigned.email : null,
        deliveries: sent.map(({ delivery: d, stuck }) => ({
          id: d.id,
          kind: d.kind,
          recipient: d.recipient,
          state: d.status,
          stuck: Boolean(stuck),
          attempts: d.attempts,
          lastError: d.lastError,
          messageId: d.providerMessageId ?? deliveryMessageId(d.enquiryId, d.kind, siteUrl),
          sentAt: d.sentAt,
          createdAt: d.createdAt,
        })),
        notes: notes.map((note) => ({ id: note.id, author: note.authorName, body: note.body, at: note.createdAt })),
        source: sourceOfColumns(submission),
        handled: submission.handledAt
          ? { at: submission.handledAt, by: found.handledByName || found.handledByEmail || null }
          : null,
        spamReason: submission.spamReason,
      };
    },

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

    markHandled: (id: string, by: InboxActor) => setHandled(id, true, by),
    reopen: (id: string, by: InboxActor) => setHandled(id, false, by),
    bulk,

    /** The members an enquiry can be assigned to, by name. */
    async assignees(): Promise<Assignee[]> {
      const members = await db
        .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
        .from(staffUsers)
        .orderBy(asc(staffUsers.name), asc(staffUsers.email));
      return members.map((member) => ({
        id: member.id,
        label: member.name && member.name !== member.email ? `${member.name} (${member.email})` : member.email,
      }));
    },

    /** Puts a dead-lettered e-mail back in the queue with the same Message-ID (as `npm run enquiries -- redrive`). */
    async retryDelivery(deliveryId: string, by: InboxActor): Promise<RetryOutcome> {
      if (!UUID.test(deliveryId)) return { ok: false, reason: "not-found" };
      return store.transaction(async (tx, bossDb) => {
        const [row] = await requeueDeadDeliveries(tx, bossDb, boss, { deliveryId });
        if (!row) {
          const [exists] = await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, deliveryId));
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

    /**
     * Every enquiry matching `filters`, newest first, in batches (read from the
     * database as they are written out, so any number exports in bounded
     * memory); the export is audited.
     */
    async export(filters: InboxFilters, by: InboxActor): Promise<ExportBatches> {
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
    },
  };
}

/** The "Inbox" section\'s service, as the site builds it (app/site.server.ts). */
export function createInboxService(deps: PlatformDeps) {
  return createInbox({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    siteUrl: deps.env.SITE_URL,
    mailFrom: deps.env.MAIL_FROM,
  });
}
