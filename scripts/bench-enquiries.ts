/**
 * `npm run bench:enquiries`: load test of the enquiry path of a production
 * build. Starts `build/node/index.js` (BUILD_DIR) on a free port with a temp
 * DATA_DIR, the file mail transport and the rate limits relaxed, posts valid
 * contact forms for a fixed time, then stops the server and checks that every
 * accepted enquiry is in the database.
 *
 * Each request is what a browser sends: urlencoded fields, the honeypot and a
 * signed formStartedAt token, posted by default to /contact.data, where the
 * contact form posts once JavaScript has loaded (one request per enquiry;
 * the route does not reload its loaders afterwards). BENCH_PATH=/contact
 * measures the form without JavaScript instead: the same action, then the
 * whole page rendered with its result.
 *
 * Options (environment): BENCH_SECONDS (10), BENCH_CONCURRENCY (10),
 * BENCH_TARGET_RPS (200), BENCH_TARGET_P99_MS (100), BENCH_PATH (/contact.data),
 * BENCH_RUN_WORKER (true: the in-process worker e-mails while the load runs),
 * BUILD_DIR (build), BENCH_NODE_ARGS (extra Node options for the server, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 * Run with Node 24 (type stripping): `node scripts/bench-enquiries.ts`.
 */
import { writeResults } from "./lib/results.ts";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { benchContactFields, formToken, urlencodedForm } from "../test/support/form-posts.ts";
import { limitsOffEnv } from "../test/support/limits-off.ts";
import { assertBuilt, buildDir, startServer, type RunningServer } from "../test/support/server-process.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const targetRps = Number(process.env.BENCH_TARGET_RPS ?? 200);
const targetP99 = Number(process.env.BENCH_TARGET_P99_MS ?? 100);
const formPath = process.env.BENCH_PATH ?? "/contact.data";
/** What a success looks like: the action's result (turbo-stream) or the page's thank-you panel. */
const successMarker = formPath.endsWith(".data") ? '"status","success"' : "Thank you! Your message has been sent.";

try {
  assertBuilt();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const formSecret = randomBytes(32).toString("base64url");
let server: RunningServer | undefined;

try {
  server = await startServer(
    {
      NODE_ENV: "production",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...limitsOffEnv,
      FORM_SECRET: formSecret,
      MAIL_TRANSPORT: "file",
      SMS_TRANSPORT: "file",
      RUN_WORKER: process.env.BENCH_RUN_WORKER ?? "true",
    },
    {
      buildDir: buildDir(),
      dataPrefix: "maternis-bench-",
      nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
      // A fresh embedded database is created on first start.
      healthTimeoutMs: 120_000,
    },
  );
  const origin = server.url;
  const dataDir = server.dataDir;
  const tokenTime = Date.now() - 5_000;
  const token = formToken(formSecret, tokenTime);
  let sequence = 0;
  const accepted: string[] = [];
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const countError = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);

  async function submitOne() {
    const marker = `bench-${process.pid}-${++sequence}`;
    const body = urlencodedForm(benchContactFields(sequence, `Load test enquiry ${marker}`), token);
    const started = performance.now();
    try {
      const res = await fetch(`${origin}${formPath}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body,
        redirect: "manual",
      });
      const text = await res.text();
      latencies.push(performance.now() - started);
      if (res.status === 200 && text.includes(successMarker)) accepted.push(marker);
      else countError(`HTTP ${res.status}${res.status === 200 ? " without the success result" : ""}`);
    } catch (error) {
      latencies.push(performance.now() - started);
      countError(error instanceof Error ? error.message : String(error));
    }
  }

  // Warm-up (JIT, first render), not counted.
  for (let i = 0; i < 20; i++) await submitOne();
  const warmUp = [...accepted];
  accepted.length = 0;
  latencies.length = 0;
  errors.clear();

  console.log(`Posting valid contact forms to ${origin}${formPath} for ${seconds} s with concurrency ${concurrency}…`);
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < endAt) await submitOne();
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;

  // Stop the server (graceful: the worker finishes), then read its database.
  await server.stop();
  const code = await server.exited;
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  const { rows } = await db.query<{ marker: string }>(
    `select substring(payload->>'message' from 'bench-[0-9]+-[0-9]+') as marker from enquiries`,
  );
  await db.close();
  const stored = new Set(rows.map((row) => row.marker));
  const missing = [...warmUp, ...accepted].filter((marker) => !stored.has(marker));

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const rps = accepted.length / elapsed;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const figures = [
    `| Requests | ${latencies.length} in ${elapsed.toFixed(1)} s (concurrency ${concurrency}, to ${formPath}) |`,
    `| Accepted | ${accepted.length}: **${rps.toFixed(1)} submissions/s** (target ≥ ${targetRps}/s) |`,
    `| Latency | p50 ${pct(50).toFixed(1)} ms, **p99 ${pct(99).toFixed(1)} ms** (target < ${targetP99} ms), max ${(sorted.at(-1) ?? 0).toFixed(1)} ms |`,
    `| Errors | ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ""} |`,
    `| In the database | ${stored.size} stored, ${missing.length} accepted but missing |`,
    `| Server exit code | ${code} |`,
  ];
  console.log(figures.join("\n"));

  const failures = [
    rps < targetRps && `throughput ${rps.toFixed(1)}/s is below ${targetRps}/s`,
    pct(99) >= targetP99 && `p99 ${pct(99).toFixed(1)} ms is not below ${targetP99} ms`,
    errorCount > 0 && `${errorCount} errors`,
    missing.length > 0 && `${missing.length} accepted enquiries missing from the database`,
  ].filter(Boolean);
  writeResults(
    "enquiries",
    `# Enquiry load (\`npm run bench:enquiries\`)

Valid contact forms posted to a production build (\`build/node/index.js\`, embedded database, file mail
transport, rate limits relaxed, the in-process worker ${process.env.BENCH_RUN_WORKER === "false" ? "off" : "e-mailing meanwhile"})
for ${seconds} s, then the server stopped and its database read back.

| | |
| --- | --- |
${figures.join("\n")}
${failures.length ? `\nMissed: ${failures.join("; ")}.\n` : ""}`,
    {
      pass: failures.length === 0,
      summary: `${rps.toFixed(0)} submissions/s, p99 ${pct(99).toFixed(0)} ms, ${missing.length} accepted but missing`,
    },
  );
  if (failures.length) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
}
