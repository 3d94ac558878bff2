/**
 * `npm run bench:enquiries`: load test of the enquiry path of a production
 * build (BUILD_DIR), on both database engines in one run, one results file:
 *
 * - Embedded database (the README's default): `build/node/index.js` on a free
 *   port with a temp DATA_DIR, the in-process worker e-mailing meanwhile.
 * - PostgreSQL (a throwaway cluster, test/support/postgres.ts): two web
 *   processes with RUN_WORKER=false on two ports and one `npm run worker`
 *   process e-mailing meanwhile; the requests go to the two web processes in
 *   turn (the same concurrency in all).
 *
 * Each server runs with the file mail transport and the rate limits relaxed.
 * Valid contact forms are posted for a fixed time (scripts/lib/enquiry-load.ts),
 * then the servers stop and every accepted enquiry is looked up in their
 * database: none may be missing.
 *
 * Each request is what a browser sends: urlencoded fields, the honeypot and a
 * signed formStartedAt token, posted by default to /contact.data, where the
 * contact form posts once JavaScript has loaded (one request per enquiry;
 * the route does not reload its loaders afterwards). BENCH_PATH=/contact
 * measures the form without JavaScript instead: the same action, then the
 * whole page rendered with its result.
 *
 * Targets (issue 45), on each engine: ≥ 300 accepted submissions/s, p99 < 100 ms,
 * no errors, 0 accepted but missing.
 *
 * Options (environment): BENCH_SECONDS (10), BENCH_CONCURRENCY (10),
 * BENCH_TARGET_RPS (300), BENCH_TARGET_P99_MS (100), BENCH_PATH (/contact.data),
 * BENCH_RUN_WORKER (true: the embedded server's in-process worker e-mails while
 * the load runs), BUILD_DIR (build), BENCH_NODE_ARGS (extra Node options for
 * every server and worker process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to profile them), BENCH_ENGINES (`embedded,postgresql`: the engines to run,
 * for profiling one; a results file is written only when both ran).
 * Run with Node 24 (type stripping): `node scripts/bench-enquiries.ts`.
 */
import { writeResults } from "./lib/results.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { percentile, postEnquiries, STORED_MARKERS_SQL, type LoadRun, benchServerEnv } from "./lib/enquiry-load.ts";
import { startPostgres } from "../test/support/postgres.ts";
import { assertBuilt, startServer, startWorker, type RunningServer } from "../test/support/server-process.ts";
import { TEST_KEYS } from "../test/support/test-keys.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const targetRps = Number(process.env.BENCH_TARGET_RPS ?? 300);
const targetP99 = Number(process.env.BENCH_TARGET_P99_MS ?? 100);
const formPath = process.env.BENCH_PATH ?? "/contact.data";
const runWorker = process.env.BENCH_RUN_WORKER !== "false";
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const engines = (process.env.BENCH_ENGINES ?? "embedded,postgresql").split(",");
const unknownEngines = engines.filter((engine) => engine !== "embedded" && engine !== "postgresql");
if (unknownEngines.length > 0) {
  console.error(`BENCH_ENGINES names embedded and/or postgresql, not: ${JSON.stringify(unknownEngines)}`);
  process.exit(1);
}

try {
  assertBuilt();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const baseEnv = benchServerEnv();
const formSecret = baseEnv.FORM_SECRET;

type Measured = { warmUp: LoadRun; run: LoadRun };
type Section = { heading: string; text: string; figures: string[]; failures: string[]; summary: string };

/** 20 enquiries one at a time (JIT, first render: not counted, but looked up), then the measured run. */
async function measure(origins: string[]): Promise<Measured> {
  const warmUp = await postEnquiries({ origins, formSecret, concurrency: 1, count: 20, formPath });
  console.log(
    `Posting valid contact forms to ${origins.map((origin) => origin + formPath).join(" and ")} for ${seconds} s with concurrency ${concurrency}…`,
  );
  const run = await postEnquiries({ origins, formSecret, concurrency, seconds, formPath });
  return { warmUp, run };
}

/** The figures and the targets missed, once the servers stopped and `stored` (the markers in their database) was read. */
function judge(
  name: string,
  { warmUp, run }: Measured,
  stored: Set<string | null>,
  exits: string,
): Pick<Section, "figures" | "failures" | "summary"> {
  const missing = [...warmUp.accepted, ...run.accepted].filter((marker) => !stored.has(marker));
  const rps = run.accepted.length / run.elapsed;
  const p99 = percentile(run.latencies, 99);
  const errorCount = [...run.errors.values()].reduce((a, b) => a + b, 0);
  const figures = [
    `| Requests | ${run.requests} in ${run.elapsed.toFixed(1)} s (concurrency ${concurrency}, to ${formPath}) |`,
    `| Accepted | ${run.accepted.length}: **${rps.toFixed(1)} submissions/s** (target ≥ ${targetRps}/s) |`,
    `| Latency | p50 ${percentile(run.latencies, 50).toFixed(1)} ms, **p99 ${p99.toFixed(1)} ms** (target < ${targetP99} ms), max ${percentile(run.latencies, 100).toFixed(1)} ms |`,
    `| Errors | ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(run.errors))}` : ""} |`,
    `| In the database | ${stored.size} stored, ${missing.length} accepted but missing |`,
    `| Exit codes | ${exits} |`,
  ];
  console.log(`${name}:\n${figures.join("\n")}`);
  const failures = [
    rps < targetRps && `throughput ${rps.toFixed(1)}/s is below ${targetRps}/s`,
    p99 >= targetP99 && `p99 ${p99.toFixed(1)} ms is not below ${targetP99} ms`,
    errorCount > 0 && `${errorCount} errors`,
    missing.length > 0 && `${missing.length} accepted enquiries missing from the database`,
  ].filter((failure): failure is string => typeof failure === "string");
  const summary = `${name}: ${rps.toFixed(0)} submissions/s, p99 ${p99.toFixed(0)} ms, ${missing.length} accepted but missing`;
  return { figures, failures, summary };
}

/** One server on the embedded database (PGlite), its worker in the process. */
async function embedded(): Promise<Section> {
  const server = await startServer(
    { ...baseEnv, DATABASE_URL: "", RUN_WORKER: runWorker ? "true" : "false" },
    {
      dataPrefix: "maternis-bench-",
      // Its database is read after it stops, then removed below.
      keepData: true,
      nodeArgs,
      // A fresh embedded database is created on first start.
      healthTimeoutMs: 120_000,
    },
  );
  try {
    const measured = await measure([server.url]);
    // Stop the server (graceful: the worker finishes), then read its database.
    await server.stop();
    const code = await server.exited;
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create(path.join(server.dataDir, "db"), { extensions: { pg_trgm } });
    const { rows } = await db.query<{ marker: string | null }>(STORED_MARKERS_SQL);
    await db.close();
    return {
      heading: "Embedded database (the default)",
      text: `One server (\`build/node/index.js\`, PGlite), the in-process worker ${runWorker ? "e-mailing meanwhile" : "off (BENCH_RUN_WORKER=false)"}.`,
      ...judge("embedded", measured, new Set(rows.map((row) => row.marker)), `server ${code}`),
    };
  } finally {
    await server.stop();
    rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
  }
}

