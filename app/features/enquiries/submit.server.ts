import { randomUUID } from "node:crypto";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import type { SubmitMeta, SubmitResult } from "~/features/enquiries/service";
import { createBatcher } from "./batch.server";
import { clientFingerprint } from "~/platform/fingerprint.server";
import type { Pending, SubmitDeps } from "./store.server";
import { validateEnquiry } from "./validate.server";

export { InvalidEnquiryError, validateEnquiry } from "./validate.server";
export { clientFingerprint } from "~/platform/fingerprint.server";

/**
 * The entry point of an enquiry: validated (./validate.server.ts), stored with
 * its first deliveries and jobs under the rate limits (./store.server.ts), in
 * group commits (./batch.server.ts).
 */
export type { SubmitDeps };

const batchers = new WeakMap<SubmitDeps, (item: Pending) => void>();

/**
 * Stores an enquiry and queues its first e-mails in one transaction, then
 * returns: when this resolves `ok`, the enquiry is committed to the database.
 * Rate limits are counted from the enquiries table so they hold across
 * processes: per client fingerprint (an hour) and for the whole site (an
 * hour); past its submitter address's limit (a day), an enquiry is stored
 * without the e-mails to that address (./store.server.ts).
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
      let batcher = batchers.get(deps);
      if (!batcher) batchers.set(deps, (batcher = createBatcher(deps)));
      batcher(item);
    });
  } catch (error) {
    deps.log.error("enquiry could not be stored", { kind, err: error });
    return { ok: false, reason: "unavailable", message: "Your enquiry could not be saved. Please try again." };
  }
}
