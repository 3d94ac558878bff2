import type { PgBoss } from "pg-boss";
import { workDeliveries, type DeliveryWorkerOptions } from "~/platform/queue.server";
import { processWebhook, processWebhookDeadLetter, type WebhookDeps } from "./deliveries.server";
import { WEBHOOK_DEAD_QUEUE, WEBHOOK_QUEUE, type WebhookJob } from "./queues.server";

/**
 * The integrations' worker (./deliveries.server.ts): the same batches and
 * bounds as the e-mails', each job settling on its own. A receiver's answer
 * never slows the others: every attempt is bounded by its 10 s timeout.
 */
export function startIntegrationWorker(boss: PgBoss, deps: WebhookDeps, options: DeliveryWorkerOptions) {
  return workDeliveries<WebhookJob>(boss, { queue: WEBHOOK_QUEUE, deadLetter: WEBHOOK_DEAD_QUEUE }, options, {
    send: (job) => processWebhook(deps, job.webhookDeliveryId),
    giveUp: (job) => processWebhookDeadLetter(deps, job.webhookDeliveryId),
  });
}
