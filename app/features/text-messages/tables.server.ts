import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { deliveryStateColumns } from "~/platform/db/columns.server";

/**
 * Text messages (SMS) the communication endpoint sends (POST
 * /functions/v1/azure-communication, send_sms): one row per recipient,
 * stored before the first attempt and sent like an e-mail (retries, dead
 * letter, the console's "Text messages"). The number and the text are
 * personal data: erasure and the access export find them by number, and the
 * retention sweep deletes them with the enquiries.
 */
export const textMessages = pgTable(
  "text_messages",
  {
    id: uuid("id").primaryKey(),
    /** The request that sent it (one per send_sms, whatever its number of recipients). */
    requestId: uuid("request_id").notNull(),
    /** E.164, like +447700900123. */
    recipient: text("recipient").notNull(),
    body: text("body").notNull(),
    ...deliveryStateColumns(),
  },
  (t) => [
    check("text_messages_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'dead')`),
    index("text_messages_recipient_idx").on(t.recipient),
    index("text_messages_created_at_idx").on(t.createdAt),
    index("text_messages_dead_idx")
      .on(t.status)
      .where(sql`${t.status} = 'dead'`),
  ],
);

export type TextMessage = typeof textMessages.$inferSelect;
