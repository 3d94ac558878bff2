import type { PgBoss } from "pg-boss";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { processDelivery, type DeliveryDeps } from "./deliveries.server";
import {
  DELIVERY_QUEUE,
  SMS_DEAD_QUEUE,
  SMS_QUEUE,
  WEBHOOK_DEAD_QUEUE,
  WEBHOOK_QUEUE,
  type DeliveryJob,
  type SmsJob,
  type WebhookJob,
} from "~/platform/queue.server";
import { processTextMessage, processTextMessageDeadLetter, type SmsDeps } from "~/features/text-messages/send.server";
import { processWebhook, processWebhookDeadLetter, type WebhookDeps } from "~/features/integrations/deliveries.server";
import { rateLimitDelay } from "~/platform/mail/transport.server";

/**
 * The delivery worker: e-mails at the speed of the queue, within bounds.
 *
 * - It fetches jobs in batches (WORKER_BATCH_SIZE) and, while a fetch comes
 *   back full, fetches the next batch at once (pg-boss's burst mode); it
 *   waits WORKER_POLL_INTERVAL_SECONDS only when the queue ran dry.
 * - At most WORKER_CONCURRENCY sends are in flight per process (the SMTP
 *   transport's connection pool is as large).
 * - A provider that says it is limiting us (SMTP 421/450-452, ACS 429 with
 *   Retry-After) closes a gate for the time it asked: every send in this
 *   process waits, and the job that met the limit is tried again in place,
 *   so a busy provider slows the worker instead of using up the job's
 *   retries. After `MAX_THROTTLED_TRIES` the job fails as usual.
 * - Each job of a batch settles on its own (pg-boss `perJobResults`): one
 *   failed send retries only itself.
 */
export const MAX_THROTTLED_TRIES = 3;

export type DeliveryWorkerOptions = Pick<
  Env,
  "WORKER_BATCH_SIZE" | "WORKER_CONCURRENCY" | "WORKER_POLL_INTERVAL_SECONDS"
>;

export async function startDeliveryWorker(
  boss: PgBoss,
  deps: DeliveryDeps,
  options: DeliveryWorkerOptions,
  log: Logger,
): Promise<string> {
  const gate = createGate();
  const send = async (deliveryId: string) => {
    for (let attempt = 1; ; attempt++) {
      await gate.open();
      try {
        return await processDelivery(deps, deliveryId);
      } catch (error) {
        const wait = rateLimitDelay(error);
        if (wait === undefined || attempt >= MAX_THROTTLED_TRIES) throw error;
        log.warn("mail provider is limiting sends; slowing down", { deliveryId, waitMs: wait, attempt });
        gate.closeFor(wait);
      }
    }
  };

  return boss.work<DeliveryJob>(
    DELIVERY_QUEUE,
    {
      pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS,
      batchSize: options.WORKER_BATCH_SIZE,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    (jobs) => settleEach(jobs, options.WORKER_CONCURRENCY, (job) => send(job.data.deliveryId)),
  );
}

/**
 * The webhook worker (./webhooks.server.ts): the same batches and bounds as
 * the e-mails', each job settling on its own. A receiver's answer never slows
 * the others: every attempt is bounded by its 10 s timeout.
 */
export async function startWebhookWorker(boss: PgBoss, deps: WebhookDeps, options: DeliveryWorkerOptions) {
  await boss.work<WebhookJob>(
    WEBHOOK_QUEUE,
    {
      pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS,
      batchSize: options.WORKER_BATCH_SIZE,
      perJobResults: true,
    },
    (jobs) => settleEach(jobs, options.WORKER_CONCURRENCY, (job) => processWebhook(deps, job.data.webhookDeliveryId)),
  );
  await boss.work<WebhookJob>(
    WEBHOOK_DEAD_QUEUE,
    { pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS },
    async ([job]) => {
      if (job) await processWebhookDeadLetter(deps, job.data.webhookDeliveryId);
    },
  );
}

/** The text messages' worker (./sms.server.ts): like the webhooks', with their own dead letters. */
export async function startSmsWorker(boss: PgBoss, deps: SmsDeps, options: DeliveryWorkerOptions) {
  const polling = { pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS };
  await boss.work<SmsJob>(
    SMS_QUEUE,
    { ...polling, batchSize: options.WORKER_BATCH_SIZE, perJobResults: true },
    (jobs) => settleEach(jobs, options.WORKER_CONCURRENCY, (job) => processTextMessage(deps, job.data.textMessageId)),
  );
  await boss.work<SmsJob>(SMS_DEAD_QUEUE, polling, async ([job]) => {
    if (job) await processTextMessageDeadLetter(deps, job.data.textMessageId);
  });
}

/** Runs `fn` on each job (at most `limit` at once) and reports each one's own outcome to pg-boss (`perJobResults`). */
function settleEach<T>(
  jobs: readonly { id: string; data: T }[],
  limit: number,
  fn: (job: { data: T }) => Promise<unknown>,
) {
  return mapBounded(jobs, limit, async (job) => {
    try {
      await fn(job);
      return { id: job.id, status: "completed" as const };
    } catch (error) {
      return {
        id: job.id,
        status: "failed" as const,
        output: { message: error instanceof Error ? error.message : String(error) },
      };
    }
  });
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** A gate every send passes: closed for a while when the provider asks us to wait. */
export function createGate(now = () => Date.now()) {
  let closedUntil = 0;
  return {
    async open() {
      for (let wait = closedUntil - now(); wait > 0; wait = closedUntil - now()) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
    closeFor(ms: number) {
      closedUntil = Math.max(closedUntil, now() + ms);
    },
  };
}
