import type { Platform } from "~/platform/platform.server";
import type { RetentionPart } from "~/platform/retention.server";
import { purgeExpiredTexts, type SmsDeps } from "./send.server";

/** Text messages: sent for the communication endpoint, retried by the worker, listed for admins. */
export { createTextMessagesService } from "./text-messages.server";
export { sendTextMessages, type SmsOutcome } from "./send.server";
export { textMessageQueues } from "./queues.server";
export { startTextMessageWorker } from "./worker.server";

/** What storing and sending text messages needs. */
export function smsDepsOf(platform: Platform, graceMs?: number): SmsDeps {
  return { store: platform.store, boss: platform.boss, sms: platform.sms, log: platform.log, graceMs };
}

/** Text messages older than RETENTION_MONTHS go. */
export function textMessagesRetention(months: number): RetentionPart {
  return {
    keeps: `text messages ${months} months`,
    tables: ["text_messages"],
    purge: async (store) => ({ textsDeleted: await purgeExpiredTexts(store, months) }),
  };
}
export { textMessages } from "./tables.server";
