/**
 * What a fault test needs around the production build: the server started
 * with the fault tests' settings and its output captured, an SMTP server and
 * a prepared DATA_DIR per test file, and valid signed form posts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { formToken as signedToken, urlencodedForm } from "./form-posts";
import { limitsOffEnv } from "./limits-off";
import { preparedDataDir } from "./pglite";
import {
  assertBuilt,
  buildDir,
  startServer,
  startWorker,
  type RunningServer,
  type RunningWorker,
  type StartServerOptions,
} from "./server-process";
import { startSmtpServer, type TestSmtpServer } from "./smtp";
import { waitFor } from "./wait";

/** Signs the anti-spam tokens; the same value is given to the server. */
export const FORM_SECRET = "faults-form-secret-0123456789abcdef-0123456789";
export const COMMUNICATION_API_KEY = "faults-communication-key-0123456789abcdef";
export const ENQUIRIES_EMAIL = "enquiries@maternis.test";
export const SITE_URL = "https://www.maternis.health";
export const METRICS_TOKEN = "faults-metrics-token-0123456789abcdef";

/** Limits out of the way, fast retries, no minimum fill time. */
export const faultServerEnv: Record<string, string> = {
  NODE_ENV: "production",
  LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? "warn",
  ...limitsOffEnv,
  FORM_SECRET,
  SITE_URL,
  ENQUIRIES_EMAIL,
  MAIL_FROM: "Maternis <no-reply@maternis.test>",
  WORKER_POLL_INTERVAL_SECONDS: "0.5",
  DELIVERY_RETRY_DELAY_SECONDS: "1",
  DELIVERY_RETRY_BACKOFF: "false",
  DELIVERY_RETRY_LIMIT: "50",
  SHUTDOWN_TIMEOUT_MS: "15000",
  // Commits not flushed to the disk (ADR 003): a killed process loses nothing either way, since the
  // system holds what it wrote; only a machine's crash would, which no test makes.
  EMBEDDED_FSYNC: "false",
  // GET /metrics reads the deliveries table: tests wait on it (see deliveryCounts).
  METRICS_TOKEN,
  // The communication endpoint's test recipients (it e-mails only the company's own domain by default).
  COMMUNICATION_EMAIL_DOMAINS: "faults.example",
};

/** The production server with captured output; `env` overrides `faultServerEnv`. */
export function startFaultServer(
  env: Record<string, string>,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  assertBuilt();
  return startServer(
    { ...faultServerEnv, ...env },
    { capture: true, healthTimeoutMs: 60_000, buildDir: buildDir(), dataPrefix: "maternis-faults-", ...options },
  );
}

/** `npm run worker` from the build, as an operator runs it beside web processes on PostgreSQL. */
export type FaultWorker = RunningWorker;

/** Starts `npm run worker` with the fault tests' settings (`env` overrides them); resolves once its worker works. */
export function startFaultWorker(env: Record<string, string>): Promise<FaultWorker> {
  assertBuilt();
  return startWorker({ ...faultServerEnv, LOG_LEVEL: "info", ...env });
}

/** A valid anti-spam token for the fault server, as the form's loader would render it. */
export function formToken(now = Date.now()): string {
  return signedToken(FORM_SECRET, now);
}

/** The form-encoded body a browser would post, with a fresh valid token and an empty honeypot. */
export function formBody(fields: Record<string, string>, token = formToken()): string {
  return urlencodedForm(fields, token).toString();
}

