/**
 * What a fault test needs around the production build: the server started
 * with the fault tests' settings and its output captured, an SMTP server and
 * a prepared DATA_DIR per test file, and valid signed form posts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { formToken as signedToken, urlencodedForm } from "./form-posts";
import { limitsOffEnv } from "./limits-off";
import { preparedDataDir } from "./pglite";
import { assertBuilt, buildDir, startServer, type RunningServer, type StartServerOptions } from "./server-process";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

/** Signs the anti-spam tokens; the same value is given to the server. */
export const FORM_SECRET = "faults-form-secret-0123456789abcdef-0123456789";
export const COMMUNICATION_API_KEY = "faults-communication-key-0123456789abcdef";
export const ENQUIRIES_EMAIL = "enquiries@maternis.test";
export const SITE_URL = "https://www.maternis.health";

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
