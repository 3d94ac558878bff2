import { asc, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "./log.server";
import type { Store } from "./db/db.server";
import type { QueueSpec } from "./queue.server";

/** The daily retention sweep's job, at 03:17 UTC. */
export const RETENTION_QUEUE = "enquiry-retention";
export const RETENTION_CRON = "17 3 * * *";
export const retentionQueue: QueueSpec = {
  name: RETENTION_QUEUE,
  options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
};

/**
 * A feature's part of the sweep: deletes what it keeps no longer, returning
 * counts for the sweep's log line. `keeps` says how long, in the line's words
 * (empty: nothing of its own to say); `tables` are the tables it deletes from,
 * or whose rows go with another part's (foreign keys that cascade).
 */
export type RetentionPart = {
  keeps: string;
  tables: readonly string[];
  /**
   * False when what it deletes needs no rewrite of the database's files:
   * rows that say nothing about anyone (counts under keyed hashes), or files
   * outside the database.
   */
  rewrite?: false;
  purge(store: Store): Promise<Record<string, number>>;
};

/**
 * Deletes the rows of `table` that `where` picks, having locked them in `id`
 * order first, as every change of many rows locks them (the inbox's bulk
 * changes, an erasure): two transactions that take the same rows in the same
 * order wait for each other, never deadlock. Returns how many went.
 */
export async function deleteInIdOrder(store: Store, table: PgTable, id: PgColumn, where: SQL | undefined) {
  const rows = await store.db
    .delete(table)
    .where(inArray(id, store.db.select({ id }).from(table).where(where).orderBy(asc(id)).for("update")))
    .returning({ id });
  return rows.length;
}

/**
 * Deletes the rows of `table` whose `createdAt` is more than `months` months
 * before now (the database's clock), in `id` order (deleteInIdOrder); returns how many went.
 */
export function deleteOlderThan(store: Store, table: PgTable, id: PgColumn, createdAt: PgColumn, months: number) {
  return deleteInIdOrder(store, table, id, lt(createdAt, sql`now() - make_interval(months => ${months}::int)`));
}

/**
 * The daily retention sweep (the RETENTION_QUEUE job): each feature's part
 * (app/site.server.ts lists them: enquiries and suspected spam, text
 * messages, audit rows...). Then, on the embedded database, which has no
 * autovacuum, fresh planner statistics for the parts' tables; and when
 * anything about a person was deleted, the rows leave the database's files
 * too, as an erasure's do (Store.forgetDeleted), so no backup taken after the
 * sweep holds them. Its one log line says what is kept, and what went.
 */
export async function runRetentionSweep(
  store: Store,
  log: Logger,
  parts: readonly RetentionPart[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let toRewrite = false;
  for (const part of parts) {
    const deleted = await part.purge(store);
    Object.assign(counts, deleted);
    if (part.rewrite !== false && Object.values(deleted).some((n) => n > 0)) toRewrite = true;
  }
  const tables = [...new Set(parts.flatMap((part) => part.tables))];
  let vacuumed = false;
  if (store.engine === "pglite" && tables.length > 0) {
    await store.db.execute(sql.raw(`vacuum (analyze) ${tables.map((table) => `"${table}"`).join(", ")}`));
    vacuumed = true;
  }
  const toForget = [...new Set(parts.filter((part) => part.rewrite !== false).flatMap((part) => part.tables))];
  const rewritten = toRewrite && toForget.length > 0 ? (await store.forgetDeleted(toForget)).rewritten : false;
  const keeps = parts.map((part) => part.keeps).filter(Boolean);
  log.info(`retention sweep: ${keeps.join(", ")}`, { ...counts, vacuumed, rewritten });
  return counts;
}
