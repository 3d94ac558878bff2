import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { END, START, SUMMARY_DOCUMENTS, summaryTable, withSummary } from "./lib/bench-summary";

const root = path.join(import.meta.dirname, "..");
/** Table cells trimmed and rules shortened, so that Prettier's column alignment does not count. */
const cells = (text: string) =>
  text
    .split("\n")
    .map((line) =>
      line.startsWith("|")
        ? line
            .split("|")
            .map((cell) => cell.trim().replace(/^:?-+:?$/, "---"))
            .join("|")
        : line,
    )
    .join("\n");

describe("the figures in the docs come from the results files", () => {
  test.each(SUMMARY_DOCUMENTS)("%s holds the table bench:summary makes from bench/results", (document) => {
    const text = readFileSync(path.join(root, document), "utf8");
    const table = summaryTable(root, path.posix.dirname(document));
    expect(cells(text), "run `npm run bench:summary` and commit the result").toBe(cells(withSummary(text, table)));
  });

  test("a results file's verdict, date, load and summary reach the table; a FAIL stays a FAIL", () => {
    const table = summaryTable(root, ".");
    const console = readFileSync(path.join(root, "bench/results/console.md"), "utf8");
    const verdict = /^\*\*(PASS|FAIL)\b/m.exec(console)?.[1] ?? "not recorded";
    expect(table).toMatch(
      new RegExp(`\\| \\[Staff console inbox\\]\\(bench/results/console\\.md\\) \\| \\*\\*${verdict}`),
    );
    expect(() => withSummary("no markers here", table)).toThrow(START);
    expect(withSummary(`a\n${START}\nold\n${END}\nb`, "new")).toBe(`a\n${START}\n\nnew\n\n${END}\nb`);
  });
});
