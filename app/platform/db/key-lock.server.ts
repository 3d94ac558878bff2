import { sql } from "drizzle-orm";
import { POSTGRES_POOL_SIZE, type Store, type Transaction } from "./db.server";

/**
 * How many keys one process holds a PostgreSQL connection for at once: the
 * work under a lock runs on other connections, so the pool always keeps most
 * of them for it.
 */
export const MAX_HELD_KEYS = Math.floor(POSTGRES_POOL_SIZE / 3);

/**
 * Runs work for one key at a time, across every process on the database.
 * Calls for the same key wait their turn: in this process, in order of call;
 * on PostgreSQL, also behind other processes, through the key's advisory lock
 * (lockKeys, below), held by a transaction of its own while the work runs on
 * other connections. The embedded database is only ever open in one process
 * (db.server.ts), so the queue here is all it needs. Keys are never logged;
 * name them by a keyed hash, never by an address.
 */
export function keyLock(store: Store): KeyLock {
  let lock = locks.get(store);
  if (!lock) locks.set(store, (lock = newKeyLock(store)));
  return lock;
}

export type KeyLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** One lock a store, whoever asks for it: two services on one store still take turns. */
const locks = new WeakMap<Store, KeyLock>();

function newKeyLock(store: Store): KeyLock {
  const tails = new Map<string, Promise<unknown>>();
  const holding = slots(MAX_HELD_KEYS);

  const acrossProcesses = <T>(key: string, work: () => Promise<T>): Promise<T> =>
    store.engine === "postgres"
      ? holding(() =>
          store.transaction(async (tx) => {
            await lockKeys(tx, [key]);
            return work();
          }),
        )
      : work();

  return function withKey<T>(key: string, work: () => Promise<T>): Promise<T> {
    const turn = (tails.get(key) ?? Promise.resolve()).then(() => acrossProcesses(key, work));
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return turn;
  };
}

/**
 * Takes the PostgreSQL advisory lock of each key (its `hashtext`) until the
 * transaction ends, every transaction in the same order (of lock numbers), so
 * two that share keys cannot deadlock. The one way the code takes an advisory
 * lock by name; the migrations' session lock (./migrate.server.ts) and the
 * signing keys' lock (../open-keys.server.ts) are numbers of their own.
 */
export async function lockKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  const list = sql.join(
    [...new Set(keys)].map((key) => sql`(${key})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(lock) from (select distinct hashtext(key) as lock from (values ${list}) as keys (key) order by 1) as locks`,
  );
}

/** At most `size` of the functions given run at once; the rest wait, in order. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
