import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import type { Logger } from "~/platform/log.server";
import { enquiryKind, type EnquiryKind } from "~/features/enquiries/kinds";
import { parseEnquiryForm } from "~/features/enquiries/schemas";
import { TIMESTAMP_FIELD, type FormGuard } from "~/features/enquiries/form-guard.server";
import type { EnquiryOutcome, GuardReason, SubmitResult } from "~/features/enquiries/service";
import type { EnquiryService } from "~/features/enquiries/index.server";
import { decodeSource, SOURCE_FIELD } from "~/features/enquiries/source";
import type { EnquiryResult, FormValues } from "./types";

/**
 * The one action behind every enquiry form (the kinds of ~/features/enquiries/kinds.ts):
 *
 *   1. anti-spam guard (honeypot + signed render time): a bot gets exactly the
 *      response a person gets on success, and nothing is sent; a post that
 *      may be a person's (genuine token, valid fields) is kept as suspected
 *      spam for staff to release or delete, within daily caps;
 *   2. the kind's schema (the same specs that set the controls' attributes);
 *   3. the enquiry service.
 *
 * Every outcome other than success sends back what the visitor typed. The
 * route modules reach it through app/routes/enquiry-route.server.ts, which
 * hands it what the router context holds.
 */
export type EnquiryPostDeps = {
  log: Logger;
  metrics: { enquiry(kind: string, outcome: EnquiryOutcome): void };
  formGuard: FormGuard;
  /** Null when the server runs without one: every post then fails as unavailable. */
  enquiries: EnquiryService | null;
  /** Store where the visitor came from (the form's SOURCE_FIELD); false with ANALYTICS=off. */
  recordSource?: boolean;
};

export async function handleEnquiryPost(kind: EnquiryKind, request: Request, app: EnquiryPostDeps) {
  const log = app.log.child({ component: "forms", kind });
  const count = (outcome: EnquiryOutcome) => app.metrics.enquiry(kind, outcome);
  const definition = enquiryKind(kind);

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Not a form post at all; the guard below treats it as a bot.
    formData = new FormData();
  }

  const raw: Record<string, unknown> = {};
  const values: FormValues = {};
  for (const name of Object.keys(definition.fields)) {
    const value = formData.get(name);
    if (value !== null) raw[name] = value;
    values[name] = typeof value === "string" ? value : "";
  }
  const success = (): EnquiryResult => ({ status: "success", ...definition.success?.(values) });
  // Where the visitor came from: stored with the enquiry, and sent back with a refusal so the form keeps it.
  const carried = formData.get(SOURCE_FIELD);
  const source = app.recordSource === false ? null : decodeSource(carried);
  if (source && typeof carried === "string") values[SOURCE_FIELD] = carried;

  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const verdict = app.formGuard.check(formData);
  if (!verdict.ok && verdict.spam) {
    // Same answer whatever happens next: a bot learns nothing.
    if (verdict.suspect && (await keepSuspect(verdict.suspect))) return data<EnquiryResult>(success());
    log.info("enquiry spam blocked", { reason: verdict.reason, count: 1 });
    count("spam");
    return data<EnquiryResult>(success());
  }

  /** A post that may be a person's (a password manager filled the honeypot, an autofilled form sent fast): kept for staff when its fields are valid. */
  async function keepSuspect(reason: GuardReason): Promise<boolean> {
    const parsed = parseEnquiryForm(kind, raw);
    if (!parsed.ok || !app.enquiries) return false;
    try {
      const result = await app.enquiries.keepSuspectedSpam(kind, parsed.value, reason, {
        ip,
        ...(source ? { source } : {}),
      });
      if (result.kept) {
        log.info("suspected spam kept for review", { reason, enquiryId: result.enquiryId });
        count("spam-kept");
        return true;
      }
      if (result.reason === "invalid") return false;
      log.warn("suspected spam dropped", { reason, cap: result.reason });
      count("spam-capped");
      return true;
    } catch (error) {
      log.error("suspected spam could not be kept", { reason, err: error });
      return false;
    }
  }
  const expired = !verdict.ok;
  // An expired form gets a fresh token; otherwise keep the original render time.
  const token = expired ? app.formGuard.issue() : String(formData.get(TIMESTAMP_FIELD) ?? "");

  const parsed = parseEnquiryForm(kind, raw);
  if (!parsed.ok) {
    count("invalid");
    return data<EnquiryResult>({ status: "invalid", errors: parsed.errors, values, token }, { status: 400 });
  }
  if (expired) {
    log.info("enquiry form expired");
    count("expired");
    return data<EnquiryResult>({ status: "expired", values, token }, { status: 400 });
  }

  let result: SubmitResult;
  try {
    if (!app.enquiries) throw new Error("Enquiry service is not configured");
    result = await app.enquiries.submitEnquiry(kind, parsed.value, { ip, ...(source ? { source } : {}) });
  } catch (error) {
    log.error("enquiry submission failed", { reason: "error", err: error });
    count("unavailable");
    return data<EnquiryResult>({ status: "failed", reason: "error", values, token }, { status: 503 });
  }

  if (result.ok) {
    log.info("enquiry submitted", { enquiryId: result.enquiryId });
    count("accepted");
    return data<EnquiryResult>(success());
  }
  if (result.reason === "rate-limited") {
    const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterSeconds));
    log.warn("enquiry rate-limited", { retryAfterSeconds });
    count("rate-limited");
    return data<EnquiryResult>(
      { status: "failed", reason: "rate-limited", retryAfterSeconds, values, token },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  log.error("enquiry submission failed", { reason: result.reason, err: { message: result.message } });
  count("unavailable");
  return data<EnquiryResult>({ status: "failed", reason: "unavailable", values, token }, { status: 503 });
}
