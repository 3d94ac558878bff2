import type { Env } from "~/platform/env.server";
import { deliveryQueues, type QueueSpec } from "~/platform/queue.server";
import { DEFAULT_TIMEOUT_MS } from "./safe-fetch.server";
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
/** One attempt's bound: the request's own timeout (safe-fetch.server.ts), and 5 s to record what came of it. */
export const INTEGRATION_ATTEMPT_SECONDS = DEFAULT_TIMEOUT_MS / 1000 + 5;

export function integrationQueues(env: Env): QueueSpec[] {
  return [
    ...deliveryQueues(env, {
      name: INTEGRATION_QUEUE,
      deadLetter: WEBHOOK_DEAD_QUEUE,
      attemptSeconds: INTEGRATION_ATTEMPT_SECONDS,
      overrides: { retryLimit: env.WEBHOOK_RETRY_LIMIT },
    }),
    secretExpiryQueue,
  ];
}
