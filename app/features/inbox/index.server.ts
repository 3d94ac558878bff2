import type { RetentionPart } from "~/platform/retention.server";

/** The inbox (staff): enquiries listed, filtered, assigned, changed in bulk, exported. */
export { createInboxService } from "./inbox.server";

/** An enquiry's notes go with it (its foreign key cascades): the sweep rewrites their table too. */
export const inboxRetention: RetentionPart = { keeps: "", tables: ["enquiry_notes"], purge: async () => ({}) };
export { enquiryNotes } from "./tables.server";
