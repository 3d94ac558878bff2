import { sql, type SQL } from "drizzle-orm";
import { check, index, type AnyPgColumn, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { cascadingForeignKey, deliveryStateColumns } from "~/platform/db/columns.server";
import type { DeliveryKind, EnquiryKind } from "./kinds";
import type { SpamReason } from "./service";

/**
 * The enquiry outbox. An enquiry is stored before any e-mail is attempted;
 * each e-mail it causes is a delivery row whose status the worker moves from
 * queued to sent, failed (will retry) or dead (gave up).
 */

/**
 * An address without its "+tag", which reaches the same mailbox: what the
 * recipient limit counts (./limits.server.ts), and an index of this table.
 */
export const untaggedEmail = (email: AnyPgColumn | SQL) => sql`regexp_replace(${email}, '\\+[^@]*@', '@')`;

/** Why a post is in the Spam view: kept as suspected spam instead of being delivered, or moved there by staff. */
export const spamReasons = ["honeypot", "time-trap", "staff"] as const satisfies readonly SpamReason[];

export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").$type<EnquiryKind>().notNull(),
    /** What the registry's `toPayload` made of the validated form (~/features/enquiries/kinds.ts); its kind is checked there. */
    payload: jsonb("payload").$type<Record<string, string | undefined>>().notNull(),
    /** The submitter's address, lower-cased, for the per-recipient limit. */
    email: text("email").notNull(),
    /** First 16 hex characters of HMAC-SHA256(secret, client IP): never the raw IP. */
    clientFingerprint: text("client_fingerprint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a member of staff marked it handled (null: new); reopening clears it. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** The staff user id that marked it handled. */
    handledBy: text("handled_by"),
    /** The staff user id dealing with it (the inbox's "Assigned to"); null: nobody yet. */
    assignedTo: text("assigned_to"),
    /**
     * Set when the post tripped the honeypot or the time trap (kept in the
     * console's Spam view, with no e-mail sent), or when staff moved an
     * enquiry there from the inbox ("staff": its e-mails were already
     * queued); it stays until staff release or delete it (or it expires
     * 30 days after spamAt).
     */
    spamReason: text("spam_reason").$type<SpamReason>(),
    /** When it went to the Spam view (kept, or moved there by staff); null outside it. */
    spamAt: timestamp("spam_at", { withTimezone: true }),
    // Where the visitor came from (./source.ts, issue 44): the form page's referrer ("direct", a host, a
    // path of this site) and its URL's utm_* values. Null: stored before sources were kept, or with ANALYTICS=off.
    sourceReferrer: text("source_referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmVariant: text("utm_variant"),
    utmCta: text("utm_cta"),
    /** Lower-cased name, address and organisation, for the console's search (trigram index). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(coalesce(payload->>'name', '') || ' ' || email || ' ' || coalesce(payload->>'organization', ''))`,
    ),
  },
  (t) => [
    index("enquiries_created_at_idx").on(t.createdAt),
    check("enquiries_spam_reason_check", sql`${t.spamReason} in ('honeypot', 'time-trap', 'staff')`),
    index("enquiries_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("enquiries_fingerprint_idx").on(t.clientFingerprint, t.createdAt),
    index("enquiries_email_idx").on(t.email, t.createdAt),
    index("enquiries_recipient_idx").on(untaggedEmail(t.email), t.createdAt),
    // The console's inbox (suspected spam is not listed): its pages and counts, and the new ones alone.
    index("enquiries_inbox_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.spamReason} is null`),
    index("enquiries_inbox_new_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.spamReason} is null and ${t.handledAt} is null`),
    // The inbox's "Assigned to" filter ("Mine").
    index("enquiries_inbox_assigned_idx")
      .on(t.assignedTo, t.createdAt)
      .where(sql`${t.spamReason} is null and ${t.assignedTo} is not null`),
  ],
);

export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey(),
    enquiryId: uuid("enquiry_id").notNull(),
    kind: text("kind").$type<DeliveryKind>().notNull(),
    recipient: text("recipient").notNull(),
    ...deliveryStateColumns(),
  },
  (t) => [
    cascadingForeignKey("deliveries_enquiry_id_fk", t.enquiryId, enquiries.id),
    unique("deliveries_enquiry_kind_unique").on(t.enquiryId, t.kind),
    check("deliveries_kind_check", sql`${t.kind} in ('welcome', 'notification', 'acknowledgement')`),
    check("deliveries_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'dead')`),
    index("deliveries_status_idx").on(t.status),
    // The inbox's "delivery problem" filter reads only e-mails not sent (few), from this index alone.
    index("deliveries_unsent_idx")
      .on(t.enquiryId, t.status, t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
);

export type EnquiryRow = typeof enquiries.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
