/**
 * Runs one erasure in its own process, for faults/erasure-crash.test.ts to
 * SIGKILL at a chosen point. Started with tsx; settings in the environment:
 *
 *   DATA_DIR / DATABASE_URL  the database (and DATA_DIR/outbox)
 *   the keys (STAFF_AUTH_SECRET…)  as the seeding pipeline had them
 *   ERASE_EMAIL              the address to erase
 *   PAUSE                    where to stop and wait to be killed:
 *     "in-transaction"  after every delete, before the commit
 *     "after-commit"    after the commit, before the outbox files go
 *     "after-write:N"   inside the transaction, after its first N writes
 *                       (deletes, inserts, updates, raw statements) and
 *                       before the next one; it prints what the transaction
 *                       sees at that moment: PAUSED {"writes":N,"visible":{…}}
 *     "none"            run to the end and exit
 *
 * Prints "PAUSED" (or "DONE <json>") on stdout, each on a line of its own.
 */
import { count, eq, sql } from "drizzle-orm";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import { openStore, type Store, type Transaction } from "../app/platform/db/db.server";
import { deliveries, enquiries } from "../app/features/enquiries/tables.server";
import { auditLog } from "../app/features/audit/tables.server";
import { enquiryNotes } from "../app/features/inbox/tables.server";
import { dataCipher } from "../app/platform/keys.server";
import { openKeys } from "../app/platform/open-keys.server";
import { keyRewriters } from "../app/site.server";
import { eraseSubject } from "../app/features/data-requests/data-requests.server";
import { outboxDir } from "~/platform/mail/outbox.server";

const pause = process.env.PAUSE ?? "none";
const email = process.env.ERASE_EMAIL ?? "";
const dataDir = process.env.DATA_DIR ?? "";

const waitToBeKilled = () => {
  process.stdout.write("PAUSED\n");
  return new Promise<never>(() => {
    setInterval(() => {}, 60_000);
  });
};

/** How many rows of each kind the transaction sees (the whole tables: the test compares them). */
async function visible(tx: Transaction) {
  const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const jobs: unknown = await tx.execute(sql`select count(*)::int as n from pgboss.job`);
  const jobRows = (Array.isArray(jobs) ? jobs : (jobs as { rows: { n: number }[] }).rows) as { n: number }[];
  return {
    jobs: Number(jobRows[0]?.n ?? 0),
    notes: await total(tx.select({ n: count() }).from(enquiryNotes)),
    deliveries: await total(tx.select({ n: count() }).from(deliveries)),
    enquiries: await total(tx.select({ n: count() }).from(enquiries)),
    erasureRows: await total(tx.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "erasure"))),
  };
}

/**
 * `tx` with every write gated: before write `pauseAfter + 1` is sent, the
 * child reports what the transaction sees and waits to be killed. A write is
 * a statement from delete/insert/update/execute, counted when it is awaited.
 */
function gatedWrites(tx: Transaction, pauseAfter: number): Transaction {
  let writes = 0;
  const gate = async () => {
    if (writes === pauseAfter) {
      process.stdout.write(`PAUSED ${JSON.stringify({ writes, visible: await visible(tx) })}\n`);
      await new Promise<never>(() => {
        setInterval(() => {}, 60_000);
      });
    }
    writes++;
  };
  const wrap = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const target = value as Record<PropertyKey, unknown>;
    return new Proxy(target, {
      get(object, prop) {
        const member = Reflect.get(object, prop, object);
        if (typeof member !== "function") return member;
        if (prop === "then")
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            gate().then(() => (member as (...a: unknown[]) => Promise<unknown>).call(object, ok, fail), fail);
        // Builder methods return the builder (or the next one): keep them gated.
        return (...args: unknown[]) => wrap((member as (...a: unknown[]) => unknown).apply(object, args));
      },
    });
  };
  return new Proxy(tx, {
    get(object, prop) {
      const member = Reflect.get(object, prop, object) as unknown;
      if (typeof member !== "function") return member;
      if (prop === "delete" || prop === "insert" || prop === "update" || prop === "execute")
        return (...args: unknown[]) => wrap((member as (...a: unknown[]) => unknown).apply(object, args));
      return (member as (...a: unknown[]) => unknown).bind(object);
    },
  });
}

const afterWrites = /^after-write:(\d+)$/.exec(pause);
const store = await openStore({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const paused: Store = {
  ...store,
  db: store.db,
  engine: store.engine,
  bossConnection: store.bossConnection,
  async transaction(fn) {
    const result = await store.transaction(async (tx, boss) => {
      const value = await fn(afterWrites ? gatedWrites(tx, Number(afterWrites[1])) : tx, boss);
      if (pause === "in-transaction") await waitToBeKilled();
      return value;
    });
    if (pause === "after-commit") await waitToBeKilled();
    return result;
  },
};
const keys = await openKeys({ env: parseEnv(), store, log: createLogger("warn"), rewriters: keyRewriters });
const result = await eraseSubject(
  {
    store: paused,
    secret: keys.FINGERPRINT_KEY,
    siteUrl: "https://www.maternis.health",
    outboxDir: outboxDir({ DATA_DIR: dataDir }),
    log: createLogger("warn"),
    cipher: dataCipher(keys),
  },
  email,
  {
    member: { id: "admin-1", email: "admin@maternis.test", name: "Admin", role: "admin" },
    meta: { fingerprint: "0123456789abcdef" },
  },
);
await store.close();
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
