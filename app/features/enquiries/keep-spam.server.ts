import { randomUUID } from "node:crypto";
import { and, gt, isNotNull, lt, sql } from "drizzle-orm";
import type { Env } from "~/platform/env.server";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import type { KeepSpamResult, GuardReason, SubmitMeta } from "~/features/enquiries/service";
import type { Store } from "~/platform/db/db.server";
import { lockKeys } from "~/platform/db/key-lock.server";
import { deleteInIdOrder } from "~/platform/retention.server";
import { clientFingerprint } from "~/platform/fingerprint.server";
import { enquiries } from "~/features/enquiries/tables.server";
import { enquiryRow } from "./store.server";
import type { SubmitDeps } from "./submit.server";
import { InvalidEnquiryError, validateEnquiry } from "./validate.server";

/**
 * Suspected spam kept instead of lost (the console's Spam view): a post that
 * tripped the honeypot or the time trap, whose fields are otherwise valid, is
 * stored like an enquiry (./store.server.ts's row, ./validate.server.ts's
 * checks) but flagged with its `spam_reason`, with no delivery and no job,
 * and outside the rate limits (./limits.server.ts counts only unflagged
 * rows). Staff release it (then it is delivered as if accepted) or delete it;
 * the retention sweep deletes it after {@link SPAM_RETENTION_DAYS} days.
 *
 * Bounded, because bots trip these traps by the thousand: at most
 * `perClientPerDay` per client fingerprint and `globalPerDay` for the whole
 * site over the last 24 hours; beyond, the post is dropped.
 */
export type SpamCaps = { perClientPerDay: number; globalPerDay: number };

export const SPAM_RETENTION_DAYS = 30;

export function spamCapsFromEnv(env: Env): SpamCaps {
  return { perClientPerDay: env.SPAM_KEEP_PER_CLIENT_PER_DAY, globalPerDay: env.SPAM_KEEP_GLOBAL_PER_DAY };
}

export type SpamDeps = Pick<SubmitDeps, "store" | "log" | "fingerprintSecret"> & { caps: SpamCaps };

export async function keepSuspectedSpam(
  deps: SpamDeps,
  kind: EnquiryKind,
  form: Record<string, unknown>,
  reason: GuardReason,
  meta: SubmitMeta,
): Promise<KeepSpamResult> {
  let payload: Record<string, string | undefined>;
  try {
    payload = validateEnquiry(kind, form);
  } catch (error) {
    if (error instanceof InvalidEnquiryError) return { kept: false, reason: "invalid" };
    throw error;
  }
  const { store, caps, log } = deps;
  const fingerprint = clientFingerprint(deps.fingerprintSecret, meta.ip || "unknown");
  const id = randomUUID();
  const result = await store.transaction(async (tx): Promise<KeepSpamResult> => {
    // On PostgreSQL other processes keep spam too: one at a time, so the caps hold.
    // (PGlite runs one transaction at a time anyway.)
    if (store.engine === "postgres") await lockKeys(tx, ["enquiry-spam"]);
    const [counts] = await tx
      .select({
        client: sql<number>`(count(*) filter (where ${enquiries.clientFingerprint} = ${fingerprint}))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(enquiries)
      .where(and(isNotNull(enquiries.spamReason), gt(enquiries.createdAt, sql`now() - interval '1 day'`)));
    if (Number(counts?.total ?? 0) >= caps.globalPerDay) return { kept: false, reason: "global-cap" };
    if (Number(counts?.client ?? 0) >= caps.perClientPerDay) return { kept: false, reason: "client-cap" };
    await tx
      .insert(enquiries)
      .values(
        enquiryRow(
          { id, kind, payload, email: (payload.email ?? "").toLowerCase(), fingerprint, source: meta.source ?? null },
          reason,
        ),
      );
    return { kept: true, enquiryId: id };
  });
  if (result.kept) log.info("suspected spam kept for review", { kind, reason, enquiryId: id });
  else log.warn("suspected spam dropped", { kind, reason, dropped: result.reason, fingerprint });
  return result;
}

/** The retention sweep's part: suspected spam older than 30 days. Returns how many were deleted. */
export async function purgeSpam(store: Store, days = SPAM_RETENTION_DAYS): Promise<number> {
  return deleteInIdOrder(
    store,
    enquiries,
    enquiries.id,
    and(isNotNull(enquiries.spamReason), lt(enquiries.spamAt, sql`now() - make_interval(days => ${days}::int)`)),
  );
}
