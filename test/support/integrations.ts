import type { IntegrationInput } from "~/features/integrations/integrations";
import type { Resolver } from "~/features/integrations/endpoint-url.server";
import { staffUsers } from "~/features/sign-in/tables.server";
import type { Env } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import type { MailTransport } from "~/platform/mail/transport.server";
import { openSite, type Site } from "~/site.server";
import { bothEngines } from "./engines";
import type { TestEngine } from "./pglite";
import { serverPerFile } from "./per-file";
import { validFields, type FormKind } from "./fixtures";
import { testEnv } from "./pglite";
import { startHttpsReceiver, type HttpsReceiver } from "./tls";

/**
 * For the integrations' tests on both engines (app/features/integrations,
 * the erasure's list of receivers): a site whose integrations may reach a
 * local HTTPS receiver (./tls.ts), as an admin adds them.
 *
 *   integrationsSuite(): what `bothEngines<Site>()` gives (./engines.ts), and
 *     - `receiver`, the file's HTTPS receiver (started before its tests, closed after them; a test
 *       resets it itself);
 *     - `openSite(engine, { env?, lookup?, mail?, runWorker? })`: a site on a fresh database of
 *       `engine` with the worker (unless told not to), WEBHOOK_ALLOW_ADDRESSES=127.0.0.1 and the
 *       receiver's certificate trusted, `lookup` resolving host names (when saving and sending),
 *       `mail` its transport; closed after the test; with the admin;
 *     - `endpointTo(kind, path, extra?)`: an IntegrationInput sending to the receiver at `path`.
 *   integrationsAdmin, asAdmin: the admin the sites hold, and what the services take as the actor.
 *   acceptedEnquiry(site, kind, email, ip, n?): the id of an enquiry of valid fields (./fixtures.ts) submitted
 *     through the site's pipeline from `ip`; throws unless accepted.
 */

export function integrationsSuite() {
  const suite = bothEngines<Site>();
  const receiver: HttpsReceiver = serverPerFile("HTTPS receiver", async () => {
    const started = await startHttpsReceiver();
    return { ...started, stop: started.close };
  });
  return {
    ...suite,
    receiver,
    openSite: async (engine: TestEngine, options: IntegrationsSiteOptions = {}) =>
      openIntegrationsSite(await engine.database(), receiver, suite.open, options),
    endpointTo: (kind: IntegrationInput["kind"], path: string, extra: Partial<IntegrationInput> = {}) =>
      ({
        kind,
        name: `${kind} endpoint`,
        url: `${receiver.url}${path}`,
        events: ["enquiry.received"],
        detail: "link",
        ...extra,
      }) satisfies IntegrationInput,
  };
}

export const integrationsAdmin = {
  id: "staff-admin-1",
  email: "admin@maternis.test",
  name: "Ada Admin",
  role: "admin" as const,
};
export const asAdmin = { member: integrationsAdmin, meta: { fingerprint: "f00dfeedf00dfeed" } };

export type IntegrationsSiteOptions = {
  env?: Record<string, string>;
  lookup?: Resolver;
  mail?: MailTransport;
  runWorker?: boolean;
};

async function openIntegrationsSite(
  database: Record<string, string>,
  receiver: HttpsReceiver,
  open: Site[],
  { env = {}, lookup, mail, runWorker = true }: IntegrationsSiteOptions,
) {
  const parsed: Env = testEnv({
    SITE_URL: "https://www.maternis.health",
    WEBHOOK_ALLOW_ADDRESSES: "127.0.0.1",
    WEBHOOK_RETRY_LIMIT: "8",
    ...env,
    ...database,
  });
  const site = await openSite({
    env: parsed,
    log: createLogger("silent"),
    runWorker,
    webhooks: { ca: receiver.ca, ...(lookup ? { lookup } : {}) },
    ...(mail ? { mail } : {}),
  });
  open.push(site);
  await site.platform.store.db.insert(staffUsers).values({ ...integrationsAdmin });
  return { site, console: site.services, store: site.platform.store, boss: site.platform.boss };
}

export async function acceptedEnquiry(site: Site, kind: FormKind, email: string, ip: string, n = 0) {
  const result = await site.services.enquiries.submitEnquiry(kind, validFields(kind, email, n), { ip });
  if (!result.ok) throw new Error(`not accepted: ${result.reason}`);
  return result.enquiryId;
}