/** Two web processes (RUN_WORKER=false) and one worker process on a throwaway PostgreSQL cluster. */
async function postgresql(): Promise<Section> {
  const postgres = await startPostgres();
  const workerData = mkdtempSync(path.join(tmpdir(), "maternis-bench-worker-"));
  const webs: RunningServer[] = [];
  const running: { stop(): Promise<void> }[] = [];
  try {
    const url = await postgres.createDatabase();
    // Every process on the database has the same keys; the form key the one the posts are signed with.
    const env = { ...TEST_KEYS, ...baseEnv, DATABASE_URL: url };
    const worker = await startWorker({ ...env, LOG_LEVEL: "info", DATA_DIR: workerData }, { nodeArgs });
    running.push(worker);
    for (let i = 0; i < 2; i++) {
      const web = await startServer({ ...env, RUN_WORKER: "false" }, { dataPrefix: "maternis-bench-pg-", nodeArgs });
      webs.push(web);
      running.push(web);
    }
    const measured = await measure(webs.map((web) => web.url));
    await Promise.all(webs.map((web) => web.stop()));
    const codes = await Promise.all(webs.map((web) => web.exited));
    await worker.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ marker: string | null }>(STORED_MARKERS_SQL);
    const version = (await client.query<{ server_version: string }>("show server_version")).rows[0]?.server_version;
    await client.end();
    const exits = `web processes ${codes.join(", ")}; worker ${worker.process.exitCode ?? worker.process.signalCode}`;
    return {
      heading: "PostgreSQL, two web processes",
      text: `Two web processes (\`build/node/index.js\`, RUN_WORKER=false) on a throwaway PostgreSQL ${version} cluster, the requests sent to each in turn, and one \`npm run worker\` process e-mailing meanwhile.`,
      ...judge("PostgreSQL (2 web processes)", measured, new Set(rows.map((row) => row.marker)), exits),
    };
  } finally {
    await Promise.all(running.map((child) => child.stop()));
    await postgres.stop();
    rmSync(workerData, { recursive: true, force: true });
  }
}

try {
  const sections: Section[] = [];
  if (engines.includes("embedded")) sections.push(await embedded());
  if (engines.includes("postgresql")) sections.push(await postgresql());
  const failures = sections.flatMap((section) => section.failures.map((failure) => `${section.heading}: ${failure}`));
  if (sections.length < 2) {
    console.log(`BENCH_ENGINES=${engines.join(",")}: one engine run, no results file written.`);
    if (failures.length) process.exitCode = 1;
  } else
    writeResults(
      "enquiries",
      `# Enquiry load (\`npm run bench:enquiries\`)

Valid contact forms posted to a production build (file mail transport, rate limits relaxed) for
${seconds} s, ${concurrency} at a time, on each database engine; then the servers stopped and their
database read back for every enquiry they accepted.
${sections
  .map(
    (section) => `
## ${section.heading}

${section.text}

| | |
| --- | --- |
${section.figures.join("\n")}
`,
  )
  .join("")}${failures.length ? `\nMissed: ${failures.join("; ")}.\n` : ""}`,
      { pass: failures.length === 0, summary: sections.map((section) => section.summary).join("; ") },
    );
  if (failures.length) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
