import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { cascadingForeignKey } from "~/platform/db/columns.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import type { IntegrationDetail, IntegrationEvent, IntegrationKind, IntegrationDeliveryStatus } from "./integrations";

/**
 * Endpoints the team connected on /staff/integrations (~/features/integrations/integrations.ts).
 * `url` is a secret for Slack and Teams (anyone holding it can post): it is
 * never logged and the console shows only its host. `secret` is a generic
 * webhook's Standard Webhooks signing key (`whsec_…`); after it is replaced,
 * `previous_secret` is the one it replaced, which still signs until
 * `previous_secret_until` (24 hours) and is then dropped. All three are
 * stored encrypted with DATA_ENCRYPTION_KEY (`$ba$1$…`, ./keys.server.ts
 * dataCipher). `reveal_to` and `reveal_until`: the member who just added the
 * webhook or replaced its secret, who may see the secret once, on the page
 * the post leads to, for a few minutes (never in a URL).
 */
export const integrations = pgTable(
  "integrations",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").$type<IntegrationKind>().notNull(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    secret: text("secret"),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    revealTo: text("reveal_to"),
    revealUntil: timestamp("reveal_until", { withTimezone: true }),
    events: jsonb("events").$type<IntegrationEvent[]>().notNull(),
    detail: text("detail").$type<IntegrationDetail>().notNull().default("link"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("integrations_kind_check", sql`${t.kind} in ('webhook', 'slack', 'teams')`),
    check("integrations_detail_check", sql`${t.detail} in ('link', 'summary')`),
  ],
);

/**
 * One event for one endpoint: stored in the transaction that caused it (the
 * enquiry, its release, an e-mail given up) and sent by the worker like an
 * e-mail. Its id is the `webhook-id` every attempt and resend carries. It
 * holds no copy of the enquiry (the body is built from it at each attempt),
 * and goes with the enquiry when that is erased or expires.
 */
export const integrationDeliveries = pgTable(
  "integration_deliveries",
  {
    id: uuid("id").primaryKey(),
    integrationId: uuid("integration_id").notNull(),
    enquiryId: uuid("enquiry_id").notNull(),
    event: text("event").$type<IntegrationEvent>().notNull(),
    /** For delivery.dead_lettered: the e-mail given up. */
    deliveryId: uuid("delivery_id"),
    status: text("status").$type<IntegrationDeliveryStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The last attempt: HTTP status (null: no answer), time taken, the answer's first 500 characters, or why it failed. */
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms"),
    response: text("response"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    cascadingForeignKey("integration_deliveries_integration_id_fk", t.integrationId, integrations.id),
    cascadingForeignKey("integration_deliveries_enquiry_id_fk", t.enquiryId, enquiries.id),
    cascadingForeignKey("integration_deliveries_delivery_id_fk", t.deliveryId, deliveries.id),
    // One delivery per endpoint and event: queuing an event twice (a job run twice) is a no-op.
    unique("integration_deliveries_event_unique")
      .on(t.integrationId, t.enquiryId, t.event, t.deliveryId)
      .nullsNotDistinct(),
    check(
      "integration_deliveries_event_check",
      sql`${t.event} in ('enquiry.received', 'enquiry.released', 'delivery.dead_lettered')`,
    ),
    check("integration_deliveries_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'dead', 'skipped')`),
    index("integration_deliveries_log_idx").on(t.integrationId, t.createdAt),
    index("integration_deliveries_enquiry_idx").on(t.enquiryId),
    index("integration_deliveries_dead_idx")
      .on(t.status)
      .where(sql`${t.status} = 'dead'`),
  ],
);

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationDeliveryRow = typeof integrationDeliveries.$inferSelect;
