/**
 * `npm run bench:summary`: rewrites the table of current figures in README.md
 * and docs/performance.md from bench/results/*.md (see scripts/lib/bench-summary.ts).
 * Run it after a benchmark wrote its results file, and commit both.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SUMMARY_DOCUMENTS, summaryTable, withSummary } from "./lib/bench-summary.ts";

for (const document of SUMMARY_DOCUMENTS) {
  const text = readFileSync(document, "utf8");
  writeFileSync(document, withSummary(text, summaryTable(".", path.posix.dirname(document))));
  console.log(`Wrote the figures table of ${document}`);
}
