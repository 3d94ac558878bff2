import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "./db.server";
import { staffRateLimits } from "~/platform/db/tables.server";
import type { RetentionPart } from "~/platform/retention.server";

/**
 * The site's request counters: fixed-window counters in `staff_rate_limits`
 * (better-auth's rate-limit table), shared by every process through the
 * database. One row per key; the key names what is counted and by whom (a
 * keyed hash, never an address or a key). Sign-in codes asked for and tried
 * (app/features/sign-in/lockout.server.ts), wrong app codes at set-up
 * (app/features/sign-in/auth.server.ts) and the communication key's recipients
 * (app/features/communication-api/quota.server.ts) are counted here.
 */
export type CounterWindow = {
  /** Counted within the window, this time included. */
  count: number;
  /** When the window began (epoch ms). */
  since: number;
};

/**
 * Adds `n` (default 1) to the counter `key`'s window of `windowMs`: a window
 * that has ended starts again at `n`, now. `db` may be a transaction.
 *
 * Two statements, so that concurrent adds never fail and none is lost: the
 * row is made if missing (`on conflict do nothing` with no target treats the
 * table's two unique indexes, id and key, alike, and waits for a concurrent
 * insert of the same row to end), then the update queues on the row. A single
 * `insert … on conflict (key) do update` is not enough: its conflict target
 * covers one index, and two first adds at the same moment could collide on
 * the other one (a duplicate-key error on PostgreSQL).
 */
export async function addToWindow(
  db: Database | Transaction,
  key: string,
  windowMs: number,
  { n = 1, now = Date.now() }: { n?: number; now?: number } = {},
): Promise<CounterWindow> {
  const windowStart = now - windowMs;
  await db.insert(staffRateLimits).values({ id: key, key, count: 0, lastRequest: now }).onConflictDoNothing();
  const [row] = await db
    .update(staffRateLimits)
    .set({
      count: sql`case when ${staffRateLimits.lastRequest} < ${windowStart} then ${n}::int else ${staffRateLimits.count} + ${n}::int end`,
      lastRequest: sql`case when ${staffRateLimits.lastRequest} < ${windowStart} then ${now} else ${staffRateLimits.lastRequest} end`,
    })
    .where(eq(staffRateLimits.key, key))
    .returning({ count: staffRateLimits.count, since: staffRateLimits.lastRequest });
  return row ? { count: row.count, since: Number(row.since) } : { count: n, since: now };
}

/** The counter's window when it began within the last `windowMs`, without adding to it; null when none. */
export async function peekWindow(
  db: Database,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<CounterWindow | null> {
  const [row] = await db
    .select({ count: staffRateLimits.count, since: staffRateLimits.lastRequest })
    .from(staffRateLimits)
    .where(and(eq(staffRateLimits.key, key), gte(staffRateLimits.lastRequest, now - windowMs)));
  return row ? { count: row.count, since: Number(row.since) } : null;
}

/**
 * How long a counter is kept after its window began (or a streak's last
 * count): twice the longest window, a day (sign-in's wrong-code streak and
 * alerts, the communication API's day; app/retention.test.ts checks each).
 * Older, a row counts nothing for any reader.
 */
export const COUNTERS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The retention sweep's part for the counters. Anyone who posts makes rows
 * (a sign-in code asked for any address makes three), so without it they
 * would only ever grow.
 */
export const countersRetention: RetentionPart = {
  keeps: "request counters 2 days",
  tables: ["staff_rate_limits"],
  // Counts under keyed hashes: nothing to rewrite the files for.
  rewrite: false,
  async purge(store) {
    const gone = await store.db
      .delete(staffRateLimits)
      .where(lt(staffRateLimits.lastRequest, Date.now() - COUNTERS_KEPT_MS))
      .returning({ key: staffRateLimits.key });
    return { countersDeleted: gone.length };
  },
};
