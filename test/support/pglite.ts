import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, type Env } from "~/platform/env.server";
import { PgBoss } from "pg-boss";
import { openSite, type Site, type SiteOptions } from "~/site.server";
import { openStore, rowsOf } from "../../app/platform/db/db.server";
import { DELIVERY_QUEUE } from "../../app/features/enquiries/queues.server";
import { sql } from "drizzle-orm";
import { TEST_KEYS } from "./test-keys";
import { waitFor } from "./wait";
import { migrations } from "../../app/platform/db/migrate.server";
import { createLogger } from "~/platform/log.server";

/** The version of an installed package, from its package.json. */
function installedVersion(name: string): string {
  const file = path.join(import.meta.dirname, "../../node_modules", name, "package.json");
  const { version } = JSON.parse(readFileSync(file, "utf8")) as { version: string };
  return `${name}@${version}`;
}

/**
 * A temporary DATA_DIR, `data` in a temporary folder of its own, removed with
 * that folder by the returned cleanup: a key file the embedded database
 * creates beside it (KEYS_FILE's default, `data-keys.env`) goes too.
 */
export function tempDataDir(prefix = "maternis-enquiries-") {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const dir = path.join(root, "data");
  mkdirSync(dir);
  return {
    dir,
    keysFile: path.join(root, "data-keys.env"),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export { TEST_KEYS };

/**
 * The database `env` names (DATABASE_URL, or else the embedded one in
 * DATA_DIR), migrated, with commits not flushed to the disk: a test's database
 * need not outlive a power cut (docs/decisions/003-testing.md).
 */
export function openTestStore(env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  if (!env.DATABASE_URL && !env.DATA_DIR)
    throw new Error("The test's environment names no database (DATABASE_URL or DATA_DIR)");
  return openStore({ fsync: false, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
}

/**
 * A DATA_DIR whose embedded database is already initialised and migrated.
 * Creating a PGlite cluster runs initdb in WebAssembly (seconds of CPU), so
 * the first call builds a template in the temp folder and later calls copy it.
 */
export async function preparedDataDir(prefix = "maternis-enquiries-") {
  // The template is valid for these migrations and these installed engines:
  // upgrading PGlite or pg-boss (whose own schema it holds) builds a new one.
  const key = createHash("sha256")
    .update(JSON.stringify(migrations))
    .update(["@electric-sql/pglite", "pg-boss"].map(installedVersion).join(" "))
    .digest("hex")
    .slice(0, 12);
  const template = path.join(tmpdir(), `maternis-pglite-template-${key}`);
  if (!existsSync(path.join(template, "ready"))) {
    const building = mkdtempSync(path.join(tmpdir(), "maternis-pglite-building-"));
    const store = await openTestStore({ DATA_DIR: building });
    const boss = new PgBoss({
      ...store.bossConnection,
      backend: "pglite",
      schema: "pgboss",
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.stop({ graceful: false });
    await store.close();
    writeFileSync(path.join(building, "ready"), "");
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // built concurrently elsewhere
    }
  }
  const data = tempDataDir(prefix);
  cpSync(path.join(template, "db"), path.join(data.dir, "db"), { recursive: true });
  return data;
}

/**
 * A test environment: fast polling and retries, quiet logs, limits out of the way, and the keys in
 * the environment (TEST_KEYS; a test of KEYS_FILE itself unsets them: `STAFF_AUTH_SECRET: undefined`).
 */
export function testEnv(overrides: Record<string, string | undefined>): Env {
  return parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    SITE_URL: "https://www.maternis.health",
    ENQUIRIES_EMAIL: "enquiries@maternis.test",
    MAIL_FROM: "Maternis <no-reply@maternis.test>",
    WORKER_POLL_INTERVAL_SECONDS: "0.5",
    DELIVERY_RETRY_LIMIT: "3",
    DELIVERY_RETRY_DELAY_SECONDS: "1",
    DELIVERY_RETRY_BACKOFF: "false",
    ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "1000",
    ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "1000",
    ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "10000",
    SHUTDOWN_TIMEOUT_MS: "5000",
    // Commits not flushed to the disk: several times faster, and nothing a test does needs it (ADR 003).
    EMBEDDED_FSYNC: "false",
    ...TEST_KEYS,
    ...overrides,
  });
}

export async function openPipeline(env: Env, runWorker = true, options: SiteOptions = {}): Promise<Site> {
  return openSite({ env, log: createLogger(env.LOG_LEVEL), runWorker, ...options });
}

/**
 * How a suite on both engines starts pipelines that deliver through its SMTP
 * test server: `pipelinesOn(engine)` is a `start(overrides, { database,
 * runWorker })` that opens one on a fresh database of that engine (or on
 * `database`, to open the same one again), closed after the test (`open`).
 */
export function smtpPipelines(smtp: { url: string }, open: Site[]) {
  return (engine: TestEngine) =>
    async function start(
      overrides: Record<string, string> = {},
      { database, runWorker = true }: { database?: Record<string, string>; runWorker?: boolean } = {},
    ) {
      const env = testEnv({
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: smtp.url,
        ...(database ?? (await engine.database())),
        ...overrides,
      });
      const pipeline = await openPipeline(env, runWorker);
      open.push(pipeline);
      return { pipeline, env, store: pipeline.platform.store };
    };
}

export type TestEngine = ReturnType<typeof testEngines>[number];

/**
 * The two engines integration tests run on: each `database()` gives the
 * environment of a fresh database (an embedded one from the template, or a
 * new database on the test PostgreSQL), registering its clean-up.
 */
export function testEngines(postgres: () => { createDatabase(): Promise<string> }, cleanups: Array<() => void>) {
  return [
    {
      name: "pglite",
      async database(): Promise<Record<string, string>> {
        const data = await preparedDataDir();
        cleanups.push(data.remove);
        return { DATA_DIR: data.dir };
      },
    },
    {
      name: "postgres",
      async database(): Promise<Record<string, string>> {
        const data = tempDataDir();
        cleanups.push(data.remove);
        return { DATA_DIR: data.dir, DATABASE_URL: await postgres().createDatabase() };
      },
    },
  ] as const;
}

/**
 * Waits until the pipeline has nothing left to send: every delivery row is
 * final (`sent` or `dead`) and the delivery queue holds no job that is waiting,
 * retrying or running. A test that then counts what arrived, or asserts that
 * nothing more did, reads a state after which no further send can happen —
 * the worker marks a row `sent` only after the provider accepted it.
 */
export async function waitForDeliveriesSettled(pipeline: Site, { timeoutMs = 30_000 } = {}) {
  const { store } = pipeline.platform;
  return waitFor(
    async () => {
      const open = rowsOf<{ n: number | string }>(
        await store.db.execute(sql`
          select (select count(*) from deliveries where status not in ('sent', 'dead'))
               + (select count(*) from pgboss.job
                   where name = ${DELIVERY_QUEUE} and state in ('created', 'retry', 'active')) as n`),
      );
      return Number(open[0]?.n) === 0;
    },
    { timeoutMs, intervalMs: 100, what: "every delivery to be final and the delivery queue empty" },
  );
}
