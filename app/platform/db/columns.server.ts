import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { foreignKey, integer, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the features' tables share (each feature declares its own tables
 * beside its code: app/features/<feature>/tables.server.ts; drizzle-kit
 * writes the migrations in ./migrations from all of them).
 *
 * An outgoing message (an e-mail delivery, a text message) moves from queued
 * to sent, failed (will retry) or dead (given up).
 */
export const deliveryStatuses = ["queued", "sent", "failed", "dead"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The columns an outgoing message (an e-mail delivery, a text message) carries
 * through queued, sent, failed and dead: the same in both tables. A function,
 * so each table gets its own column builders.
 */
export function deliveryStateColumns() {
  return {
    status: text("status").$type<DeliveryStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

/** A named foreign key from one column to another table's row: deleting that row deletes this one. */
export function cascadingForeignKey(name: string, column: AnyPgColumn, foreignColumn: AnyPgColumn) {
  return foreignKey({ name, columns: [column], foreignColumns: [foreignColumn] }).onDelete("cascade");
}
