import type { Env } from "~/platform/env.server";
import { deliveryQueues, type QueueSpec } from "~/platform/queue.server";
import { secretExpiryQueue } from "./secrets.server";

/** One job per webhook, Slack or Teams delivery (./deliveries.server.ts); its data is `{ webhookDeliveryId }`. */
export const INTEGRATION_QUEUE = "webhook-delivery";
export const WEBHOOK_DEAD_QUEUE = "webhook-delivery-dead";
export type IntegrationJob = { webhookDeliveryId: string };

/**
 * The integrations' queues: the e-mails' delays and backoff, with their own
 * limit (WEBHOOK_RETRY_LIMIT, 12 ≈ a day with the default delays) and dead
 * letters. An attempt is bounded by its 10 s timeout (a batch by its rounds of
 * them: batchSeconds). And the drop of each
 * replaced signing secret, due 24 hours after its replacement.
 */
export function integrationQueues(env: Env): QueueSpec[] {
  return [
    ...deliveryQueues(env, {
      name: INTEGRATION_QUEUE,
      deadLetter: WEBHOOK_DEAD_QUEUE,
      attemptSeconds: 15,
      overrides: { retryLimit: env.WEBHOOK_RETRY_LIMIT },
    }),
    secretExpiryQueue,
  ];
}
