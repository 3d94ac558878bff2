import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * README.md and docs/ name the code they describe by its path; a file moved
 * or renamed without them leaves the next engineer a dead end (asvs.md named
 * three console routes by the files they had before the by-feature move).
 * Every such path must exist: a file or folder, with or without its
 * .ts/.tsx ending, or, written with `*`, match at least one file. Paths with
 * a placeholder (`app/features/<name>/`) are patterns, not checked.
 */
const root = path.join(import.meta.dirname, "..");

/** Paths a document names as history, on purpose: what was there before. */
const HISTORY: Record<string, readonly string[]> = {
  // The layout the by-feature move replaced (its Context section).
  "docs/decisions/023-by-feature.md": ["app/lib/services.ts", "app/lib/console/service.ts"],
};

const PATH = /(?<![\w/.~-])((?:app|server|test|e2e|faults|scripts|bench|docs)\/[\w./*<>-]*[\w*/])/g;

/** The repository paths a Markdown text names. */
function namedPaths(text: string): string[] {
  return [...new Set([...text.matchAll(PATH)].map((match) => match[1]!))];
}

function exists(named: string) {
  if (named.includes("*")) return globSync(named, { cwd: root }).length > 0;
  const full = path.join(root, named);
  return [full, `${full}.ts`, `${full}.tsx`].some((candidate) => existsSync(candidate));
}

const documents = ["README.md", ...globSync("docs/**/*.md", { cwd: root }).sort()];

describe("paths named in README.md and docs/", () => {
  it("finds paths as the documents write them, and a missing one fails (positive control)", () => {
    expect(
      namedPaths("see `app/platform/csv.ts`, app/routes/staff/members/ and app/platform/mail/acs*.test.ts."),
    ).toEqual(["app/platform/csv.ts", "app/routes/staff/members/", "app/platform/mail/acs*.test.ts"]);
    expect(namedPaths("in ~/features/x or my-app/y or DATA_DIR/outbox")).toEqual([]);
    expect(exists("app/platform/csv")).toBe(true);
    expect(exists("app/platform/mail/acs*.test.ts")).toBe(true);
    expect(exists("app/routes/staff/members.tsx")).toBe(false);
    expect(exists("app/platform/nothing*.ts")).toBe(false);
  });

  it.each(documents)("%s names only paths that exist", (document) => {
    const text = readFileSync(path.join(root, document), "utf8");
    const history = HISTORY[document] ?? [];
    const missing = namedPaths(text).filter(
      (named) => !named.includes("<") && !history.includes(named) && !exists(named),
    );
    expect(missing).toEqual([]);
  });

  it("each path kept as history is still named by its document, and is really gone", () => {
    for (const [document, paths] of Object.entries(HISTORY)) {
      const named = namedPaths(readFileSync(path.join(root, document), "utf8"));
      for (const gone of paths) {
        expect(named, document).toContain(gone);
        expect(exists(gone), gone).toBe(false);
      }
    }
  });
});
