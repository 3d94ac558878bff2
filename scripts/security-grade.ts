/**
 * Grades the security headers of every response type the way Mozilla's HTTP
 * Observatory does (its published scoring table: start at 100, apply each
 * test's modifier, A+ at 100 and above). The Observatory's own scanner
 * (@mdn/mdn-http-observatory) needs a native PostgreSQL driver and public
 * host names, so this script applies the table itself.
 *
 *   npm run security:grade            # builds nothing; starts build/ on a free port
 *   SECURITY_URL=https://… npm run security:grade   # grade a running server
 *
 * Exits non-zero unless every response type grades A+.
 */
import { writeResults } from "./lib/results.ts";
import { startServer, type RunningServer } from "../test/support/server-process.ts";

type Modifier = { test: string; result: string; score: number };

function parseCsp(header: string | null) {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function gradeHeaders(headers: Headers): { score: number; grade: string; modifiers: Modifier[] } {
  const modifiers: Modifier[] = [];
  const add = (test: string, result: string, score: number) => modifiers.push({ test, result, score });

  // Content Security Policy
  const cspHeader = headers.get("content-security-policy");
  if (!cspHeader) add("content-security-policy", "csp-not-implemented", -25);
  else {
    const csp = parseCsp(cspHeader);
    const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
    const styleSrc = csp.get("style-src") ?? csp.get("default-src") ?? [];
    const hasStrictSource = scriptSrc.some(
      (s) => /^'(nonce|sha256|sha384|sha512)-/.test(s) || s === "'strict-dynamic'",
    );
    const unsafeInlineScripts = scriptSrc.includes("'unsafe-inline'") && !hasStrictSource;
    const insecure = [...csp.values()].flat().some((s) => s === "http:" || s === "*" || s.startsWith("http://"));
    if (unsafeInlineScripts || scriptSrc.length === 0)
      add("content-security-policy", "csp-implemented-with-unsafe-inline", -20);
    else if (insecure) add("content-security-policy", "csp-implemented-with-insecure-scheme", -20);
    else if (scriptSrc.includes("'unsafe-eval'"))
      add("content-security-policy", "csp-implemented-with-unsafe-eval", -10);
    else if (styleSrc.includes("'unsafe-inline'"))
      add("content-security-policy", "csp-implemented-with-unsafe-inline-in-style-src-only", 0);
    else if ((csp.get("default-src") ?? []).join(" ") === "'none'")
      add("content-security-policy", "csp-implemented-with-no-unsafe-default-src-none", 10);
    else add("content-security-policy", "csp-implemented-with-no-unsafe", 0);
  }

  // Cookies: the site sets none.
  add("cookies", headers.get("set-cookie") ? "cookies-present (not graded here)" : "cookies-not-found", 0);

  // CORS
  add(
    "cross-origin-resource-sharing",
    headers.get("access-control-allow-origin") === "*"
      ? "cross-origin-resource-sharing-implemented-with-universal-access"
      : "cross-origin-resource-sharing-not-implemented",
    headers.get("access-control-allow-origin") === "*" ? -50 : 0,
  );

  // Referrer-Policy
  const referrer =
    (headers.get("referrer-policy") ?? "")
      .split(",")
      .map((s) => s.trim())
      .pop() ?? "";
  if (!referrer) add("referrer-policy", "referrer-policy-not-implemented", 0);
  else if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(referrer))
    add("referrer-policy", "referrer-policy-private", 5);
  else add("referrer-policy", "referrer-policy-unsafe", -5);

  // Strict-Transport-Security
  const hsts = headers.get("strict-transport-security");
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? "")?.[1] ?? -1);
  if (!hsts) add("strict-transport-security", "hsts-not-implemented", -20);
  else if (maxAge < 15_768_000) add("strict-transport-security", "hsts-implemented-max-age-less-than-six-months", -10);
  else if (/preload/i.test(hsts) && /includesubdomains/i.test(hsts) && maxAge >= 31_536_000)
    add("strict-transport-security", "hsts-preloaded", 5);
  else add("strict-transport-security", "hsts-implemented-max-age-at-least-six-months", 0);

  // X-Content-Type-Options
  add(
    "x-content-type-options",
    headers.get("x-content-type-options")?.toLowerCase() === "nosniff"
      ? "x-content-type-options-nosniff"
      : "x-content-type-options-not-implemented",
    headers.get("x-content-type-options")?.toLowerCase() === "nosniff" ? 0 : -5,
  );

  // X-Frame-Options (or CSP frame-ancestors)
  const frameAncestors = parseCsp(cspHeader).get("frame-ancestors");
  if (frameAncestors && frameAncestors.length > 0 && !frameAncestors.includes("*"))
    add("x-frame-options", "x-frame-options-implemented-via-csp", 5);
  else if (/^(deny|sameorigin)$/i.test(headers.get("x-frame-options") ?? ""))
    add("x-frame-options", "x-frame-options-sameorigin-or-deny", 0);
  else add("x-frame-options", "x-frame-options-not-implemented", -20);

  // Cross-Origin-Resource-Policy
  const corp = headers.get("cross-origin-resource-policy");
  if (!corp) add("cross-origin-resource-policy", "corp-not-implemented", 0);
  else if (["same-origin", "same-site", "cross-origin"].includes(corp))
    add("cross-origin-resource-policy", `corp-implemented-with-${corp}`, 0);
  else add("cross-origin-resource-policy", "corp-header-invalid", -5);

  // Subresource integrity: every script is same-origin (checked by the e2e suite), so no modifier.
  add("subresource-integrity", "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0);

  // Bonus modifiers only count once the base score reaches 90 (Observatory rule).
  const penalties = modifiers.filter((m) => m.score < 0).reduce((sum, m) => sum + m.score, 0);
  const bonuses = modifiers.filter((m) => m.score > 0).reduce((sum, m) => sum + m.score, 0);
  const base = 100 + penalties;
  const score = Math.max(0, base >= 90 ? base + bonuses : base);
  return { score, grade: gradeFor(score), modifiers };
}

