/**
 * A server or worker that cannot start says why in one line naming the
 * setting to change, exits with code 1, and prints no stack trace (unless
 * LOG_LEVEL=debug). Each case runs the production build as `npm start` does.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { faultServerEnv, startFaultServer } from "../test/support/faults";
import { preparedDataDir, tempDataDir } from "../test/support/pglite";
import { startPostgres } from "../test/support/postgres";
import { buildDir, freePort, refusedPort, SERVER_NODE_FLAGS, type RunningServer } from "../test/support/server-process";

function run(entry: "index" | "worker", env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(buildDir(), "node", `${entry}.js`)],
      { env: { ...process.env, ...faultServerEnv, HOST: "127.0.0.1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("start-up failures", () => {
  let running: RunningServer;
  let data: { dir: string; remove(): void };
  beforeAll(async () => {
    data = await preparedDataDir("maternis-faults-startup-");
    running = await startFaultServer({ DATA_DIR: data.dir });
  });
  afterAll(async () => {
    await running?.stop();
    data?.remove();
  });

  test("a port in use: PORT", async () => {
    const other = await preparedDataDir("maternis-faults-startup-port-");
    try {
      const result = await run("index", { PORT: String(running.port), DATA_DIR: other.dir });
      expectOneLine(result, /^The server could not start: Port \d+ on 127\.0\.0\.1 is already in use.*set PORT/);
    } finally {
      other.remove();
    }
  });

  test("an embedded database another process holds: DATA_DIR, and no second worker", async () => {
    const result = await run("index", { PORT: String(await freePort()), DATA_DIR: data.dir });
    expectOneLine(result, /^The server could not start: The embedded database .* is in use by process \d+.*DATA_DIR=/);
    const worker = await run("worker", { DATA_DIR: data.dir });
    expectOneLine(worker, /^The worker could not start: The embedded database .* is in use/);
  });

  test("a DATA_DIR that cannot be written: DATA_DIR", async () => {
    const result = await run("index", { PORT: String(await freePort()), DATA_DIR: "/proc/version/data" });
    expectOneLine(result, /^The server could not start: DATA_DIR=\/proc\/version\/data cannot be used.*set DATA_DIR/);
  });

  test("PostgreSQL without its keys: the first one missing and KEYS_FILE, for the server and the worker", async () => {
    const postgres = await startPostgres();
    const data = tempDataDir("maternis-faults-startup-keys-");
    try {
      // faultServerEnv gives FORM_SECRET only.
      const env = { DATA_DIR: data.dir, DATABASE_URL: await postgres.createDatabase() };
      const missing =
        /^The (server|worker) could not start: STAFF_AUTH_SECRET is not set and KEYS_FILE=\S+data-keys\.env does not exist: with DATABASE_URL every process needs the same keys.*npm run enquiries -- keys/;
      expectOneLine(await run("index", { ...env, PORT: String(await freePort()) }), missing);
      expectOneLine(await run("worker", env), missing);
    } finally {
      await postgres.stop();
      data.remove();
    }
  });

  test("an unreachable PostgreSQL: DATABASE_URL, without its password; the stack only with LOG_LEVEL=debug", async () => {
    const url = `postgres://maternis:not-shown@127.0.0.1:${await refusedPort()}/site`;
    const result = await run("index", { PORT: String(await freePort()), DATABASE_URL: url });
    expectOneLine(
      result,
      /^The server could not start: PostgreSQL at 127\.0\.0\.1:\d+\/site refused the connection.*DATABASE_URL/,
    );
    expect(result.stderr).not.toContain("not-shown");
    const worker = await run("worker", { DATABASE_URL: url });
    expectOneLine(worker, /^The worker could not start: PostgreSQL at .* refused the connection/);
    const debug = await run("index", { PORT: String(await freePort()), DATABASE_URL: url, LOG_LEVEL: "debug" });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
    // No output names the password, the stack's included; each did name the database (above).
    for (const output of [result, worker, debug]) expect(output.stdout + output.stderr).not.toContain("not-shown");
    expect(debug.stdout + debug.stderr).toContain("127.0.0.1");
  });

  test("a bad setting: the variable and what it must be", async () => {
    const result = await run("index", { PORT: "eighty" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test("a bad integration setting: the variable and its entry, for the server and the worker", async () => {
    for (const entry of ["index", "worker"] as const) {
      const result = await run(entry, { INTEGRATION_HOSTS: "hooks.slack.com, https://hooks.slack.com" });
      expect(result.code, entry).toBe(1);
      expect(result.stderr, entry).toMatch(/INTEGRATION_HOSTS: "https:\/\/hooks\.slack\.com" is not a host name/);
      expect(result.stderr, entry).not.toMatch(/\n\s+at /);
    }
  });
});
