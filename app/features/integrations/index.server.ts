import type { PgBoss } from "pg-boss";
import type { AnnounceEvent } from "~/features/enquiries/index.server";
import { dataCipher } from "~/platform/keys.server";
import type { PlatformDeps } from "~/platform/platform.server";
import type { RetentionPart } from "~/platform/retention.server";
import { queueWebhookEvent, type WebhookDeps } from "./deliveries.server";
import { parseAllowList } from "./address-rules.server";

/** Integrations (admins): webhooks, Slack and Teams told of enquiries, on the e-mails' durable path. */
export { createIntegrationsService } from "./integrations.server";
export { integrationQueues } from "./queues.server";
export { startIntegrationWorker } from "./worker.server";
export { encryptIntegrations } from "./keys.server";

/** Tests: a certificate authority the integrations' requests trust, and their timeout. */
export type WebhookOptions = { ca?: string; timeoutMs?: number };

/** What sending to the endpoints needs, in the worker. */
export function webhookDepsOf(platform: PlatformDeps, options: WebhookOptions = {}): WebhookDeps {
  return {
    store: platform.store,
    log: platform.log.child({ component: "integrations" }),
    siteUrl: platform.env.SITE_URL,
    allow: parseAllowList(platform.env.WEBHOOK_ALLOW_ADDRESSES),
    cipher: dataCipher(platform.keys),
    ...options,
  };
}

/** The integrations listen to the enquiries' events: each is queued for every endpoint that listens to it. */
export function listenToEnquiries(boss: PgBoss): AnnounceEvent {
  return (tx, bossDb, event, items) => queueWebhookEvent(tx, bossDb, boss, event, items);
}

/** An enquiry's webhook deliveries go with it (their foreign key cascades): the sweep rewrites their table too. */
export const integrationsRetention: RetentionPart = {
  keeps: "",
  tables: ["integration_deliveries"],
  purge: async () => ({}),
};
export { integrations, integrationDeliveries } from "./tables.server";
