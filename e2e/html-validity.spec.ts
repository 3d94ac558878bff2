/**
 * Every page is valid HTML by the W3C Nu HTML Checker (vnu.jar from the
 * vnu-jar dev dependency, run on the system Java): the prerendered pages, the
 * enquiry pages rendered per request, and the 404 page, as the end-to-end
 * stack serves them. Zero errors; warnings are not failures.
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

test("every page passes the W3C Nu HTML Checker with zero errors", async ({ request }) => {
  test.setTimeout(180_000);
  expect(
    existsSync(vnuJar),
    `${vnuJar} is missing: install the vnu-jar dev dependency (npm install --save-dev vnu-jar); it needs a system Java (JAVA or java on the PATH).`,
  ).toBe(true);

  const dir = mkdtempSync(path.join(tmpdir(), "maternis-vnu-"));
  try {
    const files = new Map<string, string>();
    for (const route of [...pages.map((p) => p.path), "/no-such-page"]) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(route === "/no-such-page" ? 404 : 200);
      const file = path.join(dir, `${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.html`);
      writeFileSync(file, await response.text());
      files.set(file, route);
    }

    let stderr: string;
    try {
      // vnu exits 1 when it reports errors; its JSON report goes to stderr either way.
      ({ stderr } = await promisify(execFile)(
        java,
        ["-jar", vnuJar, "--format", "json", "--errors-only", ...files.keys()],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      ));
    } catch (error) {
      const failed = error as { code?: string | number; stderr?: string };
      if (failed.code === "ENOENT")
        throw new Error(`No Java runtime: "${java}" was not found (set JAVA or install one).`, { cause: error });
      stderr = failed.stderr ?? "";
    }
    const report = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === "error" || (m.type === "non-document-error" && m.subType !== "io"))
      .map((m) => {
        const route = files.get(decodeURIComponent(new URL(m.url).pathname)) ?? m.url;
        return `${route}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` (${m.extract.trim()})` : ""}`;
      });
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
