import type { PgBoss } from "pg-boss";
import type { AnnounceEvent } from "~/features/enquiries/index.server";
import { dataCipher } from "~/platform/keys.server";
import type { PlatformDeps } from "~/platform/platform.server";
import type { RetentionPart } from "~/platform/retention.server";
import { queueIntegrationDeliveries, type IntegrationDeliveryDeps } from "./deliveries.server";
import { allowListOf } from "./address-rules.server";
import type { Resolver } from "./endpoint-url.server";
import { dropExpiredSecrets } from "./secrets.server";

/** Integrations (admins): webhooks, Slack and Teams told of enquiries, on the e-mails' durable path. */
export { createIntegrationsService } from "./integrations.server";
export { integrationQueues } from "./queues.server";
export { startIntegrationWorker } from "./worker.server";
export { encryptIntegrations } from "./keys.server";
export { summaryReceivers, type SummaryReceiver } from "./receivers.server";

/** Tests: a certificate authority the integrations' requests trust, their timeout, and a resolver of host names. */
export type IntegrationClientOptions = { ca?: string; timeoutMs?: number; lookup?: Resolver };

/** What sending to the endpoints needs, in the worker. */
export function integrationDeliveryDepsOf(
  platform: PlatformDeps,
  options: IntegrationClientOptions = {},
): IntegrationDeliveryDeps {
  return {
    store: platform.store,
    log: platform.log.child({ component: "integrations" }),
    siteUrl: platform.env.SITE_URL,
    allow: allowListOf(platform.env),
    cipher: dataCipher(platform.keys),
    ...options,
  };
}

/** The integrations listen to the enquiries' events: each is queued for every endpoint that listens to it. */
export function listenToEnquiries(boss: PgBoss): AnnounceEvent {
  return (tx, bossDb, event, items) => queueIntegrationDeliveries(tx, bossDb, boss, event, items);
}

/**
 * An enquiry's webhook deliveries go with it (their foreign key cascades):
 * the sweep rewrites their table too. A replaced signing secret is dropped by
 * its own job when its 24 hours end; the sweep drops any a lost job left.
 */
export const integrationsRetention: RetentionPart = {
  keeps: "",
  tables: ["integration_deliveries"],
  purge: async (store): Promise<Record<string, number>> => {
    const replacedSecrets = await dropExpiredSecrets(store);
    return replacedSecrets > 0 ? { replacedSecrets } : {};
  },
};
export { integrations, integrationDeliveries } from "./tables.server";
