import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { privateDirSync } from "../private-dir.server";
import path from "node:path";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { count, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { fromDrizzle, fromPglite, type Db as BossDb, type DrizzleTransactionLike } from "pg-boss";
import { runMigrations, type MigrationSession } from "./migrate.server";
import { createFromTemplate, pgliteOptions } from "./pglite-cluster.server";

export { pgliteExtensions } from "./pglite-cluster.server";

/**
 * Drizzle over the site's database. Queries name their tables themselves
 * (each feature's ./tables.server.ts), so no table is registered here: the
 * platform knows none of them. better-auth's adapter gets its tables from
 * app/features/sign-in/auth.server.ts.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const gzip = promisify(gzipCallback);

const bossAdapter = (tx: Transaction): BossDb => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

/**
 * The enquiry database: embedded PGlite in DATA_DIR/db by default, or
 * PostgreSQL when DATABASE_URL is set. Same schema, same queries.
 */
export interface Store {
  readonly engine: "pglite" | "postgres";
  /** Drizzle, for single statements outside a transaction. */
  readonly db: Database;
  /**
   * Runs `fn` in one transaction. `boss` is a pg-boss adapter bound to that
   * transaction: `boss.send(queue, data, { db: boss })` commits or rolls back
   * with the rest.
   */
  transaction<T>(fn: (tx: Transaction, boss: BossDb) => Promise<T>): Promise<T>;
  /** How pg-boss reaches this database. */
  readonly bossConnection: { db: BossDb } | { connectionString: string };
  ping(): Promise<void>;
  /**
   * The embedded database only: a consistent snapshot of its whole data
   * directory (tables, the pg-boss queue, everything), as a gzipped tar that
   * restoreBackup() loads. PostgreSQL is backed up with its own tools.
   */
  backup?(): Promise<Buffer>;
  /**
   * After an erasure deleted rows holding personal data from `tables`
   * (schema-qualified names are allowed): makes the database's files forget
   * them. PostgreSQL deletes by marking a row dead; its bytes stay in the
   * table's and its indexes' pages, and in the write-ahead log, until those
   * are rewritten (docs/decisions/014-erasure-leaves-no-copy.md).
   *
   * - Embedded: `VACUUM FULL` of each table (a new file for the table, its
   *   indexes and TOAST, holding live rows only; the old files are emptied),
   *   ANALYZE and a rewrite of pg_statistic (sampled values), then the WAL is switched to a new segment and checkpointed until every
   *   segment that existed before is unlinked (wal_recycle is off, so none is
   *   renamed and kept). A backup waits while this runs, so no backup copies
   *   the files half-way through. When it resolves, no byte of the deleted
   *   rows is left under DATA_DIR/db.
   * - PostgreSQL: `VACUUM (ANALYZE)` of each table (no exclusive lock): dead
   *   rows' space is marked free and overwritten by later writes; the server's
   *   WAL, archives and replicas are outside the application (see the ADR).
   */
  forgetDeleted(tables: readonly string[]): Promise<ForgetResult>;
  close(): Promise<void>;
}

/** What forgetDeleted() did: `rewritten` when the files hold no byte of the deleted rows any more. */
export type ForgetResult = { engine: "pglite" | "postgres"; rewritten: boolean; ms: number };

/** A table name as the callers write it (`enquiries`, `pgboss.job`), quoted for SQL. */
function quoteTable(name: string): string {
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`Not a table name: ${name}`);
  return name
    .split(".")
    .map((part) => `"${part}"`)
    .join(".");
}

type StoreOptions = {
  databaseUrl?: string;
  dataDir: string;
  /**
   * The embedded database: a cluster `npm run build` made ({@link createClusterTemplate}),
   * copied into DATA_DIR/db on the first start instead of running initdb here.
   */
  clusterTemplate?: string;
  /** The embedded database flushes each commit to the disk (EMBEDDED_FSYNC; default true). */
  fsync?: boolean;
};

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(path.resolve(options.dataDir, "db"), options.clusterTemplate, options.fsync ?? true);
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}

/** The connections a process may open to PostgreSQL. */
export const POSTGRES_POOL_SIZE = 10;

async function openPostgres(connectionString: string): Promise<Store & { migrate(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString, max: POSTGRES_POOL_SIZE, application_name: "maternis-enquiries" });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    engine: "postgres",
    db,
    bossConnection: { connectionString },
    transaction: (fn) => db.transaction((tx) => fn(tx, bossAdapter(tx))),
    async ping() {
      await pool.query("select 1");
    },
    async forgetDeleted(tables) {
      const started = performance.now();
      // VACUUM runs outside a transaction, one table at a time, beside the site's queries.
      for (const table of tables) await pool.query(`VACUUM (ANALYZE) ${quoteTable(table)}`);
      return { engine: "postgres", rewritten: false, ms: Math.round(performance.now() - started) };
    },
    async close() {
      await pool.end();
    },
    async migrate() {
      const client = await pool.connect();
      try {
        const session: MigrationSession = {
          exec: async (text) => void (await client.query(text)),
          query: async (text, params) => (await client.query(text, params)).rows,
        };
        await runMigrations(session);
      } finally {
        client.release();
      }
    },
  };
}

/** At most this many WAL switches (each with a checkpoint) to pass the segments that existed before. */
const MAX_WAL_SWITCHES = 64;

/**
 * PGlite is one connection in this process. It serialises statements and
 * transactions itself, but a top-level statement issued while a transaction
 * is open waits for that transaction: if it is issued from *inside* the
 * transaction it would wait forever. pg-boss may look a queue up while we
 * send a job in a transaction, so the adapter pg-boss uses routes statements
 * made inside one of our transactions to that transaction.
 */
