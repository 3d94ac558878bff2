import type { Db as BossDb } from "pg-boss";
import type { Database, Transaction } from "~/platform/db/db.server";
import type { EnquiryEvent } from "./events";

/** One enquiry an event is about (and, for a dead letter, which of its e-mails). */
export type EnquiryEventItem = { enquiryId: string; deliveryId?: string | null };

/**
 * Tells the features that listen of an event, in the transaction that made
 * it happen (`tx`, with `bossDb` for jobs they queue), so what they queue
 * commits or rolls back with it. app/site.server.ts wires the listeners in.
 */
export type AnnounceEvent = (
  tx: Transaction | Database,
  bossDb: BossDb,
  event: EnquiryEvent,
  items: readonly EnquiryEventItem[],
) => Promise<unknown>;

/** Nobody listening (tests and tools that store enquiries alone). */
export const announceToNobody: AnnounceEvent = async () => 0;
