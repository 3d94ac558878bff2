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
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseEnv } from "~/platform/env.server";
import { addDays, londonDate } from "~/platform/calendar";
import { openStore } from "../app/platform/db/db.server";
import { createTrafficService } from "../app/features/traffic/traffic.server.ts";
import type { TestPostgres } from "../test/support/postgres";
import { engineName, finish, measure, notesList, onEachEngine, runs, warmup, type Result } from "./lib/server-time";
import { PAGES, SOURCES, seedTraffic } from "./lib/traffic-seed";

const days = Number(process.env.BENCH_DAYS ?? 365);

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

const { results, notes } = await onEachEngine(bench);

const table = [
  "| Database | Range | p50 | p95 | Target (p95) | | CPU p95 (this process) |",
  "| --- | --- | ---: | ---: | ---: | --- | ---: |",
  ...results.map(
    (r) =>
      `| ${engineName[r.engine]} | ${r.task} | ${r.p50.toFixed(1)} ms | **${r.p95.toFixed(1)} ms** | < ${r.target} ms | ${r.p95 < r.target ? "pass" : "FAIL"} | ${r.cpu95.toFixed(1)} ms |`,
  ),
];
console.log(`\n${table.join("\n")}\n`);

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
${notesList(notes)}`;
finish("traffic", report, results);
