/**
 * The inbox's reads: a page of the list, one enquiry (its view audited), and
 * the members an enquiry can be assigned to. The changes are in
 * ./changes.server.ts, the export in ./export.server.ts.
 */
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  INBOX_PAGE_SIZE,
  STUCK_AFTER_MINUTES,
  type Assignee,
  type DeliveryGlance,
  type EnquiryDetail,
  type InboxActor,
  type InboxFilters,
  type InboxPage,
} from "~/features/inbox/inbox";
import {
  enquiryKindNames,
  payloadFields,
  payloadValue,
  sourceOfColumns,
  topicKey,
  type EnquiryKind,
} from "~/features/enquiries";
import { pageOf, type Store } from "~/platform/db/db.server";
import { deliveries, deliveryMessageId, enquiries } from "~/features/enquiries/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { enquiryNotes } from "~/features/inbox/tables.server";
import { staffUsers } from "~/features/sign-in/index.server";
import { deliveryGlances, deliveryProblemIds, parseJson, UUID, whereOf } from "./where.server";

/** The assigned member's name (their address when the name is only that), joined from staff_users. */
const assigneeLabel = sql<string | null>`coalesce(nullif(${staffUsers.name}, ''), ${staffUsers.email})`.as(
  "assignee_name",
);

function payloadText(key: string) {
  return sql<string | null>`${enquiries.payload}->>${sql.raw(`'${key}'`)}`;
}

/** Each row's topic, whichever payload key its kind's registry entry names. */
const topicText = sql<string | null>`case ${enquiries.kind} ${sql.join(
  enquiryKindNames.map((kind) => sql`when ${kind} then ${enquiries.payload}->>${topicKey(kind)}`),
  sql` `,
)} end`;

export function createInboxQueries({ store, secret, siteUrl }: { store: Store; secret: string; siteUrl: string }) {
  const { db } = store;
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
        .select({ enquiry: enquiries, handledByName: staffUsers.name, handledByEmail: staffUsers.email })
        .from(enquiries)
        .leftJoin(staffUsers, eq(staffUsers.id, enquiries.handledBy))
        .where(eq(enquiries.id, id));
      if (!found) return null;
      const { enquiry } = found;
      const [assigned] = enquiry.assignedTo
        ? await db
            .select({ name: staffUsers.name, email: staffUsers.email })
            .from(staffUsers)
            .where(eq(staffUsers.id, enquiry.assignedTo))
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
        id: enquiry.id,
        kind: enquiry.kind as EnquiryKind,
        receivedAt: enquiry.createdAt,
        name: enquiry.payload.name ?? "",
        email: enquiry.payload.email ?? enquiry.email,
        fields: payloadFields(enquiry.kind, enquiry.payload),
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
        source: sourceOfColumns(enquiry),
        handled: enquiry.handledAt
          ? { at: enquiry.handledAt, by: found.handledByName || found.handledByEmail || null }
          : null,
        spamReason: enquiry.spamReason,
      };
    },

    /**
     * The name each enquiry of `ids` was sent by ("" when none was given), for
     * the pages that mention enquiries by id (the audit log); ids with no
     * enquiry (erased, deleted from spam) are left out. Not audited: no more
     * than a name, shown to admins.
     */
    async senderNames(ids: readonly string[]): Promise<Record<string, string>> {
      const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
      if (wanted.length === 0) return {};
      const rows = await db
        .select({ id: enquiries.id, name: payloadText("name") })
        .from(enquiries)
        .where(inArray(enquiries.id, wanted));
      return Object.fromEntries(rows.map((row) => [row.id, row.name ?? ""]));
    },

    /** The members an enquiry can be assigned to, by name. */
    async assignees(): Promise<Assignee[]> {
      const members = await db
        .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
        .from(staffUsers)
        .orderBy(asc(staffUsers.name), asc(staffUsers.email));
      return members.map((member) => ({
        id: member.id,
        email: member.email,
        label: member.name && member.name !== member.email ? `${member.name} (${member.email})` : member.email,
      }));
    },
  };
}
