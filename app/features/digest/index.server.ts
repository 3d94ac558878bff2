import type { Platform } from "~/platform/platform.server";
import { workDigest, type DigestLine } from "./digest.server";

/** The daily digest to the enquiries team (08:00 Europe/London), through the staff-mail queue. */
export { digestQueue, DIGEST_QUEUE, type DigestLine } from "./digest.server";

/**
 * The worker's side: the digest on its schedule. `lines` are what features
 * after the digest add to it (the site composes them: app/site.server.ts).
 */
export function startDigestWorker(platform: Platform, { lines = [] }: { lines?: DigestLine[] } = {}) {
  const { store, boss, env, log } = platform;
  return workDigest(boss, {
    store,
    boss,
    log: log.child({ component: "digest" }),
    siteUrl: env.SITE_URL,
    enquiriesEmail: env.ENQUIRIES_EMAIL,
    mailFrom: env.MAIL_FROM,
    lines,
  });
}
