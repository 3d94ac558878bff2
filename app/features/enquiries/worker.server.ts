import type { PgBoss } from "pg-boss";
import type { Logger } from "~/platform/log.server";
import { processDeadLetter, processDeliveries, type DeliveryDeps } from "./deliveries.server";
import { loadEnquiryEmails } from "./emails.server";
import { jobFailure, scrubFailures, type DeliveryWorkerOptions } from "~/platform/queue.server";
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE, type DeliveryJob } from "./queues.server";
import { rateLimitDelay, type OutgoingEmail } from "~/platform/mail/transport.server";

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
 *   failed send retries only itself, and one the provider refused for good
 *   goes to the dead-letter queue at once. The batch's reads and writes are a few
 *   statements whatever its size (./deliveries.server.ts processDeliveries).
 */
export const MAX_THROTTLED_TRIES = 3;

export async function startDeliveryWorker(
  boss: PgBoss,
  deps: DeliveryDeps,
  options: DeliveryWorkerOptions,
  log: Logger,
): Promise<string> {
  const gate = createGate();
  const send = async (message: OutgoingEmail, deliveryId: string, triedAgain: () => void) => {
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) triedAgain();
      await gate.open();
      try {
        return (await deps.mail.sendEmail(message)).messageId;
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
    scrubFailures(async (jobs) => {
      const outcomes = await processDeliveries(
        deps,
        jobs.map((job) => job.data.deliveryId),
        { limit: options.WORKER_CONCURRENCY, send },
      );
      // A refusal goes to the dead-letter queue at once, past the retries (pg-boss's `deadletter`).
      return jobs.map((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.status === "failed" || outcome.status === "refused")
          return {
            id: job.id,
            status: outcome.status === "refused" ? ("deadletter" as const) : ("failed" as const),
            output: jobFailure(outcome.error),
          };
        return { id: job.id, status: "completed" as const };
      });
    }),
  );
}

/** The enquiries' workers: their e-mails, and the dead letters of those given up. */
export async function startEnquiryWorkers(
  boss: PgBoss,
  deps: DeliveryDeps,
  options: DeliveryWorkerOptions,
  log: Logger,
) {
  await loadEnquiryEmails();
  await startDeliveryWorker(boss, deps, options, log);
  await boss.work<DeliveryJob>(
    DEAD_LETTER_QUEUE,
    { pollingIntervalSeconds: options.WORKER_POLL_INTERVAL_SECONDS },
    scrubFailures(async ([job]) => {
      if (job) await processDeadLetter(deps, job.data.deliveryId);
    }),
  );
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
