/**
 * Runs one erasure in its own process, for faults/erasure-crash.test.ts to
 * SIGKILL at a chosen point. Started with tsx; settings in the environment:
 *
 *   DATA_DIR / DATABASE_URL  the database (and DATA_DIR/outbox)
 *   ERASE_EMAIL              the address to erase
 *   PAUSE                    where to stop and wait to be killed:
 *     "in-transaction"  after every delete, before the commit
 *     "after-commit"    after the commit, before the outbox files go
 *     "start"           as the transaction begins (the test kills after a delay)
 *     "none"            run to the end and exit
 *
 * Prints "PAUSED" (or "DONE <json>") on stdout.
 */
import path from "node:path";
import { createLogger } from "~/lib/log.server";
import { openStore, type Store } from "../server/enquiries/db.server";
import { loadFingerprintSecret } from "../server/enquiries/fingerprint.server";
import { eraseSubject } from "../server/staff/subjects.server";

const pause = process.env.PAUSE ?? "none";
const email = process.env.ERASE_EMAIL ?? "";
const dataDir = process.env.DATA_DIR ?? "";

const waitToBeKilled = () => {
  process.stdout.write("PAUSED\n");
  return new Promise<never>(() => {
    setInterval(() => {}, 60_000);
  });
};

const store = await openStore({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const paused: Store = {
  ...store,
  db: store.db,
  engine: store.engine,
  bossConnection: store.bossConnection,
  async transaction(fn) {
    const result = await store.transaction(async (tx, boss) => {
      if (pause === "start") process.stdout.write("PAUSED\n");
      const value = await fn(tx, boss);
      if (pause === "in-transaction") await waitToBeKilled();
      return value;
    });
    if (pause === "after-commit") await waitToBeKilled();
    return result;
  },
};
const result = await eraseSubject(
  {
    store: paused,
    secret: await loadFingerprintSecret(store),
    siteUrl: "https://www.maternis.health",
    outboxDir: path.join(dataDir, "outbox"),
    log: createLogger("warn"),
  },
  email,
  {
    member: { id: "admin-1", email: "admin@maternis.test", name: "Admin", role: "admin" },
    meta: { fingerprint: "0123456789abcdef" },
  },
);
await store.close();
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
