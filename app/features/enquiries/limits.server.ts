import { sql, type SQL } from "drizzle-orm";
import type { Env } from "~/platform/env.server";
import { rowsOf, type Database, type Transaction } from "~/platform/db/db.server";
import { untaggedEmail } from "./tables.server";

/**
 * The three enquiry rate limits, counted from the enquiries table so they
 * hold across processes and restarts: per client fingerprint (an hour), per
 * submitter address, i.e. per recipient of welcome e-mails (a day), and for
 * the whole site (an hour). The client and site limits refuse an enquiry;
 * the recipient limit only stops the e-mails to its address, so that no one
 * who knows an address can stop its owner from writing to the company
 * (./store.server.ts). Suspected spam kept for review (spam_reason set)
 * never counts: a person whose first try tripped the honeypot is not held
 * back by it. (A released one counts from its release on, by its received
 * time; on the embedded database LimitBounds learns of it at its next
 * re-count, so a staff release can let at most that many more through.)
 */
export type Limits = { perClientPerHour: number; perRecipientPerDay: number; globalPerHour: number };

export function limitsFromEnv(env: Env): Limits {
  return {
    perClientPerHour: env.ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR,
    perRecipientPerDay: env.ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY,
    globalPerHour: env.ENQUIRY_LIMIT_GLOBAL_PER_HOUR,
  };
}

type Window = "client" | "recipient" | "global";

/** One counter of one window: the global one has the empty key. */
export type LimitKey = { window: Window; key: string };

/**
 * The recipient window's key of an address (stored in lower case): without a
 * "+tag", since name+1@ and name+2@ reach the same mailbox (untaggedEmail).
 */
export const recipientKey = (email: string) => email.replace(/\+[^@]*@/, "@");

const periods: Record<Window, { ms: number; sql: SQL; column: SQL }> = {
  client: { ms: 60 * 60 * 1000, sql: sql`interval '1 hour'`, column: sql`client_fingerprint` },
  recipient: { ms: 24 * 60 * 60 * 1000, sql: sql`interval '1 day'`, column: untaggedEmail(sql`email`) },
  global: { ms: 60 * 60 * 1000, sql: sql`interval '1 hour'`, column: sql`''` },
};

export function limitOf(limits: Limits, window: Window): number {
  return window === "client"
    ? limits.perClientPerHour
    : window === "recipient"
      ? limits.perRecipientPerDay
      : limits.globalPerHour;
}

export const keyId = ({ window, key }: LimitKey) => `${window}:${key}`;

/**
 * Counts the enquiries each key's window holds now, in one query.
 * With `all`, every key with an enquiry in its window (to seed
 * {@link LimitBounds}); keys without any are absent from the result.
 */
export async function countWindows(tx: Database | Transaction, keys: LimitKey[] | "all"): Promise<Map<string, number>> {
  const wanted = (window: Window) =>
    keys === "all" ? null : [...new Set(keys.filter((k) => k.window === window).map((k) => k.key))];
  const parts: SQL[] = [];
  for (const window of ["client", "recipient"] as const) {
    const list = wanted(window);
    if (list?.length === 0) continue;
    const { column, sql: period } = periods[window];
    parts.push(sql`select ${window}::text as window, ${column} as key, count(*)::int as n from enquiries
      where ${list ? sql`${column} = any(${sql.param(list)}::text[]) and ` : sql``}created_at > now() - ${period} and spam_reason is null
      group by ${column}`);
  }
  if (keys === "all" || keys.some((k) => k.window === "global")) {
    parts.push(sql`select 'global'::text as window, '' as key, count(*)::int as n from enquiries
      where created_at > now() - ${periods.global.sql} and spam_reason is null`);
  }
  const counts = new Map<string, number>();
  if (parts.length === 0) return counts;
  const rows = rowsOf<{ window: Window; key: string; n: number }>(await tx.execute(sql.join(parts, sql` union all `)));
  for (const row of rows) counts.set(keyId(row), Number(row.n));
  return counts;
}

