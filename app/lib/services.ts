/**
 * The server-side services a route action may call, provided per request by
 * the Express server through `servicesContext`. Types only: the
 * implementations live under server/ and never reach client code.
 */
export type EnquiryKind = "contact" | "demo" | "advisory";

export type SubmitMeta = {
  /** Client IP as seen through the trusted proxy chain (never stored raw). */
  ip: string;
};

export type SubmitResult =
  | { ok: true; submissionId: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable"; message: string };

export interface EnquiryService {
  submitEnquiry(kind: EnquiryKind, fields: Record<string, string | undefined>, meta: SubmitMeta): Promise<SubmitResult>;
}

export type AppServices = {
  enquiries: EnquiryService;
};
