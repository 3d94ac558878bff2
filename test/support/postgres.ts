import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process.ts";
import { waitFor } from "./wait.ts";

/**
 * Starts a throwaway PostgreSQL cluster on a free loopback port for
 * integration tests, and stops and deletes it afterwards. Never skips: if the
 * server binaries are missing the tests fail with a message saying so.
 * Binaries: see postgresBinary. Plain Node can run this module (the benchmark
 * scripts import it).
 */
export type TestPostgres = {
  /** postgres://… for the default database, as the superuser (for the test's own set-up only). */
  url: string;
  port: number;
  /**
   * Creates a fresh database owned by APP_ROLE (from `template` when given) and returns its
   * URL as that role: the site runs as operations.md says a deployment should, never as a superuser.
   */
  createDatabase(name?: string, template?: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * The role every test database belongs to and the site connects as: it may log in and owns its
 * database, nothing more (no superuser, no creating databases or roles), as docs/operations.md
 * "PostgreSQL: the site's role" asks of a deployment (ASVS 13.2.2).
 */
export const APP_ROLE = "maternis_app";

/**
 * The one place tests find PostgreSQL's programs (initdb, pg_ctl, pg_dump):
 * PG_BIN, or else the newest /usr/lib/postgresql/<major>/bin that has them
 * all. Never skips: if they are missing the tests fail saying so.
 */
export function postgresBinary(program: "initdb" | "pg_ctl" | "pg_dump"): string {
  const root = "/usr/lib/postgresql";
  const installed = existsSync(root)
    ? readdirSync(root)
        .filter((major) => /^\d+$/.test(major))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(root, major, "bin"))
    : [];
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : installed;
  const dir = candidates.find((d) => ["initdb", "pg_ctl", "pg_dump"].every((p) => existsSync(path.join(d, p))));
  if (!dir) {
    throw new Error(
      `PostgreSQL programs (initdb, pg_ctl, pg_dump) not found in ${candidates.join(", ") || `${root}/*/bin`}. Install the postgresql package or set PG_BIN; these integration tests do not skip.`,
    );
  }
  return path.join(dir, program);
}

let counter = 0;

export async function startPostgres(): Promise<TestPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), "maternis-pg-"));
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres user.
  const run = (command: "initdb" | "pg_ctl", args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", postgresBinary(command), ...args], { stdio: "pipe" })
      : execFileSync(postgresBinary(command), args, { stdio: "pipe" });
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  try {
    run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    run("pg_ctl", [
      "-D",
      dataDir,
      "-o",
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      "-l",
      path.join(root, "server.log"),
      "-w",
      "start",
    ]);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start PostgreSQL: ${stderr || String(error)}`, { cause: error });
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const asSuperuser = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await asSuperuser(`create role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole noreplication`);
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${++counter}`, template?: string) {
      await asSuperuser(`create database "${name}" owner ${APP_ROLE}${template ? ` template "${template}"` : ""}`);
      return `postgres://${APP_ROLE}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Proves that `change` locks rows of `table` in id order, as every change of many must: a
 * second connection holds `low`, waits until `change` is blocked by it, then takes `high` and
 * lets both go. A change that had taken `high` first would now wait for `low` while holding what
 * the connection wants, and PostgreSQL would abort one of them ("deadlock detected", 40P01).
 * Answers what `change` answered.
 */
export async function lockOrderRace<T>(
  url: string,
  table: "enquiries" | "text_messages",
  [low, high]: string[],
  change: () => Promise<T>,
): Promise<T> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query("BEGIN");
    await other.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [low]);
    const changing = change();
    changing.catch(() => {}); // awaited below; until then, a failure is not unhandled
    await waitFor(
      async () => {
        const { rows } = await other.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))",
        );
        return rows[0]!.n === 1;
      },
      { what: `the change waiting for the row of ${table} held` },
    );
    await other.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [high]);
    await other.query("COMMIT");
    return await changing;
  } finally {
    await other.end();
  }
}
