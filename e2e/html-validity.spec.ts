/**
 * Every page is valid HTML by the W3C Nu HTML Checker (vnu.jar from the
 * vnu-jar dev dependency, run on the system Java): the prerendered pages, the
 * enquiry pages rendered per request, and the 404 page, as the end-to-end
 * stack serves them. Zero errors; warnings are not failures. The checker
 * itself must succeed: an I/O error, a non-zero exit or output that is not
 * its report fails the test, and its list of checked documents must be
 * exactly the pages written for it.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { pages } from "../app/pages";

const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const java = process.env.JAVA ?? "java";

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };
type CheckerRun = { exitCode: number; stdout: string; stderr: string };

/**
 * Runs vnu to the end and returns its exit status and output. It exits 1 when
 * it reports errors, so only a failure to start (no Java), a signal or an
 * overflowing output throws.
 */
async function runChecker(args: string[]): Promise<CheckerRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(java, ["-jar", vnuJar, ...args], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: string | number | null; signal?: string | null; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT")
      throw new Error(`No Java runtime: "${java}" was not found (set JAVA or install one).`, { cause: error });
    if (typeof failed.code !== "number")
      throw new Error(
        `vnu did not finish (${failed.signal ? `signal ${failed.signal}` : String(failed.code)}): ${(failed.stderr ?? "").slice(0, 2000)}`,
        { cause: error },
      );
    return { exitCode: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** vnu's JSON report (on stderr); anything else there is a failure of the checker, not a pass. */
function parseReport(run: CheckerRun): { messages: VnuMessage[] } {
  let report: unknown;
  try {
    report = JSON.parse(run.stderr);
  } catch (error) {
    throw new Error(`vnu (exit ${run.exitCode}) did not write a JSON report:\n${run.stderr.slice(0, 2000)}`, {
      cause: error,
    });
  }
  const messages = (report as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) throw new Error(`vnu's report has no messages list:\n${run.stderr.slice(0, 2000)}`);
  return { messages: messages as VnuMessage[] };
}

test("every page passes the W3C Nu HTML Checker with zero errors", async ({ request }) => {
  test.setTimeout(180_000);
  expect(
    existsSync(vnuJar),
    `${vnuJar} is missing: install the vnu-jar dev dependency (npm install --save-dev vnu-jar); it needs a system Java (JAVA or java on the PATH).`,
  ).toBe(true);

  const dir = mkdtempSync(path.join(tmpdir(), "maternis-vnu-"));
  try {
    const files = new Map<string, string>();
    const routes = [...pages.map((p) => p.path), "/no-such-page"];
    for (const route of routes) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(route === "/no-such-page" ? 404 : 200);
      const file = path.join(dir, `${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.html`);
      writeFileSync(file, await response.text());
      files.set(file, route);
    }
    // One file a route: two routes written to the same file would leave one page unchecked.
    expect([...files.values()].sort()).toEqual([...routes].sort());

    const run = await runChecker(["--format", "json", "--errors-only", "--verbose", ...files.keys()]);
    const report = parseReport(run);
    const routeOf = (url: string) => {
      try {
        return files.get(decodeURIComponent(new URL(url).pathname));
      } catch {
        return undefined;
      }
    };
    // Errors in a page, and the checker's own (I/O and other non-document errors): either fails.
    const errors = report.messages
      .filter((m) => m.type !== "info")
      .map((m) => {
        const where = routeOf(m.url) ?? m.url;
        const kind = m.type === "error" ? "" : `[${m.type}${m.subType ? `/${m.subType}` : ""}] `;
        return `${where}:${m.lastLine ?? "?"}: ${kind}${m.message}${m.extract ? ` (${m.extract.trim()})` : ""}`;
      });
    expect(errors).toEqual([]);
    // No error, so vnu must have exited 0 (1 with no error reported means it failed otherwise).
    expect(run.exitCode, `vnu exit status; stderr:\n${run.stderr.slice(0, 2000)}`).toBe(0);
    // --verbose names each document as it is checked: exactly the pages written, each once (a file it
    // cannot read, e.g. a dangling link, is skipped silently with exit 0 and would be missing here).
    const checked = run.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(checked.length, `vnu checked ${checked.length} documents, ${files.size} were submitted`).toBe(files.size);
    expect([...checked].sort()).toEqual([...files.keys()].sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
