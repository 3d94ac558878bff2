/**
 * The enquiry service a route action calls, provided by the server through
 * the router context (./context.server.ts). Types only: the implementation
 * lives under server/enquiries and never reaches client code.
 */
import type { EnquiryKind } from "./enquiry-kinds";

export type SubmitMeta = {
  /** Client IP as seen through the trusted proxy chain (never stored raw). */
  ip: string;
};

export type SubmitResult =
  | { ok: true; submissionId: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable"; message: string };

/** Why a post was kept as suspected spam (the form guard's `suspect`). */
export type SpamReason = "honeypot" | "time-trap";

export type KeepSpamResult =
  | { kept: true; submissionId: string }
  /** Not kept: its fields were invalid, or a cap (per client or for the whole site, per day) was reached. */
  | { kept: false; reason: "invalid" | "client-cap" | "global-cap" };

export interface EnquiryService {
  /**
   * Stores a form of `kind` (checked again against the kind's schema) and
   * queues its e-mails; resolves once committed.
   */
  submitEnquiry(kind: EnquiryKind, form: Record<string, unknown>, meta: SubmitMeta): Promise<SubmitResult>;

  /**
   * Keeps a post that tripped the honeypot or the time trap as suspected
   * spam: validated like any enquiry, stored flagged with `reason`, with no
   * e-mail and outside the rate limits, until staff release or delete it (or
   * it expires after 30 days). Bounded by a per-client and a global daily cap.
   */
  keepSuspectedSpam(
    kind: EnquiryKind,
    form: Record<string, unknown>,
    reason: SpamReason,
    meta: SubmitMeta,
  ): Promise<KeepSpamResult>;
}
