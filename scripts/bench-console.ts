/**
 * `npm run bench:console`: the staff console's inbox with real volume.
 *
 * For each engine it seeds BENCH_ENQUIRIES (100,000) enquiries straight into a
 * fresh database (a realistic spread of forms, handled and new, their e-mails
 * mostly sent, some failed, dead-lettered or still queued, a few suspected
 * spam), then times the functions the console's routes call
 * (the inbox service's list / get) in this process:
 *
 * - the inbox's first page (no filter);
 * - a filtered page: delivery problem + new;
 * - a search by surname;
 * - an enquiry's page (a different enquiry each run; each view writes its audit row).
 *
 * BENCH_RUNS (50) timed runs each after BENCH_WARMUP (5); p50 and p95 server
 * time. Targets: p95 < 150 ms on the embedded database (PGlite), < 50 ms on
 * PostgreSQL (a throwaway PostgreSQL cluster from test/support/postgres.ts,
 * skipped with a note when its binaries are missing). Exits non-zero when a
 * target is missed. Figures go to bench/results/console.md.
 * Options (environment): BENCH_ENQUIRIES, BENCH_RUNS, BENCH_WARMUP,
 * BENCH_ENGINES (pglite,postgres).
 * A benchmark, not a test: run it on a quiet machine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import type { InboxActor, InboxFilters } from "~/features/inbox/inbox";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import { openStore } from "../app/platform/db/db.server";
import { newKeys } from "../app/platform/keys.server";
import { createInboxService } from "../app/features/inbox/inbox.server.ts";
import type { TestPostgres } from "../test/support/postgres";
import { engineName, finish, measure, notesList, onEachEngine, runs, warmup, type Result } from "./lib/server-time";
import { seedConsole } from "./lib/console-seed";

const enquiries = Number(process.env.BENCH_ENQUIRIES ?? 100_000);
const SEARCH = "okafor";

const by: InboxActor = {
  member: { id: "bench-staff", email: "bench@maternis.test", name: "Bench", role: "staff" },
  meta: { fingerprint: "bench-fingerprint" },
};

async function bench(engine: string, postgres: TestPostgres | null): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-bench-console-"));
  const databaseUrl = postgres ? await postgres.createDatabase("bench_console") : undefined;
  const store = await openStore({ dataDir, databaseUrl });
  try {
    let started = performance.now();
    await seedConsole(store, enquiries, by.member);
    console.log(`${engine}: seeded ${enquiries} enquiries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const env = parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    // The inbox's reads never use the job queue; the retry action would.
    const boss = new PgBoss({ ...store.bossConnection, schema: "pgboss", supervise: false, schedule: false });
    // Keys for this throwaway database (none is written to a file).
    const inbox = createInboxService({ store, boss, env, log: createLogger("silent"), keys: newKeys() });

    const sample = (await store.db.execute(
      sql`select id from enquiries where spam_reason is null order by random() limit ${warmup + runs}`,
    )) as unknown as { rows: { id: string }[] };
    const ids = sample.rows.map((row) => row.id);
    const problemNew: InboxFilters = { problem: true, state: "new" };
    const first = await inbox.list({}, 1);
    const filtered = await inbox.list(problemNew, 1);
    const searched = await inbox.list({ q: SEARCH }, 1);
    console.log(
      `${engine}: ${first.total} listed, ${filtered.total} with a delivery problem and new, ${searched.total} matching "${SEARCH}"`,
    );
    started = performance.now();
    return [
      await measure(engine, "Inbox, first page", () => inbox.list({}, 1)),
      await measure(engine, "Filtered: delivery problem + new", () => inbox.list(problemNew, 1)),
      await measure(engine, `Search "${SEARCH}"`, () => inbox.list({ q: SEARCH }, 1)),
      await measure(engine, "Enquiry page", async (run) => {
        if (!(await inbox.get(ids[run % ids.length]!, by))) throw new Error("enquiry not found");
      }),
    ];
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const { results, notes } = await onEachEngine(bench);

const rows = results.map(
  (r) =>
    `| ${engineName[r.engine]} | ${r.task} | ${r.p50.toFixed(1)} ms | **${r.p95.toFixed(1)} ms** | < ${r.target} ms | ${r.p95 < r.target ? "pass" : "FAIL"} |`,
);
const table = [
  "| Database | Request | p50 | p95 | Target (p95) | |",
  "| --- | --- | ---: | ---: | ---: | --- |",
  ...rows,
];
console.log(`\n${table.join("\n")}\n`);

const report = `# Staff console inbox (\`npm run bench:console\`)

${enquiries.toLocaleString("en-GB")} enquiries seeded straight into a
fresh database (50% contact, 30% demo, 20% advisory; 2% suspected spam; two e-mails each, about 1% failed,
1% dead-lettered, 1% queued). Server time of the functions the console's routes call
(\`console.inbox.list\` and \`console.inbox.get\`, the view's audit row included), ${runs} runs after ${warmup}
warm-up runs, in one process.

${table.join("\n")}
${notesList(notes)}`;
finish("console", report, results);
