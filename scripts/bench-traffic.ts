/**
 * `npm run bench:traffic`: the console's Traffic page on a year of figures.
 *
 * For each engine it seeds a fresh database with BENCH_DAYS (365) London days
 * of traffic for 16 pages (the site's 15 and the not-found page) × 50
 * sources (30 other sites, 10 of the site's pages, 10 e-mail campaigns with
 * utm_* values), over three devices: 365 × 16 × 50 rows in traffic_daily,
 * and what the counter adds to traffic_totals and traffic_months for them; and 10 enquiries a
 * day, each with a source. Then ANALYZE (the retention sweep's, daily on the
 * embedded database), and it times what the page's loader calls
 * (`console.traffic.report`) for the last 7 days (the page's default), the
 * last 30 days and the last 365 days.
 *
 * BENCH_RUNS (50) timed runs each after BENCH_WARMUP (5); p50 and p95 server
 * time. Targets: p95 < 150 ms on the embedded database (PGlite), < 50 ms on
 * PostgreSQL (a throwaway cluster from test/support/postgres.ts, skipped with
 * a note when its binaries are missing), for every range. Exits non-zero when
 * a target is missed. Figures go to bench/results/traffic.md.
 * Options (environment): BENCH_DAYS, BENCH_RUNS, BENCH_WARMUP, BENCH_ENGINES (pglite,postgres).
 * A benchmark, not a test: run it on a quiet machine.
 */
import { writeResults } from "./lib/results.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseEnv } from "~/platform/env.server";
import { addDays, londonDate } from "~/platform/calendar";
import { openStore } from "../app/platform/db/db.server";
import { createTrafficService } from "../app/features/traffic/traffic.server.ts";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { PAGES, SOURCES, seedTraffic } from "./lib/traffic-seed";

const days = Number(process.env.BENCH_DAYS ?? 365);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((e) => e.trim());
const targets: Record<string, number> = { pglite: 150, postgres: 50 };

/** Wall-clock times (the target), and this process's CPU time per run (on the embedded database, the whole cost: its database runs here). */
type Result = { engine: string; task: string; p50: number; p95: number; cpu95: number; target: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(engine: string, task: string, fn: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpuBefore);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    engine,
    task,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpu95: percentile(cpu, 95),
    target: targets[engine]!,
  };
}

async function bench(engine: string, postgres: TestPostgres | null): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-bench-traffic-"));
  const databaseUrl = postgres ? await postgres.createDatabase("bench_traffic") : undefined;
  const store = await openStore({ dataDir, databaseUrl });
  try {
    const today = londonDate(new Date());
    const started = performance.now();
    await seedTraffic(store, today, days);
    const [{ n } = { n: 0 }] = (
      (await store.db.execute(sql`select count(*)::int as n from traffic_daily`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    console.log(`${engine}: seeded ${n} daily rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const env = parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const traffic = createTrafficService({ store, env });
    const range = (length: number) => ({ from: addDays(today, -(length - 1)), to: today });
    const year = await traffic.report(range(days));
    console.log(
      `${engine}: ${year.total.views} views, ${year.pagesCount} pages, ${year.sourcesCount} sources, ${year.total.enquiries} enquiries over ${days} days`,
    );
    return [
      await measure(engine, "Last 7 days (the default)", () => traffic.report(range(7))),
      await measure(engine, "Last 30 days", () => traffic.report(range(30))),
      await measure(engine, `Last ${days} days`, () => traffic.report(range(days))),
    ];
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
const notes: string[] = [];
for (const engine of engines) {
  if (engine === "pglite") {
    results.push(...(await bench("pglite", null)));
  } else if (engine === "postgres") {
    let postgres: TestPostgres;
    try {
      postgres = await startPostgres();
    } catch (error) {
      const note = `PostgreSQL skipped: ${(error as Error).message}`;
      console.warn(note);
      notes.push(note);
      continue;
    }
    try {
      results.push(...(await bench("postgres", postgres)));
    } finally {
      await postgres.stop();
    }
  } else {
    throw new Error(`Unknown engine ${engine}`);
  }
}

const engineName: Record<string, string> = { pglite: "embedded (PGlite)", postgres: "PostgreSQL" };
const table = [
  "| Database | Range | p50 | p95 | Target (p95) | | CPU p95 (this process) |",
  "| --- | --- | ---: | ---: | ---: | --- | ---: |",
  ...results.map(
    (r) =>
      `| ${engineName[r.engine]} | ${r.task} | ${r.p50.toFixed(1)} ms | **${r.p95.toFixed(1)} ms** | < ${r.target} ms | ${r.p95 < r.target ? "pass" : "FAIL"} | ${r.cpu95.toFixed(1)} ms |`,
  ),
];
console.log(`\n${table.join("\n")}\n`);

const missed = results.filter((r) => r.p95 >= r.target);
const report = `# Traffic page (\`npm run bench:traffic\`)

${days} London days × ${PAGES.length} pages × ${SOURCES} sources (30 other sites, 10 of the site's pages, 10 e-mail
campaigns), over three devices: ${(days * PAGES.length * SOURCES).toLocaleString("en-GB")} rows in \`traffic_daily\` and
their totals per day and dimension in \`traffic_totals\` (and per month in \`traffic_months\`), and ${(days * 10).toLocaleString("en-GB")} enquiries with
sources, seeded straight into a fresh database and analysed. Server time of what the Traffic page's loader calls
(\`console.traffic.report\`: the days, pages, sources, campaigns, devices and form pages with their enquiries and
conversion), ${runs} runs after ${warmup} warm-up runs, in one process. The target is on the wall-clock p95; the
last column is this process's CPU time per run (p95): on the embedded database, whose engine runs in this process,
that is the whole cost, and it depends far less than the wall clock on what else the machine is doing (see its load
average above). On PostgreSQL it is the client's share only.

${table.join("\n")}
${notes.length ? `\n${notes.map((n) => `- ${n}`).join("\n")}\n` : ""}`;
const p95 = (engine: string) =>
  results
    .filter((r) => r.engine === engine)
    .map((r) => `${r.task} ${r.p95.toFixed(0)}`)
    .join(", ");
writeResults("traffic", report, {
  pass: missed.length === 0,
  summary: [...new Set(results.map((r) => r.engine))]
    .map((engine) => `${engineName[engine]} p95 (ms): ${p95(engine)}`)
    .join("; "),
});
if (missed.length > 0) {
  console.error(`Target missed: ${missed.map((r) => `${r.engine} ${r.task}`).join(", ")}`);
  process.exit(1);
}
