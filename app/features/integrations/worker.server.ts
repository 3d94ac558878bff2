import type { PgBoss } from "pg-boss";
import { scrubFailures, workDeliveries, type DeliveryWorkerOptions } from "~/platform/queue.server";
import {
  processIntegrationDelivery,
  processIntegrationDeadLetter,
  type IntegrationDeliveryDeps,
} from "./deliveries.server";
import { WEBHOOK_DEAD_QUEUE, INTEGRATION_QUEUE, type IntegrationJob } from "./queues.server";
import { dropReplacedSecret, SECRET_EXPIRY_QUEUE, type SecretExpiryJob } from "./secrets.server";

/**
 * The integrations' worker (./deliveries.server.ts): the same batches and
 * bounds as the e-mails', each job settling on its own. A receiver's answer
 * never slows the others: every attempt is bounded by its 10 s timeout. It
 * also drops each replaced signing secret when its 24 hours end
 * (./secrets.server.ts).
 */
export async function startIntegrationWorker(
  boss: PgBoss,
  deps: IntegrationDeliveryDeps,
  options: DeliveryWorkerOptions,
) {
  await workDeliveries<IntegrationJob>(boss, { queue: INTEGRATION_QUEUE, deadLetter: WEBHOOK_DEAD_QUEUE }, options, {
    send: (job) => processIntegrationDelivery(deps, job.webhookDeliveryId),
    giveUp: (job) => processIntegrationDeadLetter(deps, job.webhookDeliveryId),
  });
  await boss.work<SecretExpiryJob>(
    SECRET_EXPIRY_QUEUE,
    { pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS },
    scrubFailures(async ([job]) => {
      if (job) await dropReplacedSecret(deps.store, job.data);
    }),
  );
}
