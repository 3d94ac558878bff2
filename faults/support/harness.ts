/**
 * Shared by the fault tests: the production server from the build as a child
 * process, form tokens, raw HTTP requests and the operator CLI.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import type { EnquiryKind } from "~/lib/enquiry-kinds";
import { issueFormToken } from "~/lib/form-guard.server";
import { preparedDataDir } from "../../server/test-support/pipeline";
import { startSmtpServer, type TestSmtpServer } from "../../server/test-support/smtp";
import {
  startServer,
  unlimitedEnv,
  type RunningServer,
  type StartServerOptions,
} from "../../scripts/lib/server-process";

export { freePort } from "../../scripts/lib/server-process";
export type { RunningServer };

export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

/** Signs the anti-spam tokens; the same value is given to the server. */
export const FORM_SECRET = "faults-form-secret-0123456789abcdef-0123456789";
export const COMMUNICATION_API_KEY = "faults-communication-key-0123456789abcdef";
export const ENQUIRIES_EMAIL = "enquiries@maternis.test";
export const SITE_URL = "https://www.maternis.health";

/** Limits out of the way, fast retries, no minimum fill time. */
export const relaxedEnv: Record<string, string> = {
  NODE_ENV: "production",
  LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? "warn",
  ...unlimitedEnv,
  FORM_SECRET,
  SITE_URL,
  ENQUIRIES_EMAIL,
  MAIL_FROM: "Maternis <no-reply@maternis.test>",
  WORKER_POLL_INTERVAL_SECONDS: "0.5",
  DELIVERY_RETRY_DELAY_SECONDS: "1",
  DELIVERY_RETRY_BACKOFF: "false",
  DELIVERY_RETRY_LIMIT: "50",
  SHUTDOWN_TIMEOUT_MS: "15000",
};

export function assertBuilt() {
  if (!existsSync(path.join(BUILD_DIR, "node", "index.js"))) {
    throw new Error(`No build in ${BUILD_DIR}: run \`npm run build\` first (BUILD_DIR selects the folder).`);
  }
}

/** The production server with captured output; `env` overrides `relaxedEnv`. */
export function startFaultServer(
  env: Record<string, string>,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  assertBuilt();
  return startServer(
    { ...relaxedEnv, ...env },
    { capture: true, healthTimeoutMs: 60_000, buildDir: BUILD_DIR, ...options },
  );
}

/** A valid anti-spam token, as the form's loader would render it. */
export function formToken(now = Date.now()): string {
  return issueFormToken(now, Buffer.from(FORM_SECRET, "utf8"));
}

export type FormKind = EnquiryKind;

/** Valid fields for each form, for `email`. */
export function validFields(kind: FormKind, email: string, n = 0): Record<string, string> {
  switch (kind) {
    case "contact":
      return {
        name: `Ada Tester ${n}`,
        email,
        organization: "Fault Lab",
        role: "Engineer",
        interest: "general",
        message: `Crash test message ${n}`,
      };
    case "demo":
      return {
        fullName: `Grace Tester ${n}`,
        organization: "Fault Lab",
        email,
        role: "healthcare",
        preferredDate: "2031-05-17",
        message: `Demo ${n}`,
      };
    case "advisory":
      return { fullName: `Mary Tester ${n}`, email, role: "midwife", country: "Kenya", reason: `Reason ${n}` };
  }
}

/** The form-encoded body a browser would post, with a fresh valid token and an empty honeypot. */
export function formBody(fields: Record<string, string>, token = formToken()): string {
  return new URLSearchParams({ ...fields, website: "", formStartedAt: token }).toString();
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked in pieces of this size. */
  chunked?: number;
  timeoutMs?: number;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One HTTP request with exactly the bytes and headers given (fetch would
 * normalise them). Resolves with the status and body; rejects on a network
 * error (a reset connection, a crashed server).
 */
export function rawRequest(base: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, base);
  return new Promise((resolve, reject) => {
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(request.body, "utf8");
    const headers: Record<string, string | number> = { ...request.headers };
    if (body && !request.chunked && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
      headers["Content-Length"] = body.length;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: request.path,
        method: request.method ?? "POST",
        headers,
        agent,
        timeout: request.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`request to ${request.path} timed out`)));
    req.on("error", reject);
    if (body && request.chunked) {
      for (let i = 0; i < body.length; i += request.chunked) req.write(body.subarray(i, i + request.chunked));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** Posts a form as a browser on the same site would. */
export function postForm(
  base: string,
  kind: FormKind,
  body: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(base, {
    path: `/${kind}`,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body,
  });
}

/** The heading of each form's success panel (app/content/*.ts), to tell success from a re-rendered form. */
export const successMarkers: Record<FormKind, string> = {
  contact: "Thank you! Your message has been sent.",
  demo: "Demo Request Received!",
  advisory: "Welcome to the Advisory Network!",
};

/** A 200 page showing the form's success panel (also what a blocked bot sees: see malformed.test.ts). */
export function isSuccessPage(kind: FormKind, response: RawResponse): boolean {
  return response.status === 200 && response.body.includes(successMarkers[kind]);
}

/** The GOV.UK-style error summary of a form re-rendered with errors. */
export const ERROR_SUMMARY = "There is a problem";

const run = promisify(execFile);

/** Runs the operator CLI (build/node/enquiries.js) against a DATA_DIR; the server must be stopped. */
export async function enquiriesCli(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(BUILD_DIR, "node", "enquiries.js"), ...args], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "" },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return stdout;
}

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      // handled by the \n
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}

/** Every stored enquiry, from `enquiries export --csv`. */
export async function exportEnquiries(dataDir: string): Promise<Record<string, string>[]> {
  return parseCsv(await enquiriesCli(dataDir, ["export", "--csv"]));
}

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** Runs `tasks` with at most `limit` at a time; resolves with every result or error in order. */
export async function pool<T>(
  count: number,
  limit: number,
  task: (i: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(count);
  let next = 0;
  async function lane() {
    while (next < count) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await task(i) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
  return results;
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
  data: { dir: string; remove(): void };
  /** Set by the test when it starts the server. */
  server?: RunningServer;
};

/**
 * What a fault test file needs around its tests: an SMTP server on loopback
 * and a prepared DATA_DIR before them; after them the server killed, its
 * output saved (as `name`), and both removed.
 */
export function faultEnvironment(name: string, dataPrefix = `maternis-faults-${name}-`): FaultEnvironment {
  const env = {} as FaultEnvironment;
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
