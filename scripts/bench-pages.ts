/**
 * Page benchmark: builds, starts the production server, and runs Lighthouse
 * (mobile defaults, Debian's Chromium) over every page, three runs each.
 * Prints the median scores and metrics and the bytes per route (as
 * transferred, i.e. compressed), and exits non-zero where a budget is missed.
 *
 *   npm run bench:pages            (BENCH_RUNS=5, BENCH_SKIP_BUILD=1 to reuse build/)
 *
 * Five runs, not three: on a 2-core machine the simulated TBT of one build
 * varies a lot from run to run (41-263 ms on /contact in nine runs), so the
 * table shows each TBT median with its range.
 *
 * Budgets: Performance ≥ 98; Accessibility, Best Practices and SEO = 100;
 * LCP ≤ 1.5 s; TBT ≤ 100 ms; CLS ≤ 0.02; JavaScript ≤ 120 KB on every route;
 * total transfer of / ≤ 250 KB. Content pages (not hydrated:
 * docs/decisions/011-content-without-framework-js.md) are held to more:
 * Lighthouse 100 in all four categories, TBT 0, JavaScript ≤ 5 KB and
 * ≤ 60 KB in all; the enquiry pages (hydrated) no heavier than before.
 *
 * Then the session figure: the bytes of one visit to /, /product, /about,
 * /team and /contact in one browser (scripts/lib/session-bytes.ts).
 * Writes bench/results/pages.md.
 */
import { execSync } from "node:child_process";
import { writeResults } from "./lib/results.ts";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { islandPaths, pages } from "../app/pages";
import { chromiumArgs, chromiumPath } from "../test/support/chromium";
import { limitsOffEnv } from "../test/support/limits-off";
import { startServer } from "../test/support/server-process";
import { measureSession, type SessionResult } from "./lib/session-bytes";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const KB = 1024;

/**
 * The pages measured: every page of the site. (Lighthouse will not audit a
 * page that answers 404; the end-to-end tests check that the 404 page loads
 * only the content pages' script.)
 */
const routes = pages.map((p) => p.path as string);
const isContent = (route: string) => !(islandPaths as readonly string[]).includes(route);

/**
 * The enquiry pages' total transfer (KB) before content pages stopped being
 * hydrated (bench/results/pages.md of 2026-11-21): they must not grow.
 */
const enquiryBaselineKb: Record<string, number> = { "/contact": 166.3, "/demo": 162.9, "/advisory": 161.7 };

/**
 * The session figure measured on the build before content pages stopped being
 * hydrated (main at b7ea974 + the console schema, 2026-11-23, the same script):
 * every page hydrated, later pages drawn by React Router in the browser.
 */
const sessionBefore: SessionResult = {
  steps: [
    { path: "/", bytes: 164902 },
    { path: "/product", bytes: 3551 },
    { path: "/about", bytes: 2128 },
    { path: "/team", bytes: 8958 },
    { path: "/contact", bytes: 12915 },
  ],
  total: 192454,
};

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
  /** The lowest and highest TBT of the runs (the median is `tbt`). */
  tbtRange?: [number, number];
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
let session: SessionResult | undefined;
try {
  for (const page of routes.map((path) => ({ path }))) {
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
    const pick = (key: keyof Omit<Row, "path" | "tbtRange">) => median(samples.map((s) => s[key]));
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
      tbtRange: [Math.min(...samples.map((s) => s.tbt)), Math.max(...samples.map((s) => s.tbt))],
    });
    console.error(`measured ${page.path}`);
  }
  session = await measureSession(server.url);
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
  "| Route | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms (range) | CLS | JS (framework + site) | CSS | HTML | Fonts | Images | Total |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const r of rows) {
  const content = isContent(r.path);
  lines.push(
    [
      "",
      r.path,
      `${r.perf}${check(content ? r.perf === 100 : r.perf >= 98, `${r.path} performance ${r.perf}`)}`,
      `${r.a11y}${check(r.a11y === 100, `${r.path} accessibility ${r.a11y}`)}`,
      `${r.bp}${check(r.bp === 100, `${r.path} best practices ${r.bp}`)}`,
      `${r.seo}${check(r.seo === 100, `${r.path} SEO ${r.seo}`)}`,
      r.fcp.toFixed(0),
      `${r.lcp.toFixed(0)}${check(r.lcp <= 1500, `${r.path} LCP ${r.lcp.toFixed(0)} ms`)}`,
      `${r.tbt.toFixed(0)}${r.tbtRange && r.tbtRange[1] > 0 ? ` (${r.tbtRange.map((t) => t.toFixed(0)).join("–")})` : ""}${check(content ? r.tbt === 0 : r.tbt <= 100, `${r.path} TBT ${r.tbt.toFixed(0)} ms`)}`,
      `${r.cls.toFixed(3)}${check(r.cls <= 0.02, `${r.path} CLS ${r.cls.toFixed(3)}`)}`,
      `${kb(r.js)} (${kb(r.jsFramework)} + ${kb(r.js - r.jsFramework)})${check(r.js <= (content ? 5 : 120) * KB, `${r.path} JS ${kb(r.js)} KB`)}`,
      kb(r.css),
      kb(r.html),
      kb(r.font),
      kb(r.image),
      `${kb(r.total)}${check(
        content ? r.total <= 60 * KB : r.total <= (enquiryBaselineKb[r.path] ?? 250) * KB,
        `${r.path} total ${kb(r.total)} KB`,
      )}`,
      "",
    ]
      .join(" | ")
      .trim(),
  );
}
lines.push(
  "",
  "Budgets: content pages (not hydrated) Lighthouse 100 in all four categories, TBT 0, JavaScript ≤ 5 KB, total ≤ 60 KB;",
  `enquiry pages (hydrated) Performance ≥ 98, TBT ≤ 100 ms, JavaScript ≤ 120 KB, total no more than before (${Object.entries(
    enquiryBaselineKb,
  )
    .map(([route, total]) => `${route} ${total}`)
    .join(", ")} KB); every page LCP ≤ 1.5 s, CLS ≤ 0.02.`,
  "",
  "## A visit",
  "",
  "Bytes the server sent for one visit in one browser (Chromium, one cache): `/`, then the header's links to",
  "/product, /about, /team and /contact, resting 300 ms on each link before the click (scripts/lib/session-bytes.ts;",
  "speculative prefetches count; a browser driven through DevTools never prerenders).",
  "",
  "| Step | Before (every page hydrated) KB | After (content pages not hydrated) KB |",
  "| --- | --- | --- |",
);
for (const [i, step] of sessionBefore.steps.entries()) {
  lines.push(`| ${step.path} | ${kb(step.bytes)} | ${session ? kb(session.steps[i]?.bytes ?? 0) : "-"} |`);
}
lines.push(`| **Total** | **${kb(sessionBefore.total)}** | **${session ? kb(session.total) : "-"}** |`);
const table = lines.join("\n");
console.log(table);
writeResults(
  "pages",
  `# Page benchmark (\`npm run bench:pages\`)\n\n${table}\n${misses.length ? `\nMissed budgets:\n${misses.map((m) => `- ${m}`).join("\n")}\n` : "\nAll budgets met.\n"}`,
  { pass: misses.length === 0 },
);
if (misses.length) {
  console.error(`\nbench:pages: ${misses.length} budget(s) missed:\n  ${misses.join("\n  ")}`);
  process.exitCode = 1;
}
