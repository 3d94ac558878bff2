import type { Env } from "~/platform/env.server";
import { deliveryQueues, type QueueSpec } from "~/platform/queue.server";

/** One job per text message (./send.server.ts); its data is `{ textMessageId }`. */
export const SMS_QUEUE = "sms-delivery";
export const SMS_DEAD_QUEUE = "sms-delivery-dead";
export type SmsJob = { textMessageId: string };

/** The text messages' queues: the e-mails' retry policy, their own dead letters. */
export function textMessageQueues(env: Env): QueueSpec[] {
  return deliveryQueues(env, { name: SMS_QUEUE, deadLetter: SMS_DEAD_QUEUE });
}