/**
 * Whether an address's window holds its day's enquiries now (spam never
 * counts): another enquiry from it gets only the company's e-mails.
 */
export async function recipientWindowFull(db: Database | Transaction, limits: Limits, email: string) {
  const key: LimitKey = { window: "recipient", key: recipientKey(email) };
  return ((await countWindows(db, [key])).get(keyId(key)) ?? 0) >= limits.perRecipientPerDay;
}

/** Seconds until every limit in `reached` lets one more enquiry of this client/address through. */
export async function secondsUntilFree(tx: Transaction, limits: Limits, reached: LimitKey[]): Promise<number> {
  const waits: number[] = [];
  for (const { window, key } of reached) {
    const { sql: period, column } = periods[window];
    const filter = window === "global" ? sql`true` : sql`${column} = ${key}`;
    // The limit-th most recent enquiry in the window: when it leaves, there is room again.
    const [row] = rowsOf<{ wait: number | null }>(
      await tx.execute(sql`
        select ceil(extract(epoch from created_at + ${period} - now()))::int as wait from enquiries
          where ${filter} and created_at > now() - ${period} and spam_reason is null
          order by created_at desc offset ${limitOf(limits, window) - 1} limit 1`),
    );
    waits.push(Number(row?.wait ?? 1));
  }
  return Math.max(1, ...waits);
}

/**
 * Upper bounds of the rate-limit counts, for the embedded database.
 *
 * PGlite is open in one process only (its lock file), so every enquiry
 * stored in it went through this process. Seeded with the exact counts of
 * every window, then kept up to date with what this process accepts, a
 * bound can only overstate a window's count (enquiries only ever leave a
 * window, by time or the retention purge). While a key's bound plus what a
 * batch adds stays within its limit, the limit cannot be reached and the
 * batch needs no count query for it; near a limit, the key is counted
 * exactly again. A bound whose window has passed since it was last set is
 * known to be zero and is dropped.
 *
 * On PostgreSQL other processes insert too, so there every batch counts.
 */
export class LimitBounds {
  #bounds = new Map<string, { n: number; window: Window; setAt: number }>();
  #seeded = false;
  #gaveUp = false;
  #writes = 0;

  constructor(
    /** Beyond this many keys the bounds are given up and every batch counts. */
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True until the first batch seeded the bounds (and never again once they were given up). */
  get needsSeed() {
    return !this.#seeded && !this.#gaveUp;
  }

  /** Reads every window's exact count (once, in the first batch's transaction). */
  async seed(tx: Transaction) {
    const counts = await countWindows(tx, "all");
    this.#bounds.clear();
    this.#seeded = true;
    this.set(counts);
  }

  /** The bound of a key, or undefined when it is not known (before seeding, or given up). */
  get(limitKey: LimitKey): number | undefined {
    if (!this.#seeded) return undefined;
    const id = keyId(limitKey);
    const entry = this.#bounds.get(id);
    if (!entry) return 0;
    if (this.#expired(entry)) {
      this.#bounds.delete(id);
      return 0;
    }
    return entry.n;
  }

  /** Records counts that were exact (or bounds) just before the calling transaction commits. */
  set(counts: Map<string, number>) {
    if (!this.#seeded) return;
    const setAt = this.now();
    for (const [id, n] of counts) {
      const window = id.slice(0, id.indexOf(":")) as Window;
      if (n > 0) this.#bounds.set(id, { n, window, setAt });
      else this.#bounds.delete(id);
    }
    if (++this.#writes % 1000 === 0) {
      for (const [id, entry] of this.#bounds) if (this.#expired(entry)) this.#bounds.delete(id);
    }
    if (this.#bounds.size > this.maxKeys) {
      // Too many to keep: from now on every batch counts in the database.
      this.#bounds.clear();
      this.#seeded = false;
      this.#gaveUp = true;
    }
  }

  #expired(entry: { window: Window; setAt: number }) {
    // Every enquiry counted was created before setAt; a minute of margin for clock steps.
    return this.now() - entry.setAt > periods[entry.window].ms + 60_000;
  }
}
