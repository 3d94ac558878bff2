import { LimitBounds } from "./limits.server";
import { storeSubmissions, type Pending, type SubmitDeps } from "./store.server";

/**
 * Group commit for the embedded database: PGlite is one connection that runs
 * in this thread, and a transaction costs a few milliseconds of it whatever
 * its size, so enquiries that arrive while a transaction is running are
 * stored together in the next one. The first of a batch waits for the
 * requests already received to be read (one turn of the event loop,
 * setImmediate) so that they join it: a transaction is over too soon for
 * anything to arrive during it, and each stored one enquiry at a time (four
 * times the CPU per enquiry: docs/decisions/025-memory-recovery-and-load.md).
 * Each caller still resolves only after the commit that holds its enquiry.
 * The batcher also keeps the rate-limit bounds that spare most batches a
 * count query (see LimitBounds).
 */
export function createBatcher(deps: SubmitDeps) {
  let pending: Pending[] = [];
  let running = false;
  const bounds = new LimitBounds();

  async function runBatch(batch: Pending[]) {
    try {
      const results = await deps.store.transaction((tx, bossDb) => storeSubmissions(deps, tx, bossDb, batch, bounds));
      batch.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
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
