/**
 * `npm run bench:delivery`: how fast the workers drain a backlog of e-mails.
 *
 * For each engine it fills the queue through the real site, then starts the
 * real workers and times them until a local SMTP server has received every
 * message:
 *
 * 1. the production server (BUILD_DIR) with RUN_WORKER=false takes
 *    BENCH_ENQUIRIES contact enquiries (two e-mails each) and stops;
 * 2. `build/node/worker.js` processes (one on the embedded database, two on a
 *    throwaway PostgreSQL 15 cluster) send them to an SMTP server in this
 *    process, which counts them.
 *
 * Targets (issue 14): ≥ 50 e-mails/s with one worker on the embedded database,
 * ≥ 100/s with two workers on PostgreSQL. Figures go to
 * bench/results/delivery.md. Options (environment): BENCH_ENQUIRIES (1000),
 * BENCH_ENGINES (pglite,postgres), BUILD_DIR.
 * A benchmark, not a test: run it on a quiet machine after `npm run build`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeResults } from "./lib/results.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { benchContactFields, formToken, urlencodedForm } from "../test/support/form-posts";
import { limitsOffEnv } from "../test/support/limits-off";
import { startPostgres } from "../test/support/postgres";
import { SERVER_NODE_FLAGS, startServer } from "../test/support/server-process";
import { TEST_KEYS } from "../test/support/test-keys";

const enquiries = Number(process.env.BENCH_ENQUIRIES ?? 1000);
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((e) => e.trim());
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const targets: Record<string, { workers: number; rate: number }> = {
  pglite: { workers: 1, rate: 50 },
  postgres: { workers: 2, rate: 100 },
};

if (!existsSync(path.join(buildDir, "node", "worker.js"))) {
  console.error(`No production build in ${buildDir}. Run \`npm run build\` first.`);
  process.exit(1);
}

const formSecret = randomBytes(32).toString("base64url");

/** An SMTP server that only counts what it accepts. */
async function countingSmtp() {
  let received = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        received++;
        last = performance.now();
        callback();
      });
      stream.resume();
    },
  });
  // A worker stopped mid-message resets its connection: expected, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    get last() {
      return last;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Posts `count` contact enquiries, 10 at a time, as the enhanced form does. */
async function fill(url: string, count: number) {
  const formStartedAt = formToken(formSecret, Date.now() - 10_000);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const n = next++;
      const body = urlencodedForm(benchContactFields(n, `Delivery benchmark enquiry ${n}`), formStartedAt);
      const response = await fetch(`${url}/contact.data`, {
        method: "POST",
        body,
        headers: { Origin: url, "Sec-Fetch-Site": "same-origin" },
      });
      const text = await response.text();
      if (!response.ok || !text.includes('"status","success"')) throw new Error(`enquiry ${n}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, lane));
}

function startWorker(env: Record<string, string>): { child: ChildProcess; ready: Promise<number> } {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "node", "worker.js")], {
    env: { ...process.env, ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<number>((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('"msg":"worker started"')) {
        resolve(performance.now());
        buffered = "";
      } else if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

async function run(engine: string) {
  const { workers, rate: target } = targets[engine]!;
  const expected = enquiries * 2;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-bench-delivery-"));
  const postgres = engine === "postgres" ? await startPostgres() : undefined;
  const smtp = await countingSmtp();
  const children: ChildProcess[] = [];
  try {
    const env: Record<string, string> = {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: postgres ? await postgres.createDatabase() : "",
      // The site and the workers share the keys (with DATABASE_URL none are created).
      ...TEST_KEYS,
      FORM_SECRET: formSecret,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ...limitsOffEnv,
    };
    const site = await startServer({ ...env, RUN_WORKER: "false" }, { buildDir, healthTimeoutMs: 120_000 });
    const filling = performance.now();
    await fill(site.url, enquiries);
    const filled = performance.now();
    await site.stop();

    const started = performance.now();
    const running = Array.from({ length: workers }, () => startWorker({ ...env, RUN_WORKER: "true" }));
    children.push(...running.map((w) => w.child));
    const ready = Math.min(...(await Promise.all(running.map((w) => w.ready))));
    const deadline = Date.now() + 10 * 60_000;
    while (smtp.received < expected) {
      if (Date.now() > deadline) throw new Error(`only ${smtp.received} of ${expected} e-mails after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (smtp.last - ready) / 1000;
    const rate = expected / seconds;
    return {
      engine,
      workers,
      emails: expected,
      fillRate: enquiries / ((filled - filling) / 1000),
      startSeconds: (ready - started) / 1000,
      seconds,
      rate,
      target,
      pass: rate >= target,
    };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map(
        (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve))),
      ),
    );
    await smtp.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const engine of engines) {
  console.log(`bench:delivery: ${engine}: queueing ${enquiries * 2} e-mails…`);
  const result = await run(engine);
  console.log(
    `  ${result.workers} worker(s): ${result.emails} e-mails in ${result.seconds.toFixed(1)} s = ${result.rate.toFixed(0)}/s (target ≥ ${result.target}/s) ${result.pass ? "PASS" : "FAIL"}; worker start ${result.startSeconds.toFixed(1)} s`,
  );
  results.push(result);
}

const rows = results.map(
  (r) =>
    `| ${r.engine === "pglite" ? "embedded (PGlite)" : "PostgreSQL 15"} | ${r.workers} | ${r.emails} | ${r.seconds.toFixed(1)} s | **${r.rate.toFixed(0)}/s** | ≥ ${r.target}/s | ${r.pass ? "pass" : "FAIL"} |`,
);
const pass = results.every((r) => r.pass);
writeResults(
  "delivery",
  `# Delivery throughput (\`npm run bench:delivery\`)

A backlog of e-mails (${enquiries} contact
enquiries, two e-mails each) queued through the site with its worker off, then drained by
\`build/node/worker.js\` to an SMTP server on loopback. Time from the first worker's start-up log line
to the last message accepted (worker start-up, which opens the database, is not counted).

| Database | Workers | E-mails | Time | Rate | Target | |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join("\n")}
`,
  {
    pass,
    summary: results
      .map(
        (r) => `${r.engine === "pglite" ? "embedded" : "PostgreSQL"}, ${r.workers} worker(s): ${r.rate.toFixed(0)}/s`,
      )
      .join("; "),
  },
);
process.exit(pass ? 0 : 1);
