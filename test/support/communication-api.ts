/**
 * The communication endpoint (POST /functions/v1/azure-communication) in a
 * Vitest file: served on a loopback server of its own, posted to as the
 * company's back-office services do (the key as a bearer token), and the
 * endpoint's own tests' set-up (real transports: an SMTP server on loopback
 * and the file SMS outbox, text messages stored in one pipeline).
 */
import express, { type Handler } from "express";
import { afterAll, beforeAll } from "vitest";
import {
  COMMUNICATION_PATH,
  communicationPolicyFromEnv,
  communicationRouter,
} from "~/features/communication-api/index.server";
import { sendTextMessages } from "~/features/text-messages/index.server";
import { createLogger, type Logger } from "~/platform/log.server";
import {
  fileSmsTransport,
  smtpMailTransport,
  type MailTransport,
  type SmsTransport,
} from "~/platform/mail/transport.server";
import { openSite, type Site } from "~/site.server";
import { smtpServerPerFile } from "./per-file";
import { serveOnLoopback } from "./raw-http";
import { tempDataDir, testEnv } from "./pglite";
import { outboxDir } from "~/platform/mail/outbox.server";
import { bearerKeys } from "~/platform/bearer.server";

/** The endpoint's key in the tests. */
export const COMMUNICATION_TEST_KEY = "test-key-0123456789abcdefghijklmnop";

/** A send_email request's data, to an address at example.org. */
export const exampleEmail = {
  to: "partner@example.org",
  subject: "Quarterly report",
  htmlContent: "<p>Attached</p>",
  textContent: "Attached",
};

/**
 * Serves `handler` (the endpoint's router, or a site's `communicationApi`) on
 * 127.0.0.1, with a plain 404 page behind it; answers the endpoint's URL and
 * how to stop the server.
 */
export async function serveCommunicationApi(handler: Handler): Promise<{ url: string; close(): void }> {
  const app = express();
  app.use(handler);
  app.use((_req, res) => void res.status(404).send("page 404"));
  const { base, close } = await serveOnLoopback(app);
  return { url: `${base}${COMMUNICATION_PATH}`, close };
}

/** POSTs `body` (JSON, unless already a string) to the endpoint with `key` as the bearer; `headers` override. */
export function postToCommunicationApi(
  url: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The same POST, answering its status and its JSON body. */
export async function callCommunicationApi(url: string, key: string, body: unknown) {
  const res = await postToCommunicationApi(url, key, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export type EndpointOptions = {
  apiKey?: string;
  /** COMMUNICATION_API_KEY_PREVIOUS: the key `apiKey` replaces, during a rotation. */
  previousKey?: string;
  mail?: MailTransport;
  sms?: SmsTransport;
  env?: Record<string, string>;
  log?: Logger;
};

/**
 * Call once at the top of the endpoint's own test files: an SMTP server
 * (./per-file.ts), and one pipeline without a worker, so that what the
 * endpoint could not send stays stored for the tests to read. `serve` starts
 * the endpoint on its own server: recipients at example.org allowed (the
 * default is the company's own domain), the quota out of the way unless
 * `env` sets one, e-mail through the SMTP server and text messages through
 * the file outbox unless `mail` or `sms` is given; `log` captures what it logs.
 */
export function communicationApiPerFile() {
  const log = createLogger("silent");
  const smtp = smtpServerPerFile();
  const scratch = tempDataDir("maternis-communication-");
  const pipelineData = tempDataDir();
  const servers: { close(): void }[] = [];
  const transports: MailTransport[] = [];
  let pipeline: Site | undefined;
  const opened = () => {
    if (!pipeline) throw new Error("The pipeline opens before the file's tests: use it inside one");
    return pipeline;
  };

  beforeAll(async () => {
    pipeline = await openSite({ env: testEnv({ DATA_DIR: pipelineData.dir }), log, runWorker: false });
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    for (const transport of transports) transport.close();
    await pipeline?.close();
    scratch.remove();
    pipelineData.remove();
  });

  async function serve(options: EndpointOptions = {}) {
    const mail = options.mail ?? smtpMailTransport({ from: "Maternis <no-reply@maternis.test>", url: smtp.url });
    transports.push(mail);
    const env = testEnv({
      COMMUNICATION_EMAIL_DOMAINS: "example.org",
      COMMUNICATION_RECIPIENTS_PER_MINUTE: "100000",
      COMMUNICATION_RECIPIENTS_PER_DAY: "100000",
      ...options.env,
    });
    const { platform } = opened();
    const sms = options.sms ?? fileSmsTransport({ outbox: outboxDir({ DATA_DIR: scratch.dir }), log });
    const server = await serveCommunicationApi(
      communicationRouter({
        apiKeys: bearerKeys(options.apiKey, options.previousKey),
        mail,
        // Text messages are stored (in this file's one pipeline) before they are sent through `sms`.
        sendSms: (request) => sendTextMessages({ ...platform, sms, log }, request),
        store: platform.store,
        policy: communicationPolicyFromEnv(env),
        log: options.log ?? log,
      }),
    );
    servers.push(server);
    return server.url;
  }

  /** POSTs `body` with the test key (a test's own `authorization` header overrides it). */
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    postToCommunicationApi(url, COMMUNICATION_TEST_KEY, body, headers);

  return { smtp, serve, post, log, store: () => opened().platform.store, scratchDir: scratch.dir };
}
