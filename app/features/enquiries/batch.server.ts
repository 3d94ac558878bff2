import type { Transaction } from "~/platform/db/db.server";
import { lockKeys } from "~/platform/db/key-lock.server";
import { LimitBounds, recipientKey } from "./limits.server";
import { storeEnquiries, storeEnquiriesFirst, type Pending, type SubmitDeps } from "./store.server";

/** How long after a refusal (PostgreSQL) batches are counted before they are stored. */
const COUNT_FIRST_MS = 60_000;

/**
 * Group commit: enquiries that arrive while a transaction is running are
 * stored together in the next one. The first of a batch waits for the
 * requests already received to be read (one turn of the event loop,
 * setImmediate) so that they join it. Each caller still resolves only after
 * the commit that holds its enquiry.
 *
 * - Embedded database: PGlite is one connection that runs in this thread, and
 *   a transaction costs a few milliseconds of it whatever its size; stored one
 *   at a time, an enquiry took four times the CPU. The batcher also keeps the
 *   rate-limit bounds that spare most batches a count query (see
 *   LimitBounds): nothing else writes to this database.
 * - PostgreSQL: other web processes write too, so a batch takes the
 *   advisory lock of each client and each address in it (in one order in
 *   every process, so two batches cannot deadlock) and then counts exactly,
 *   so a busy client's enquiries do not queue for its lock one at a time.
 *   The batch is stored before the locks are taken, so that they are held
 *   for the lock, the count and the commit only (storeEnquiriesFirst); if
 *   an enquiry of it is over a limit, that transaction is rolled back and
 *   the batch stored again, counted first, as is every batch for a minute
 *   after a refusal, so that a client flooding past its limit costs one
 *   transaction a batch, not two
 *   (docs/decisions/025-memory-recovery-and-load.md).
 */
export function createBatcher(deps: SubmitDeps) {
  let pending: Pending[] = [];
  let running = false;
  const bounds = deps.store.engine === "pglite" ? new LimitBounds() : undefined;
  /** When (PostgreSQL) a batch last had an enquiry over a limit. */
  let refusedAt = -Infinity;
  const overLimit = new Error("an enquiry of the batch is over a limit");

  async function runBatch(batch: Pending[], countFirst = Date.now() - refusedAt < COUNT_FIRST_MS) {
    try {
      const results = await deps.store.transaction(async (tx, bossDb) => {
        if (bounds) return storeEnquiries(deps, tx, bossDb, batch, bounds);
        const lock = () => lockLimitKeys(tx, batch);
        if (countFirst) {
          await lock();
          return storeEnquiries(deps, tx, bossDb, batch);
        }
        const stored = await storeEnquiriesFirst(deps, tx, bossDb, batch, lock);
        if (!stored) throw overLimit;
        return stored;
      });
      batch.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
      if (error === overLimit) {
        refusedAt = Date.now();
        return runBatch(batch, true);
      }
      if (batch.length === 1) return batch[0]!.reject(error);
      // One bad apple must not fail the others: store them one by one.
      for (const item of batch) await runBatch([item]);
    }
  }

  async function drain() {
    running = true;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.length > 0) {
        const batch = pending.slice(0, 200);
        pending = pending.slice(batch.length);
        await runBatch(batch);
      }
    } finally {
      running = false;
    }
  }

  return (item: Pending) => {
    pending.push(item);
    if (!running) void drain();
  };
}

/** The advisory lock keys of the limits: one per client, one per recipient address (as its window counts it). */
export const limitLockKey = {
  client: (fingerprint: string) => `enquiry-client:${fingerprint}`,
  recipient: (email: string) => `enquiry-recipient:${recipientKey(email)}`,
};

/**
 * Serialises, across processes, the transactions that store enquiries from
 * the same client or to the same address, so that concurrent batches cannot
 * all pass the limits: one transaction-scoped advisory lock per key.
 */
function lockLimitKeys(tx: Transaction, batch: Pending[]) {
  return lockKeys(
    tx,
    batch.flatMap((item) => [limitLockKey.client(item.fingerprint), limitLockKey.recipient(item.email)]),
  );
}
