import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { enquiries } from "~/features/enquiries/tables.server";
import { staffUsers } from "~/features/sign-in/tables.server";

/** Internal notes on an enquiry, with their author; erased with the enquiry. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** The author's staff user id (null once that account is removed). */
    authorId: text("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The author's name and address when the note was written. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_notes_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

export type EnquiryNote = typeof enquiryNotes.$inferSelect;
