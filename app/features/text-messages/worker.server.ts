import type { PgBoss } from "pg-boss";
import { workDeliveries, type DeliveryWorkerOptions } from "~/platform/queue.server";
import { processTextMessage, processTextMessageDeadLetter, type SmsDeps } from "./send.server";
import { SMS_DEAD_QUEUE, SMS_QUEUE, type SmsJob } from "./queues.server";

/** The text messages' worker (./send.server.ts): like the integrations', with their own dead letters. */
export function startTextMessageWorker(boss: PgBoss, deps: SmsDeps, options: DeliveryWorkerOptions) {
  return workDeliveries<SmsJob>(boss, { queue: SMS_QUEUE, deadLetter: SMS_DEAD_QUEUE }, options, {
    send: (job) => processTextMessage(deps, job.textMessageId),
    giveUp: (job) => processTextMessageDeadLetter(deps, job.textMessageId),
  });
}