function gradeFor(score: number) {
  const table: [number, string][] = [
    [100, "A+"],
    [90, "A"],
    [85, "A-"],
    [80, "B+"],
    [70, "B"],
    [65, "B-"],
    [60, "C+"],
    [50, "C"],
    [45, "C-"],
    [40, "D+"],
    [30, "D"],
    [25, "D-"],
  ];
  return table.find(([min]) => score >= min)?.[1] ?? "F";
}

async function main() {
  let server: RunningServer | undefined;
  let base = process.env.SECURITY_URL;
  if (!base) {
    server = await startServer({ COMMUNICATION_API_KEY: "security-grade-check-key-0123456789" });
    base = server.url;
  }
  try {
    const home = await (await fetch(`${base}/`)).text();
    // Named in the page's bootstrap script (its imports start after the first paint).
    const asset = /"(\/assets\/[\w.-]+\.js)"/.exec(home)?.[1];
    if (!asset) throw new Error("no hashed asset found on /");
    const cases: { type: string; path: string; init?: RequestInit }[] = [
      { type: "prerendered page", path: "/about" },
      { type: "rendered page", path: "/contact" },
      { type: "hashed asset", path: asset },
      { type: "404 page", path: "/no-such-page" },
      {
        type: "API JSON",
        path: "/functions/v1/azure-communication",
        init: { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
      },
      { type: "health JSON", path: "/healthz" },
      // The staff console: its sign-in page, and a console page signed out (redirect).
      { type: "staff console page", path: "/staff/sign-in" },
      {
        type: "staff console redirect",
        path: "/staff",
        init: { redirect: "manual", headers: { accept: "text/html" } },
      },
    ];
    const rows: string[] = ["| Response type | Path | Status | Score | Grade |", "| --- | --- | --- | --- | --- |"];
    let failed = false;
    for (const c of cases) {
      const response = await fetch(`${base}${c.path}`, c.init);
      await response.arrayBuffer();
      const { score, grade, modifiers } = gradeHeaders(response.headers);
      rows.push(`| ${c.type} | \`${c.path}\` | ${response.status} | ${score} | ${grade} |`);
      if (grade !== "A+") {
        failed = true;
        console.error(
          `${c.type}: ${modifiers
            .filter((m) => m.score < 0)
            .map((m) => m.result)
            .join(", ")}`,
        );
      }
    }
    console.log(rows.join("\n"));
    if (!process.env.SECURITY_URL) {
      writeResults(
        "security",
        `# Security headers (\`npm run security:grade\`)

Mozilla HTTP Observatory's scoring table applied to the headers of each response type of the production
build (A+ at 100 and above; the target is A+ everywhere).

${rows.join("\n")}
`,
        {
          pass: !failed,
          script: "security:grade",
          summary: failed ? "below A+ for at least one response type" : "A+ on every response type",
        },
      );
    }
    if (failed) {
      console.error("\nSecurity grade: below A+ for at least one response type.");
      process.exitCode = 1;
    } else console.log("\nSecurity grade: A+ on every response type.");
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
