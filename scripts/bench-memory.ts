/**
 * `npm run bench:memory`: the resident memory of the site's processes, run as
 * `npm start` / `npm run serve` and `npm run worker` run them (the Node options
 * of package.json: SERVER_NODE_FLAGS in test/support/server-process.ts), from
 * /proc/<pid>/status: VmRSS (resident now) and VmHWM (the peak since the
 * process started, or since the peak was reset before a load).
 *
 * "Idle" is measured as issue 45 does: five page loads (/, /about, /contact,
 * /demo, /advisory), then BENCH_IDLE_SECONDS (15) of nothing, then VmRSS.
 *
 * - Embedded database (PGlite, the README's default, the worker in the web
 *   process): the first start on a new DATA_DIR (its peak while starting, then
 *   idle); a restart on the same folder (its peak while starting, then idle);
 *   then BENCH_LOAD_SECONDS (10) of enquiries, 10 at a time as
 *   `npm run bench:enquiries` sends them, the worker e-mailing (the peak).
 * - PostgreSQL (a throwaway cluster): a web process with RUN_WORKER=false and
 *   an `npm run worker` process beside it, both idle; then the same load on
 *   the web process, the worker e-mailing (both peaks).
 *
 * Targets (issue 45): the embedded first start peaks at ≤ 600 MB and idles
 * within 15% of the restart; the embedded server idles at ≤ 300 MB and peaks at
 * ≤ 600 MB; the PostgreSQL web process idles at ≤ 150 MB. The worker process
 * and the PostgreSQL peaks have none (the docs set none): figures for operators.
 * Writes bench/results/memory.md. A benchmark, not a test: run it after
 * `npm run build` on a quiet machine.
 */
import { writeResults } from "./lib/results.ts";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { postEnquiries, STORED_MARKERS_SQL, type LoadRun, benchServerEnv } from "./lib/enquiry-load.ts";
import { startPostgres } from "../test/support/postgres.ts";
import { assertBuilt, SERVER_NODE_FLAGS, startServer, startWorker } from "../test/support/server-process.ts";
import { TEST_KEYS } from "../test/support/test-keys.ts";

const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PAGES = ["/", "/about", "/contact", "/demo", "/advisory"];
try {
  assertBuilt();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident and peak resident memory of a process, in MB. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** Resets a process's peak (VmHWM) to its resident size now (Linux: 5 in clear_refs), so a later peak is the load's. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** Idle as issue 45 measures it: five page loads from `url`, then BENCH_IDLE_SECONDS of nothing; each pid's VmRSS then. */
async function idleAfterPages(url: string, pids: number[]): Promise<number[]> {
  for (const page of PAGES) {
    const response = await fetch(`${url}${page}`);
    await response.text();
    if (!response.ok) throw new Error(`GET ${page} answered ${response.status}`);
  }
  await sleep(idleSeconds * 1000);
  return pids.map((pid) => memory(pid).rss);
}

/** BENCH_LOAD_SECONDS of enquiries to `url`, 10 at a time; fails when none was accepted (the peak would mean nothing). */
async function load(url: string): Promise<LoadRun> {
  const run = await postEnquiries({ origins: [url], formSecret, concurrency: 10, seconds: loadSeconds });
  if (run.accepted.length === 0)
    throw new Error(`no enquiry accepted: ${JSON.stringify(Object.fromEntries(run.errors))}`);
  return run;
}
const underLoad = (run: LoadRun) =>
  `peak under ${loadSeconds} s of enquiries (${run.accepted.length} of ${run.requests} accepted, worker e-mailing)`;

/**
 * Fails unless every enquiry `run` counted as accepted is in the database: a post the server
 * takes for a bot's (a form signed with another FORM_SECRET) is answered the same and dropped.
 */
async function expectStored(databaseUrl: string, run: LoadRun) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ marker: string | null }>(STORED_MARKERS_SQL);
    const stored = new Set(rows.map((row) => row.marker));
    const missing = run.accepted.filter((marker) => !stored.has(marker)).length;
    if (missing > 0) throw new Error(`${missing} of ${run.accepted.length} accepted enquiries are not in the database`);
  } finally {
    await client.end();
  }
}

type Row = { what: string; figure: string; target: string; ok?: boolean };
const rows: Row[] = [];
/** The key figures of each engine, for the results file's summary line. */
const summary: string[] = [];
/** A figure in MB, judged against `max` when there is one. */
function mb(what: string, value: number, max?: number) {
  rows.push({
    what,
    figure: `${value} MB`,
    target: max === undefined ? "" : `≤ ${max} MB`,
    ok: max === undefined ? undefined : value <= max,
  });
}

const baseEnv = benchServerEnv();
const formSecret = baseEnv.FORM_SECRET;

