import type { Platform } from "~/platform/platform.server";
import { workDigest } from "./digest.server";

/** The daily digest to the enquiries team (08:00 Europe/London), through the staff-mail queue. */
export { digestQueue, DIGEST_QUEUE } from "./digest.server";

/** The worker's side: the digest on its schedule. */
export function startDigestWorker(platform: Platform) {
  const { store, boss, env, log } = platform;
  return workDigest(boss, {
    store,
    boss,
    log: log.child({ component: "digest" }),
    siteUrl: env.SITE_URL,
    enquiriesEmail: env.ENQUIRIES_EMAIL,
    mailFrom: env.MAIL_FROM,
  });
}
