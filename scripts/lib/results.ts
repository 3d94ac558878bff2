/**
 * The one way a benchmark writes its figures: bench/results/<name>.md, headed
 * by the verdict and by when, where and how it was produced (date, exact
 * command with its BENCH_* options, commit, machine, load average at start and
 * end), so every figure the docs quote can be traced to a run of a committed
 * script. Import it first thing: the start load is read when it loads.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";

const startedAt = new Date();
const loadAtStart = loadavg();
const load = (values: number[]) => values.map((n) => n.toFixed(2)).join(" / ");

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: "pipe" }).toString().trim();
    // Changes to the results files themselves (earlier runs' output) do not change what was measured.
    const dirty = execFileSync(
      "git",
      ["status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)bench/results"],
      { stdio: "pipe" },
    )
      .toString()
      .trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/**
 * Writes `report` (a "# Title" line, then the benchmark's own text) to
 * bench/results/<name>.md with the run's header, and says so on stdout.
 * `pass` is false when any target was missed: the file then says FAIL.
 * `summary` is one line of the key figures, which docs/performance.md quotes
 * (`npm run bench:summary` copies it there).
 */
export function writeResults(
  name: string,
  report: string,
  { pass, summary, script = `bench:${name}` }: { pass: boolean; summary: string; script?: string },
): void {
  const [title = `# bench:${name}`, ...rest] = report.trimEnd().split("\n");
  const options = Object.entries(process.env)
    .filter(([key]) => key.startsWith("BENCH_"))
    .map(([key, value]) => `${key}=${value}`);
  const cpu = cpus();
  const header = [
    `**${pass ? "PASS: every target met" : "FAIL: at least one target missed (marked below)"}.**`,
    "",
    `- Summary: ${summary}`,
    `- Command: \`${[...options, `npm run ${script}`].join(" ")}\` at commit ${commit()}`,
    `- Run: ${startedAt.toISOString()} to ${new Date().toISOString()}`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
    `- Load average (1 / 5 / 15 min): ${load(loadAtStart)} at the start, ${load(loadavg())} at the end (figures from a busy machine are slower)`,
  ];
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/${name}.md`, [title, "", ...header, ...rest, ""].join("\n"));
  console.log(`Wrote bench/results/${name}.md: ${pass ? "PASS" : "FAIL"}`);
}