// Embedded database: the first start on a new DATA_DIR, a restart on it, load.
{
  const env = { ...baseEnv, DATABASE_URL: "" };
  // A restart on its folder follows; removed below.
  const first = await startServer(env, { dataPrefix: "maternis-bench-memory-", keepData: true });
  try {
    const firstPeak = memory(first.process.pid!).peak;
    const [firstIdle = 0] = await idleAfterPages(first.url, [first.process.pid!]);
    await first.stop();
    const restart = await startServer({ ...env, DATA_DIR: first.dataDir });
    try {
      const pid = restart.process.pid!;
      const restartPeak = memory(pid).peak;
      const [restartIdle = 0] = await idleAfterPages(restart.url, [pid]);
      resetPeak(pid);
      const run = await load(restart.url);
      const loadedPeak = memory(pid).peak;
      mb("PGlite, first start on a new data folder: peak while starting", firstPeak, 600);
      mb("PGlite, first start: idle", firstIdle, 300);
      mb("PGlite, restart: peak while starting", restartPeak, 600);
      mb("PGlite, restart: idle", restartIdle, 300);
      const ratio = firstIdle / restartIdle;
      rows.push({
        what: "PGlite, first-start idle ÷ restart idle",
        figure: `${ratio.toFixed(2)} ×`,
        target: "within 15% (0.85–1.15)",
        ok: Math.abs(ratio - 1) <= 0.15,
      });
      mb(`PGlite, ${underLoad(run)}`, loadedPeak, 600);
      summary.push(
        `embedded: first start peak ${firstPeak} MB, idle ${firstIdle} MB (${ratio.toFixed(2)} × the restart's); restart peak ${restartPeak} MB, idle ${restartIdle} MB; under load ${loadedPeak} MB`,
      );
    } finally {
      await restart.stop();
    }
  } finally {
    await first.stop();
    rmSync(path.dirname(first.dataDir), { recursive: true, force: true });
  }
}

// PostgreSQL: a web process (RUN_WORKER=false) and a worker process beside it.
{
  const postgres = await startPostgres();
  const workerData = mkdtempSync(path.join(tmpdir(), "maternis-bench-memory-worker-"));
  const running: { stop(): Promise<void> }[] = [];
  try {
    // Every process on the database has the same keys; the form key the one the posts are signed with.
    const env = { ...TEST_KEYS, ...baseEnv, DATABASE_URL: await postgres.createDatabase() };
    const worker = await startWorker({ ...env, LOG_LEVEL: "info", DATA_DIR: workerData });
    running.push(worker);
    const web = await startServer({ ...env, RUN_WORKER: "false" }, { dataPrefix: "maternis-bench-memory-pg-" });
    running.push(web);
    const pids = [web.process.pid!, worker.process.pid!];
    const [webIdle = 0, workerIdle = 0] = await idleAfterPages(web.url, pids);
    pids.forEach(resetPeak);
    const run = await load(web.url);
    const [webPeak = 0, workerPeak = 0] = pids.map((pid) => memory(pid).peak);
    await expectStored(env.DATABASE_URL, run);
    mb("PostgreSQL web process (RUN_WORKER=false): idle", webIdle, 150);
    mb("PostgreSQL worker process (`npm run worker`): idle", workerIdle);
    mb(`PostgreSQL web process: ${underLoad(run)}`, webPeak);
    mb(`PostgreSQL worker process: ${underLoad(run)}`, workerPeak);
    summary.push(
      `PostgreSQL: web process idle ${webIdle} MB, worker idle ${workerIdle} MB; under load web ${webPeak} MB, worker ${workerPeak} MB`,
    );
  } finally {
    await Promise.all(running.map((child) => child.stop()));
    await postgres.stop();
    rmSync(workerData, { recursive: true, force: true });
  }
}

const pass = rows.every((row) => row.ok !== false);
const verdict = (row: Row) => (row.ok === undefined ? "" : row.ok ? "met" : "**missed**");
for (const row of rows) {
  console.log(`${row.what}: ${row.figure}${row.target ? `; target ${row.target}: ${row.ok ? "PASS" : "FAIL"}` : ""}`);
}
const missed = rows.filter((row) => row.ok === false);
writeResults(
  "memory",
  `# Server memory (\`npm run bench:memory\`)

Resident memory of \`node ${SERVER_NODE_FLAGS.join(" ")} build/node/index.js\` (what \`npm start\` and
\`npm run serve\` run) and of \`build/node/worker.js\` (\`npm run worker\`, the same options), from /proc:
the resident size (VmRSS), or the peak (VmHWM) since the process started or, under load, since the
load began. Idle: five page loads (${PAGES.join(", ")}), then ${idleSeconds} s of nothing.

| Measurement | Figure | Target | Met |
| --- | ---: | --- | --- |
${rows.map((row) => `| ${row.what} | ${row.figure} | ${row.target} | ${verdict(row)} |`).join("\n")}
${missed.length ? `\nMissed: ${missed.map((row) => `${row.what} ${row.figure} (target ${row.target})`).join("; ")}.\n` : ""}`,
  { pass, summary: summary.join("; ") },
);
process.exit(pass ? 0 : 1);
