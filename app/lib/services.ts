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

export interface EnquiryService {
  /**
   * Stores a form of `kind` (checked again against the kind's schema) and
   * queues its e-mails; resolves once committed.
   */
  submitEnquiry(kind: EnquiryKind, form: Record<string, unknown>, meta: SubmitMeta): Promise<SubmitResult>;
}
