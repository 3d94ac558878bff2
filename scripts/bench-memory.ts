/**
 * `npm run bench:memory`: the resident memory of the production server, as
 * `npm start` / `npm run serve` runs it (`node --liftoff-only build/node/index.js`).
 *
 * - Embedded database (PGlite): the first start on an empty DATA_DIR (PGlite
 *   creates its cluster then) reported on its own; then a restart on the same
 *   folder: the peak while starting, the resident size once idle, and the
 *   peak after BENCH_LOAD_SECONDS of enquiries (10 at a time, as
 *   `npm run bench:enquiries` sends them) with the worker e-mailing.
 * - PostgreSQL 15 (a throwaway cluster): a web process with RUN_WORKER=false,
 *   idle.
 *
 * Targets (issue 14): PGlite idle ≤ 300 MB, peak ≤ 600 MB while starting and
 * under load; a PostgreSQL web process ≤ 150 MB idle. Figures from
 * /proc/<pid>/status (VmRSS now, VmHWM the peak since the process started).
 * Writes bench/results/memory.md. A benchmark, not a test: run it after
 * `npm run build` on a quiet machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { writeResults } from "./lib/results.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { limitsOffEnv } from "../test/support/limits-off";
import { startPostgres } from "../test/support/postgres";
import { freePort } from "../test/support/server-process";
import { TEST_KEYS } from "../test/support/test-keys";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const entry = path.join(buildDir, "node", "index.js");
if (!existsSync(entry)) {
  console.error(`No production build in ${buildDir}. Run \`npm run build\` first.`);
  process.exit(1);
}

const formSecret = randomBytes(32).toString("base64url");
const token = (issuedAt: number) =>
  `${issuedAt}.${createHmac("sha256", Buffer.from(formSecret, "utf8")).update(`form:${issuedAt}`).digest("base64url")}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident and peak resident memory of a process, in MB. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--liftoff-only", entry], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await sleep(200);
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Posts contact enquiries for `seconds`, 10 at a time. */
async function load(url: string, seconds: number) {
  const formStartedAt = token(Date.now() - 10_000);
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const lane = async () => {
    while (Date.now() < until) {
      const i = n++;
      await fetch(`${url}/contact.data`, {
        method: "POST",
        headers: { Origin: url, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({
          name: `Memory Bench ${i}`,
          email: `memory${i}@example.org`,
          interest: "general",
          message: `Memory benchmark ${i}`,
          website: "",
          formStartedAt,
        }),
      }).then((response) => response.text());
    }
  };
  await Promise.all(Array.from({ length: 10 }, lane));
  return n;
}

const baseEnv = { FORM_SECRET: formSecret, MAIL_TRANSPORT: "file", ...limitsOffEnv };
const rows: { what: string; value: number; target?: number }[] = [];

// Embedded database.
const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-bench-memory-"));
try {
  const env = { ...baseEnv, DATA_DIR: dataDir, DATABASE_URL: "" };
  const first = await start(env);
  await sleep(idleSeconds * 1000);
  const firstMemory = memory(first.pid);
  await first.stop();
  rows.push({ what: "PGlite, first start (creates the cluster): peak", value: firstMemory.peak });

  const server = await start(env);
  const starting = memory(server.pid);
  await sleep(idleSeconds * 1000);
  const idle = memory(server.pid);
  const sent = await load(server.url, loadSeconds);
  await sleep(2000);
  const loaded = memory(server.pid);
  await server.stop();
  rows.push({ what: "PGlite, restart: peak while starting", value: starting.peak, target: 600 });
  rows.push({ what: `PGlite, idle after ${idleSeconds} s`, value: idle.rss, target: 300 });
  rows.push({
    what: `PGlite, peak after ${loadSeconds} s of enquiries (${sent} sent, worker e-mailing)`,
    value: loaded.peak,
    target: 600,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL web process.
const postgres = await startPostgres();
const pgDataDir = mkdtempSync(path.join(tmpdir(), "maternis-bench-memory-pg-"));
try {
  const server = await start({
    ...baseEnv,
    DATA_DIR: pgDataDir,
    DATABASE_URL: await postgres.createDatabase(),
    ...TEST_KEYS,
    FORM_SECRET: formSecret,
    RUN_WORKER: "false",
  });
  await sleep(idleSeconds * 1000);
  const idle = memory(server.pid);
  await server.stop();
  rows.push({
    what: `PostgreSQL web process (RUN_WORKER=false), idle after ${idleSeconds} s`,
    value: idle.rss,
    target: 150,
  });
} finally {
  await postgres.stop();
  rmSync(pgDataDir, { recursive: true, force: true });
}

const pass = rows.every((row) => row.target === undefined || row.value <= row.target);
for (const row of rows) {
  const verdict =
    row.target === undefined ? "" : row.value <= row.target ? ` (≤ ${row.target}: PASS)` : ` (> ${row.target}: FAIL)`;
  console.log(`${row.what}: ${row.value} MB${verdict}`);
}
writeResults(
  "memory",
  `# Server memory (\`npm run bench:memory\`)

Resident memory of \`node --liftoff-only build/node/index.js\`
(what \`npm start\` and \`npm run serve\` run), from /proc: the resident size now, or the peak since the
process started.

| Measurement | MB | Target |
| --- | ---: | ---: |
${rows.map((row) => `| ${row.what} | ${row.value} | ${row.target === undefined ? "" : `≤ ${row.target}`} |`).join("\n")}
`,
  { pass, summary: rows.map((row) => `${row.what}: ${row.value} MB`).join("; ") },
);
process.exit(pass ? 0 : 1);
