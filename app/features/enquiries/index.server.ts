import type { EnquiryKind } from "./kinds";
import type { GuardReason, SubmitMeta } from "./service";
import type { Platform } from "~/platform/platform.server";
import type { RetentionPart } from "~/platform/retention.server";
import { siteClock } from "~/platform/site-clock.server";
import type { DeliveryDeps } from "./deliveries.server";
import type { AnnounceEvent } from "./events.server";
import { keepSuspectedSpam, purgeSpam, spamCapsFromEnv, SPAM_RETENTION_DAYS, type SpamDeps } from "./keep-spam.server";
import { limitsFromEnv } from "./limits.server";
export { limitsFromEnv, recipientWindowFull, type Limits } from "./limits.server";
export { deliveriesOnRelease } from "./store.server";
import { purgeExpired } from "./operations.server";
export { deliveryStats, type DeliveryStats } from "./operations.server";
import { submitEnquiry, type SubmitDeps } from "./submit.server";
import { startEnquiryWorkers } from "./worker.server";

/**
 * The enquiries feature's server side (docs/decisions/005-enquiry-outbox.md):
 * enquiries are stored, then e-mailed by a worker with retries. What the rest
 * of the site uses: the service the form actions call, the worker, the
 * queues, and the part of the retention sweep.
 */
export { enquiryQueues, DELIVERY_QUEUE, DEAD_LETTER_QUEUE } from "./queues.server";
export { InvalidEnquiryError } from "./submit.server";
export { announceToNobody, type AnnounceEvent } from "./events.server";
export type { EnquiryEvent } from "./events";

function submitDepsOf(platform: Platform, announce: AnnounceEvent): SubmitDeps {
  return {
    store: platform.store,
    boss: platform.boss,
    log: platform.log.child({ component: "enquiries" }),
    limits: limitsFromEnv(platform.env),
    enquiriesEmail: platform.env.ENQUIRIES_EMAIL,
    fingerprintSecret: platform.keys.FINGERPRINT_KEY,
    announce,
  };
}

/**
 * What a form's route action calls (the router context's services' `enquiries`).
 * `announce` tells the features that listen (the integrations) of each
 * enquiry accepted.
 */
export function createEnquiryService(platform: Platform, announce: AnnounceEvent) {
  const submitDeps = submitDepsOf(platform, announce);
  const spamDeps: SpamDeps = { ...submitDeps, caps: spamCapsFromEnv(platform.env) };
  return {
    /**
     * Stores a form of `kind` (checked again against the kind's schema) and
     * queues its e-mails; resolves once committed (./submit.server.ts).
     */
    submitEnquiry: (kind: EnquiryKind, form: Record<string, unknown>, meta: SubmitMeta) =>
      submitEnquiry(submitDeps, kind, form, meta),
    /**
     * Keeps a post that tripped the honeypot or the time trap as suspected
     * spam: validated like any enquiry, stored flagged with `reason`, with no
     * e-mail and outside the rate limits, until staff release or delete it (or
     * it expires after 30 days). Bounded by a per-client and a global daily
     * cap (./keep-spam.server.ts).
     */
    keepSuspectedSpam: (kind: EnquiryKind, form: Record<string, unknown>, reason: GuardReason, meta: SubmitMeta) =>
      keepSuspectedSpam(spamDeps, kind, form, reason, meta),
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;

/** What sending an enquiry's e-mails needs, in the worker. */
export function deliveryDepsOf(platform: Platform, announce: AnnounceEvent): DeliveryDeps {
  const { env } = platform;
  return {
    store: platform.store,
    boss: platform.boss,
    mail: platform.mail,
    log: platform.log.child({ component: "enquiries" }),
    siteUrl: env.SITE_URL,
    enquiriesEmail: env.ENQUIRIES_EMAIL,
    now: siteClock(env),
    announce,
  };
}

/** The worker's side: sends the enquiries' e-mails and handles the dead letters. */
export function startEnquiryWorker(platform: Platform, announce: AnnounceEvent) {
  return startEnquiryWorkers(platform.boss, deliveryDepsOf(platform, announce), platform.env, platform.log);
}

/** The enquiries' part of the retention sweep: enquiries older than RETENTION_MONTHS, suspected spam after 30 days. */
export function enquiriesRetention(months: number): RetentionPart {
  return {
    keeps: `enquiries kept ${months} months, suspected spam ${SPAM_RETENTION_DAYS} days`,
    tables: ["enquiries", "deliveries"],
    async purge(store) {
      return { deleted: await purgeExpired(store, months), spamDeleted: await purgeSpam(store) };
    },
  };
}
export { enqueueDelivery, predecessorOf } from "./deliveries.server";
export { buildEmail, deliveryMessageId } from "./emails.server";
export { requeueDeadDeliveries } from "./operations.server";
export { enquiries, deliveries, type EnquiryRow } from "./tables.server";
