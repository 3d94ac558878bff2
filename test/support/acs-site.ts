/**
 * What the ACS contract tests share (app/platform/mail/acs*.test.ts): the
 * contract server of one Vitest file (./acs.ts), an environment whose
 * MAIL_TRANSPORT and SMS_TRANSPORT are `acs` against it, and a site (or its
 * communication endpoint) built on the transports that environment chooses,
 * each trusting the server's throwaway certificate through the SDK's own
 * pipeline option.
 */
import type { Env } from "~/platform/env.server";
import { createLogger, type Logger } from "~/platform/log.server";
import { createMailTransport, createSmsTransport, type AcsClientSettings } from "~/platform/mail/transport.server";
import { openSite, type Site } from "~/site.server";
import { startAcsServer } from "./acs";
import { COMMUNICATION_TEST_KEY, callCommunicationApi, serveCommunicationApi } from "./communication-api";
import { closedAfterEach, serverPerFile } from "./per-file";
import { preparedDataDir, testEnv } from "./pglite";

/**
 * Call once at the top of a test file: the contract server, started before
 * the file's tests and reset after each, and the sites and endpoints a test
 * starts, closed after it.
 */
export function acsPerFile() {
  const log = createLogger("silent");
  // Registered first, so that its reset runs after the test's pipelines are closed.
  const acs = serverPerFile("ACS contract server", startAcsServer, (server) => server.reset());
  const { open, cleanups } = closedAfterEach<Site>();

  /** The SDK trusts the contract server's certificate; `extra` adds a deadline. */
  const trust = (extra: AcsClientSettings = {}): AcsClientSettings => ({ tlsOptions: { ca: acs.ca }, ...extra });

  function acsEnv(overrides: Record<string, string> = {}): Env {
    return testEnv({
      MAIL_TRANSPORT: "acs",
      SMS_TRANSPORT: "acs",
      ACS_CONNECTION_STRING: acs.connectionString,
      SMS_FROM: "+447700900001",
      MAIL_FROM: "Maternis <no-reply@maternis.test>",
      ...overrides,
    });
  }

  /** A pipeline whose transports are the ones MAIL_TRANSPORT/SMS_TRANSPORT choose, trusting the contract server. */
  async function startPipeline(
    overrides: Record<string, string> = {},
    settings: AcsClientSettings = {},
    options: { log?: Logger; smsGraceMs?: number } = {},
  ) {
    const data = await preparedDataDir();
    cleanups.push(data.remove);
    const env = acsEnv({ DATA_DIR: data.dir, ...overrides });
    const pipeline = await openSite({
      env,
      log: options.log ?? log,
      mail: createMailTransport(env, log, trust(settings)),
      sms: createSmsTransport(env, log, trust(settings)),
      // Unset: a text message is the worker's only after the endpoint's own attempt has surely ended
      // (a shorter grace lets the worker send it too while a slow first attempt is still under way).
      smsGraceMs: options.smsGraceMs,
    });
    open.push(pipeline);
    return { pipeline, store: pipeline.platform.store };
  }

  /**
   * POST /functions/v1/azure-communication served by a pipeline with the ACS
   * transports, e-mail to example.org allowed: a function that posts a body
   * with the key and answers the status and JSON, with the pipeline's store.
   */
  async function startEndpoint(
    overrides: Record<string, string> = {},
    options: { log?: Logger; smsGraceMs?: number } = {},
  ) {
    const { pipeline, store } = await startPipeline(
      { COMMUNICATION_API_KEY: COMMUNICATION_TEST_KEY, COMMUNICATION_EMAIL_DOMAINS: "example.org", ...overrides },
      {},
      options,
    );
    const server = await serveCommunicationApi(pipeline.services.communicationApi);
    cleanups.push(server.close);
    const post = (body: unknown) => callCommunicationApi(server.url, COMMUNICATION_TEST_KEY, body);
    return Object.assign(post, { store });
  }

  return { acs, log, trust, acsEnv, startPipeline, startEndpoint };
}
