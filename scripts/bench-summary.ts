/**
 * `npm run bench:summary`: rewrites the table of current figures in README.md
 * and docs/performance.md from bench/results/*.md (see scripts/lib/bench-summary.ts),
 * then formats each document with the repository's Prettier settings, so the
 * table is aligned as `prettier --check` expects.
 * Run it after a benchmark wrote its results file, and commit both.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { SUMMARY_DOCUMENTS, summaryTable, withSummary } from "./lib/bench-summary.ts";

for (const document of SUMMARY_DOCUMENTS) {
  const text = withSummary(readFileSync(document, "utf8"), summaryTable(".", path.posix.dirname(document)));
  const options = await prettier.resolveConfig(document);
  writeFileSync(document, await prettier.format(text, { ...options, filepath: document }));
  console.log(`Wrote the figures table of ${document}`);
}
