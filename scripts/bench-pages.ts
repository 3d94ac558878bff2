/**
 * Page benchmark: builds, starts the production server, and runs Lighthouse
 * (mobile defaults, Debian's Chromium) over every page, three runs each.
 * Prints the median scores and metrics and the bytes per route (as
 * transferred, i.e. compressed), and exits non-zero where a budget is missed.
 *
 *   npm run bench:pages            (BENCH_RUNS=3, BENCH_SKIP_BUILD=1 to reuse build/)
 *
 * Budgets: Performance ≥ 98; Accessibility, Best Practices and SEO = 100;
 * LCP ≤ 1.5 s; TBT ≤ 100 ms; CLS ≤ 0.02; JavaScript ≤ 120 KB on every route;
 * total transfer of / ≤ 250 KB. Writes bench/results/pages.md.
 */
import { execSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pages } from "../app/pages";
import { chromiumArgs, chromiumPath } from "../test/support/chromium";
import { limitsOffEnv } from "../test/support/limits-off";
import { startServer } from "../test/support/server-process";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const KB = 1024;

if (!process.env.BENCH_SKIP_BUILD) execSync("npm run build", { stdio: "inherit" });

/** The framework's files: the entry module and everything it imports. */
function frameworkFiles(): Set<string> {
  const dir = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");
  // React Router's manifest (the resource route of /site.webmanifest also builds a manifest-*.js).
  const source = readdirSync(dir)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .find((text) => text.startsWith("window.__reactRouterManifest="));
  if (!source) throw new Error(`React Router's manifest is not in ${dir}`);
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as { entry: { module: string; imports: string[] } };
  return new Set([manifest.entry.module, ...manifest.entry.imports].map((f) => path.basename(f)));
}

type Row = {
  path: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  jsFramework: number;
  css: number;
  html: number;
  font: number;
  image: number;
  total: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const framework = frameworkFiles();
const server = await startServer(limitsOffEnv);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: chromiumArgs,
});

const rows: Row[] = [];
try {
  for (const page of pages) {
    const samples: Row[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${server.url}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { categories, audits } = result.lhr;
      const requests =
        (
          audits["network-requests"]?.details as {
            items?: { url: string; resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const bytes = (type: string) =>
        requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const jsFramework = requests
        .filter((r) => r.resourceType === "Script" && framework.has(path.basename(new URL(r.url).pathname)))
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      samples.push({
        path: page.path,
        perf: Math.round((categories.performance?.score ?? 0) * 100),
        a11y: Math.round((categories.accessibility?.score ?? 0) * 100),
        bp: Math.round((categories["best-practices"]?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        fcp: audits["first-contentful-paint"]?.numericValue ?? 0,
        lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
        tbt: audits["total-blocking-time"]?.numericValue ?? 0,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
        js: bytes("Script"),
        jsFramework,
        css: bytes("Stylesheet"),
        html: bytes("Document"),
        font: bytes("Font"),
        image: bytes("Image"),
        total: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      });
    }
    const pick = (key: keyof Omit<Row, "path">) => median(samples.map((s) => s[key]));
    rows.push({
      path: page.path,
      perf: pick("perf"),
      a11y: pick("a11y"),
      bp: pick("bp"),
      seo: pick("seo"),
      fcp: pick("fcp"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      cls: pick("cls"),
      js: pick("js"),
      jsFramework: pick("jsFramework"),
      css: pick("css"),
      html: pick("html"),
      font: pick("font"),
      image: pick("image"),
      total: pick("total"),
    });
    console.error(`measured ${page.path}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const misses: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? "" : " ✗";
};
const kb = (n: number) => (n / KB).toFixed(1);
const lines = [
  `Lighthouse ${runs} runs per route (median), mobile defaults, ${new Date().toISOString().slice(0, 10)}. Bytes are as transferred (compressed), in KB.`,
  "",
  "| Route | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | JS (framework + site) | CSS | HTML | Fonts | Images | Total |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const r of rows) {
  lines.push(
    [
      "",
      r.path,
      `${r.perf}${check(r.perf >= 98, `${r.path} performance ${r.perf}`)}`,
      `${r.a11y}${check(r.a11y === 100, `${r.path} accessibility ${r.a11y}`)}`,
      `${r.bp}${check(r.bp === 100, `${r.path} best practices ${r.bp}`)}`,
      `${r.seo}${check(r.seo === 100, `${r.path} SEO ${r.seo}`)}`,
      r.fcp.toFixed(0),
      `${r.lcp.toFixed(0)}${check(r.lcp <= 1500, `${r.path} LCP ${r.lcp.toFixed(0)} ms`)}`,
      `${r.tbt.toFixed(0)}${check(r.tbt <= 100, `${r.path} TBT ${r.tbt.toFixed(0)} ms`)}`,
      `${r.cls.toFixed(3)}${check(r.cls <= 0.02, `${r.path} CLS ${r.cls.toFixed(3)}`)}`,
      `${kb(r.js)} (${kb(r.jsFramework)} + ${kb(r.js - r.jsFramework)})${check(r.js <= 120 * KB, `${r.path} JS ${kb(r.js)} KB`)}`,
      kb(r.css),
      kb(r.html),
      kb(r.font),
      kb(r.image),
      `${kb(r.total)}${r.path === "/" ? check(r.total <= 250 * KB, `/ total ${kb(r.total)} KB`) : ""}`,
      "",
    ]
      .join(" | ")
      .trim(),
  );
}
const table = lines.join("\n");
console.log(table);
writeFileSync(
  "bench/results/pages.md",
  `# Page benchmark\n\n${table}\n${misses.length ? `\nMissed budgets:\n${misses.map((m) => `- ${m}`).join("\n")}\n` : "\nAll budgets met.\n"}`,
);
if (misses.length) {
  console.error(`\nbench:pages: ${misses.length} budget(s) missed:\n  ${misses.join("\n  ")}`);
  process.exitCode = 1;
}
