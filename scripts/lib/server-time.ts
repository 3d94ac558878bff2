/**
 * What the in-process server-time benchmarks (bench:console, bench:traffic)
 * share: BENCH_RUNS timed runs after BENCH_WARMUP, their p50 and p95 (and
 * this process's CPU time per run, p95), each engine in turn (PostgreSQL a
 * throwaway cluster, skipped with a note when its binaries are missing), and
 * the end: the results file written, non-zero exit when a target is missed.
 */
import { startPostgres, type TestPostgres } from "../../test/support/postgres";
import { writeResults } from "./results.ts";

export const runs = Number(process.env.BENCH_RUNS ?? 50);
export const warmup = Number(process.env.BENCH_WARMUP ?? 5);
export const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((e) => e.trim());
export const targets: Record<string, number> = { pglite: 150, postgres: 50 };
export const engineName: Record<string, string> = { pglite: "embedded (PGlite)", postgres: "PostgreSQL" };

/** Wall-clock times (the target), and this process's CPU time per run (on the embedded database, the whole cost: its database runs here). */
export type Result = { engine: string; task: string; p50: number; p95: number; cpu95: number; target: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `fn` run `warmup` times, then `runs` times timed; `run` counts every call from 0. */
export async function measure(engine: string, task: string, fn: (run: number) => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await fn(warmup + i);
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

/** `bench` on each engine of BENCH_ENGINES; its results, and a note for each engine skipped. */
export async function onEachEngine(bench: (engine: string, postgres: TestPostgres | null) => Promise<Result[]>) {
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
  return { results, notes };
}

/** The notes as a Markdown list after the table (nothing when there are none). */
export const notesList = (notes: string[]) => (notes.length ? `\n${notes.map((n) => `- ${n}`).join("\n")}\n` : "");

/** Writes bench/results/`name`.md (with each engine's p95s as its summary); exits 1 when a target is missed. */
export function finish(name: string, report: string, results: Result[]) {
  const missed = results.filter((r) => r.p95 >= r.target);
  const p95 = (engine: string) =>
    results
      .filter((r) => r.engine === engine)
      .map((r) => `${r.task} ${r.p95.toFixed(0)}`)
      .join(", ");
  writeResults(name, report, {
    pass: missed.length === 0,
    summary: [...new Set(results.map((r) => r.engine))]
      .map((engine) => `${engineName[engine]} p95 (ms): ${p95(engine)}`)
      .join("; "),
  });
  if (missed.length > 0) {
    console.error(`Target missed: ${missed.map((r) => `${r.engine} ${r.task}`).join(", ")}`);
    process.exit(1);
  }
}
