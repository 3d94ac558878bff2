/**
 * The enquiry service a route action calls, provided by the server through
 * the router context (app/context.server.ts), and what the actions and the
 * service share (their results). Types only: the implementation lives under
 * ./index.server.ts and never reaches client code.
 */
import type { EnquirySource } from "./source";

export type SubmitMeta = {
  /** Client IP as seen through the trusted proxy chain (never stored raw). */
  ip: string;
  /** Where the visitor came from (./source.ts), when the form carried it. */
  source?: EnquirySource | null;
};

export type SubmitResult =
  | { ok: true; enquiryId: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable"; message: string };

/** Why a post was kept as suspected spam (the form guard's `suspect`). */
export type GuardReason = "honeypot" | "time-trap";

/** Why a stored post is in the spam folder: the form guard kept it, or staff moved it there. */
export type SpamReason = GuardReason | "staff";

export type KeepSpamResult =
  | { kept: true; enquiryId: string }
  /** Not kept: its fields were invalid, or a cap (per client or for the whole site, per day) was reached. */
  | { kept: false; reason: "invalid" | "client-cap" | "global-cap" };

/**
 * What became of an enquiry form post. `spam`: dropped; `spam-kept`: kept as
 * suspected spam for staff; `spam-capped`: would have been kept, but a daily cap was reached.
 */
export type EnquiryOutcome =
  "accepted" | "spam" | "spam-kept" | "spam-capped" | "invalid" | "expired" | "rate-limited" | "unavailable";