/** Writes a server's captured output to FAULTS_LOG_DIR (when set), for diagnosing a failure. */
export function saveOutput(server: RunningServer | undefined, name: string) {
  const dir = process.env.FAULTS_LOG_DIR;
  if (!dir || !server) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.log`), server.output());
}

export type FaultEnvironment = {
  smtp: TestSmtpServer;
  /** DATA_DIR, and beside it the key file the server creates there (KEYS_FILE's default). */
  data: { dir: string; keysFile: string; remove(): void };
  /** Set by `start`, or by the test when it starts a server of its own. */
  server?: RunningServer;
  /**
   * Starts the production server on this file's DATA_DIR, sending through
   * its SMTP server (`env` overrides those too, and `faultServerEnv`), as
   * `server`, killed after the file's tests.
   */
  start(env?: Record<string, string>, options?: StartServerOptions): Promise<RunningServer>;
};

/**
 * What a fault test file needs around its tests: an SMTP server on loopback
 * and a prepared DATA_DIR before them; after them the server killed, its
 * output saved (as `name`), and both removed.
 */
export function faultEnvironment(name: string, dataPrefix = `maternis-faults-${name}-`): FaultEnvironment {
  const env = {
    async start(overrides = {}, options = {}) {
      env.server = await startFaultServer(
        { DATA_DIR: env.data.dir, MAIL_TRANSPORT: "smtp", SMTP_URL: env.smtp.url, ...overrides },
        options,
      );
      return env.server;
    },
  } as FaultEnvironment;
  beforeAll(async () => {
    [env.smtp, env.data] = await Promise.all([startSmtpServer({ closeTimeoutMs: 200 }), preparedDataDir(dataPrefix)]);
  });
  afterAll(async () => {
    await env.server?.kill("SIGKILL");
    saveOutput(env.server, name);
    await env.smtp?.stop();
    env.data?.remove();
  });
  return env;
}

/** The e-mail a stored enquiry (a row of the CSV export) sends its enquirer: contact forms acknowledge, the others welcome. */
export const firstEmailOf = (row: Record<string, string>) =>
  row.form_code === "contact" ? "acknowledgement" : "welcome";

/** The Message-ID of an enquiry's e-mail of `kind`, as the fault server (SITE_URL) writes it. */
export const messageIdOf = (enquiryId: string, kind: string) => `<${enquiryId}.${kind}@${new URL(SITE_URL).host}>`;

/** A received message's Message-ID in angle brackets, or "(none)". */
export const receivedMessageId = (mail: { messageId?: string }) =>
  mail.messageId ? `<${mail.messageId.replace(/^<|>$/g, "")}>` : "(none)";

/**
 * The e-mails the stored enquiries `rows` (the CSV export) owe, by
 * Message-ID: each its notification to ENQUIRIES_EMAIL and its first e-mail
 * to the enquirer.
 */
export function owedEmails(rows: Record<string, string>[]): Map<string, string> {
  const owed = new Map<string, string>();
  for (const row of rows) {
    owed.set(messageIdOf(row.id!, "notification"), ENQUIRIES_EMAIL);
    owed.set(messageIdOf(row.id!, firstEmailOf(row)), row.email!);
  }
  return owed;
}

/**
 * Asserts that `received` (the SMTP server's messages) are exactly the
 * `expected` e-mails (see owedEmails), each once and to its recipient; answers
 * their Message-IDs.
 */
export function expectEachSentOnce(
  received: { messageId?: string; envelopeTo: string[] }[],
  expected: Map<string, string>,
): string[] {
  const ids = received.map(receivedMessageId);
  expect(ids).toHaveLength(expected.size);
  expect([...ids].sort()).toEqual([...expected.keys()].sort());
  for (const [i, mail] of received.entries()) expect(mail.envelopeTo, ids[i]).toEqual([expected.get(ids[i]!)]);
  return ids;
}

export type DeliveryCounts = { queued: number; sent: number; failed: number; dead: number };

/**
 * The running server's deliveries by status, as its database holds them now
 * (the `deliveries` gauge of GET /metrics is read from the table at each
 * request). A delivery is "sent" only once the worker recorded it, which is
 * after the SMTP exchange: wait on this, not on the SMTP server's receipt.
 */
export async function deliveryCounts(server: { url: string }): Promise<DeliveryCounts> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status}`);
  const text = await response.text();
  const counts: DeliveryCounts = { queued: 0, sent: 0, failed: 0, dead: 0 };
  for (const status of Object.keys(counts) as (keyof DeliveryCounts)[]) {
    const match = new RegExp(`^deliveries\\{status="${status}"\\} (\\d+)$`, "m").exec(text);
    if (!match) throw new Error(`GET /metrics has no deliveries{status="${status}"}`);
    counts[status] = Number(match[1]);
  }
  return counts;
}

/**
 * Waits until the database holds exactly `sent` deliveries, all sent (none
 * queued, failed or dead), and returns the counts. Fails at once if more than
 * `sent` were sent or any was given up.
 */
export async function waitForAllSent(
  server: { url: string },
  sent: number,
  { timeoutMs = 90_000, what = `${sent} deliveries sent` } = {},
): Promise<DeliveryCounts> {
  let last: DeliveryCounts | undefined;
  const done = await waitFor(
    async () => {
      last = await deliveryCounts(server);
      if (last.sent > sent || last.dead > 0) return { overshoot: true, counts: last };
      return last.sent === sent && last.queued === 0 && last.failed === 0 ? { overshoot: false, counts: last } : null;
    },
    { timeoutMs, intervalMs: 200, what },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)} (the database had ${JSON.stringify(last)})`);
  });
  if (done.overshoot)
    throw new Error(`expected ${sent} deliveries sent, the database has ${JSON.stringify(done.counts)}`);
  return done.counts;
}
