/**
 * The table of current figures that README.md and docs/performance.md show,
 * made only from the committed results files (bench/results/*.md, written by
 * scripts/lib/results.ts): each row is one file's verdict, run date, load and
 * summary line, linking the file. `npm run bench:summary` rewrites the table
 * between the markers; a unit test fails when a document differs from it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const START = "<!-- bench:summary (npm run bench:summary writes this table) -->";
export const END = "<!-- /bench:summary -->";

type Row = { file: string; title: string; verdict: string; run: string; load: string; summary: string };

function parse(file: string, text: string): Row {
  const line = (prefix: string) =>
    text
      .split("\n")
      .find((l) => l.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  const verdict = /^\*\*(PASS|FAIL)\b/m.exec(text)?.[1];
  return {
    file,
    title: (text.split("\n")[0] ?? file).replace(/^#\s*/, "").replace(/\s*\(`npm run [^`]+`\)$/, ""),
    verdict: verdict ?? "not recorded (written before the results header: re-run)",
    run: line("- Run: ")?.slice(0, 10) ?? "unknown",
    load: line("- Load average (1 / 5 / 15 min): ")?.split(" at the start")[0]?.split(" / ")[0] ?? "unknown",
    summary: line("- Summary: ") ?? "see the file",
  };
}

/** The markdown table, with links relative to `fromDir` (the document's folder, relative to the repository). */
export function summaryTable(root: string, fromDir: string): string {
  const dir = path.join(root, "bench/results");
  const rows = readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => parse(name, readFileSync(path.join(dir, name), "utf8")));
  const link = (file: string) => path.posix.join(path.posix.relative(fromDir || ".", "bench/results"), file);
  return [
    "| Benchmark | Result | Run | Load (1 min) | Figures |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| [${r.title}](${link(r.file)}) | **${r.verdict}** | ${r.run} | ${r.load} | ${r.summary.replaceAll("|", "\\|")} |`,
    ),
  ].join("\n");
}

/** `document` with the table between the markers replaced by the current one. */
export function withSummary(document: string, table: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the document has no ${START} … ${END} markers`);
  return `${document.slice(0, start + START.length)}\n\n${table}\n\n${document.slice(end)}`;
}

/** The documents that carry the table. */
export const SUMMARY_DOCUMENTS = ["README.md", "docs/performance.md"];