async function openPglite(
  dir: string,
  clusterTemplate: string | undefined,
  fsync: boolean,
): Promise<Store & { migrate(): Promise<void> }> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const releaseLock = lockDirectory(dir);
  let client: PGlite;
  try {
    createFromTemplate(dir, clusterTemplate);
    // Owner-only, a cluster made before this rule included (PGlite writes its files 0666).
    privateDirSync(dir);
    // Loaded only for the embedded database: a process on PostgreSQL never needs it.
    const { PGlite } = await import("@electric-sql/pglite");
    client = await PGlite.create(dir, await pgliteOptions({ fsync }));
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const db = drizzlePglite({ client }) as unknown as Database;
  const base = fromPglite(client);
  const inTransaction = new AsyncLocalStorage<{ db: BossDb; open: boolean }>();
  const bossDb: BossDb = {
    executeSql(text, values) {
      const current = inTransaction.getStore();
      return current?.open ? current.db.executeSql(text, values) : base.executeSql(text, values);
    },
  };
  let closed = false;
  /**
   * Backups and forgetDeleted() run one at a time: a backup never copies the
   * files while an erasure's rewrite is half-way through.
   */
  let maintenance: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = maintenance.then(fn, fn);
    maintenance = run.catch(() => {});
    return run;
  };
  const walSegment = async () =>
    (await client.query<{ name: string }>("select pg_walfile_name(pg_current_wal_lsn()) as name")).rows[0]!.name;
  return {
    engine: "pglite",
    db,
    bossConnection: { db: bossDb },
    transaction(fn) {
      return db.transaction(async (tx) => {
        const scope = { db: bossAdapter(tx), open: true };
        try {
          return await inTransaction.run(scope, () => fn(tx, scope.db));
        } finally {
          scope.open = false;
        }
      });
    },
    async ping() {
      await client.query("select 1");
    },
    forgetDeleted(tables) {
      return serially(async () => {
        const started = performance.now();
        // VACUUM FULL writes the table, its indexes and TOAST anew with the
        // live rows only; the old files are truncated to nothing when it commits.
        for (const table of tables) await client.exec(`VACUUM FULL ${quoteTable(table)}`);
        // ANALYZE (the retention sweep's) keeps sampled values, addresses
        // among them, in pg_statistic: sample the live rows again, then
        // rewrite pg_statistic so its old versions go too.
        for (const table of tables) await client.exec(`ANALYZE ${quoteTable(table)}`);
        await client.exec("VACUUM FULL pg_catalog.pg_statistic");
        // The WAL still holds the rows as they were written and deleted. Every
        // segment that exists now goes: switch to a fresh segment, checkpoint
        // (which unlinks the segments before it), until the current segment is
        // newer than any that existed, future ones renamed for reuse included.
        await client.query("CHECKPOINT");
        const existing = await client.query<{ name: string }>(
          "select max(name) as name from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'",
        );
        const newest = existing.rows[0]?.name ?? "";
        for (let n = 0; n < MAX_WAL_SWITCHES; n++) {
          await client.query("select pg_switch_wal()");
          await client.query("CHECKPOINT");
          if ((await walSegment()) > newest) break;
        }
        return { engine: "pglite" as const, rewritten: true, ms: Math.round(performance.now() - started) };
      });
    },
    async backup() {
      // CHECKPOINT writes committed changes to the data files, so the snapshot
      // needs little recovery when it is loaded. The dump holds the transaction
      // lock: no transaction of ours is half-way through while the files are
      // read (a fraction of a second); compression happens after, off the lock
      // and off the event loop.
      // Not while an erasure's rewrite runs (forgetDeleted): after it.
      const tar = await serially(async () => {
        await client.query("CHECKPOINT");
        return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
      });
      return gzip(new Uint8Array(await tar.arrayBuffer()));
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
    async migrate() {
      const session: MigrationSession = {
        exec: async (text) => void (await client.exec(text)),
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      };
      await runMigrations(session);
    },
  };
}

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

/**
 * PGlite's files must only ever be open in one process. A lock file holding
 * our pid refuses a second process (a second server, `npm run worker`, or the
 * operator CLI while the server runs) instead of corrupting the database.
 */
const openHere = new Set<string>();

function lockDirectory(dir: string): () => void {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      openHere.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        openHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.`,
        );
      }
      if (pid === process.pid && openHere.has(lockFile)) {
        throw new DatabaseLockedError(`The embedded database in ${dir} is already open in this process.`);
      }
      // Stale: its process is gone (or it was an earlier life of this pid, as PID 1 in a container).
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dir}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One page of a console list of `total` rows, `pageSize` a page: how many
 * pages there are (at least one), the 1-based page `requested` clamped to
 * them (1 when it is not a number), and the rows to skip to reach it.
 */
export function pageOf(total: number, pageSize: number, requested = 1) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pages);
  return { page, pages, offset: (page - 1) * pageSize };
}

/**
 * One page of a console list over one table: the rows matching `where` in
 * `orderBy` order, the page (clamped as pageOf does), the page count and how
 * many rows match.
 */
export async function listPage<T extends PgTable>(
  db: Database,
  table: T,
  query: { where?: SQL; orderBy: (SQL | PgColumn)[]; pageSize: number; page?: number },
) {
  const source: PgTable = table; // drizzle's select types cannot follow a generic table
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(source).where(query.where);
  const { page, pages, offset } = pageOf(total, query.pageSize, query.page);
  const rows = await db
    .select()
    .from(source)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.pageSize)
    .offset(offset);
  return { rows: rows as T["$inferSelect"][], page, pages, total };
}

/** node-postgres returns `{ rows }`, PGlite through Drizzle an array: the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
