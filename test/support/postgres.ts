import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process";

/**
 * Starts a throwaway PostgreSQL cluster on a free loopback port for
 * integration tests, and stops and deletes it afterwards. Never skips: if the
 * server binaries are missing the tests fail with a message saying so.
 * Binaries: PG_BIN, or /usr/lib/postgresql/<newest>/bin.
 */
export type TestPostgres = {
  /** postgres://… for the default database. */
  url: string;
  port: number;
  /** Creates a fresh database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
};

function findBinaries(): string {
  const candidates = [
    process.env.PG_BIN,
    ...["17", "16", "15", "14"].map((v) => `/usr/lib/postgresql/${v}/bin`),
  ].filter(Boolean) as string[];
  const found = candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) not found in ${candidates.join(", ")}. Install the postgresql package or set PG_BIN; these integration tests do not skip.`,
    );
  }
  return found;
}

let counter = 0;

export async function startPostgres(): Promise<TestPostgres> {
  const bin = findBinaries();
  const root = mkdtempSync(path.join(tmpdir(), "maternis-pg-"));
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres user.
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, command), args, { stdio: "pipe" });
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
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${++counter}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
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
