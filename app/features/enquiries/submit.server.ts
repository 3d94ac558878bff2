import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import type { SubmitMeta, SubmitResult } from "~/features/enquiries/service";
import { createBatcher } from "./batch.server";
import { clientFingerprint } from "~/platform/fingerprint.server";
import { storeSubmissions, type Pending, type SubmitDeps } from "./store.server";
import { validateEnquiry } from "./validate.server";

export { InvalidEnquiryError, validateEnquiry } from "./validate.server";
export { clientFingerprint } from "~/platform/fingerprint.server";

/**
 * The entry point of an enquiry: validated (./validate.server.ts), stored with
 * its first deliveries and jobs under the rate limits (./store.server.ts), on
 * the embedded database in group commits (./batch.server.ts).
 */
export type { SubmitDeps };

const batchers = new WeakMap<SubmitDeps, (item: Pending) => void>();

/**
 * Stores an enquiry and queues its first e-mails in one transaction, then
 * returns: when this resolves `ok`, the enquiry is committed to the database.
 * Rate limits are counted from the enquiries table so they hold across
 * processes: per client fingerprint (an hour), per submitter address (a day)
 * and for the whole site (an hour).
 */
export async function submitEnquiry(
  deps: SubmitDeps,
  kind: EnquiryKind,
  form: Record<string, unknown>,
  meta: SubmitMeta,
): Promise<SubmitResult> {
  const payload = validateEnquiry(kind, form);
  const email = (payload.email ?? "").toLowerCase();
  const fingerprint = clientFingerprint(deps.fingerprintSecret, meta.ip || "unknown");
  const { store } = deps;
  try {
    return await new Promise<SubmitResult>((resolve, reject) => {
      const item: Pending = {
        id: randomUUID(),
        kind,
        payload,
        email,
        fingerprint,
        source: meta.source ?? null,
        resolve,
        reject,
      };
      if (store.engine === "pglite") {
        let batcher = batchers.get(deps);
        if (!batcher) batchers.set(deps, (batcher = createBatcher(deps)));
        batcher(item);
        return;
      }
      store
        .transaction(async (tx, bossDb) => {
          // Serialise enquiries from the same client or to the same address, so
          // concurrent requests cannot all pass the limits.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`enquiry-client:${fingerprint}`})), pg_advisory_xact_lock(hashtext(${`enquiry-recipient:${email}`}))`,
          );
          return (await storeSubmissions(deps, tx, bossDb, [item]))[0]!;
        })
        .then(resolve, reject);
    });
  } catch (error) {
    deps.log.error("enquiry could not be stored", { kind, err: error });
    return { ok: false, reason: "unavailable", message: "Your enquiry could not be saved. Please try again." };
  }
}
