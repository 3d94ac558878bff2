import { createHash } from "node:crypto";
import type { Env } from "~/platform/env.server";
import type { Store } from "~/platform/db/db.server";
import { addToWindow } from "~/platform/db/counters.server";

/**
 * The communication key's quota of recipients (e-mail and SMS together), per
 * minute and per day, counted in the database so every process shares it.
 *
 * The counters are the rate-limit counters every other limit of the site
 * keeps in `staff_rate_limits` (better-auth's table; the staff sign-in limits
 * live there too): one row per key and window, a fixed window that starts
 * with its first recipient, keyed by a hash of the API key (never the key).
 * A request takes all its recipients from both windows in one transaction, or
 * none: a refused request counts for nothing.
 */
export type RecipientQuota = { perMinute: number; perDay: number };

export function recipientQuotaFromEnv(env: Env): RecipientQuota {
  return { perMinute: env.COMMUNICATION_RECIPIENTS_PER_MINUTE, perDay: env.COMMUNICATION_RECIPIENTS_PER_DAY };
}

type Window = { name: "minute" | "day"; ms: number; limit: (quota: RecipientQuota) => number };
/** The quota's windows (their counters are swept two days after they begin: COUNTERS_KEPT_MS). */
export const quotaWindows: readonly Window[] = [
  { name: "minute", ms: 60_000, limit: (quota) => quota.perMinute },
  { name: "day", ms: 24 * 60 * 60 * 1000, limit: (quota) => quota.perDay },
];

export type QuotaOutcome =
  { ok: true } | { ok: false; window: "minute" | "day"; limit: number; retryAfterSeconds: number };

/** How a key is named in its counters: a short SHA-256 of it (the key itself is a secret). */
export function quotaKeyId(apiKey: string): string {
  return createHash("sha256").update(`communication-quota\n${apiKey}`).digest("hex").slice(0, 24);
}

/** The counter's key of one window of one API key. */
export const counterKey = (keyId: string, window: Window["name"]) => `communication:${window}:${keyId}`;

class OverQuota extends Error {
  constructor(readonly outcome: Extract<QuotaOutcome, { ok: false }>) {
    super("over quota");
  }
}

/**
 * Takes `n` recipients from the key's minute and day windows if both have
 * room; otherwise takes nothing and says which window is full and when it
 * ends. Concurrent requests queue on the counters' rows, so two of them
 * cannot both take the last room.
 */
export async function takeRecipients(
  store: Store,
  keyId: string,
  n: number,
  quota: RecipientQuota,
  now = Date.now(),
): Promise<QuotaOutcome> {
  try {
    await store.transaction(async (tx) => {
      for (const window of quotaWindows) {
        const { count, since: start } = await addToWindow(tx, counterKey(keyId, window.name), window.ms, { n, now });
        const limit = window.limit(quota);
        if (count > limit) {
          // Thrown to roll the transaction back: the refused request takes nothing.
          throw new OverQuota({
            ok: false,
            window: window.name,
            limit,
            retryAfterSeconds: Math.max(1, Math.ceil((start + window.ms - now) / 1000)),
          });
        }
      }
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof OverQuota) return error.outcome;
    throw error;
  }
}
