import type { Env } from "~/platform/env.server";
import { deliveryQueues, type QueueSpec } from "~/platform/queue.server";
import type { DeliveryKind } from "./kinds";

/** One job per e-mail of an enquiry (a delivery); its data is `{ deliveryId }`. */
export const DELIVERY_QUEUE = "enquiry-delivery";
/** Where a delivery's job lands when every retry failed. */
export const DEAD_LETTER_QUEUE = "enquiry-delivery-dead";

export type DeliveryJob = { deliveryId: string };

/** The job that sends one delivery. Notifications first: the company hears of an enquiry before anything else. */
export function deliveryJob(delivery: { id: string; kind: DeliveryKind }) {
  return {
    data: { deliveryId: delivery.id } satisfies DeliveryJob,
    priority: delivery.kind === "notification" ? 1 : 0,
  };
}

/** The enquiries' queues: their e-mails, with DELIVERY_RETRY_* retries, and their dead letters. */
export function enquiryQueues(env: Env): QueueSpec[] {
  return deliveryQueues(env, { name: DELIVERY_QUEUE, deadLetter: DEAD_LETTER_QUEUE });
}
