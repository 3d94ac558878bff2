import type { FieldErrors, Interest } from "~/features/enquiries/fields";

/** The raw text a visitor submitted, by field name, sent back so nothing they typed is lost. */
export type FormValues = Record<string, string>;

/**
 * What every enquiry action returns (client-safe type).
 *
 * - success: sent (or silently dropped as spam: the response is the same).
 * - invalid: the server's checks failed (a request that bypassed the browser's);
 *   `errors` holds the first message per field, in field order.
 * - failed: not sent, for `reason`: "rate-limited" (this client sent too many;
 *   `retryAfterSeconds` until it may again), "unavailable" (the enquiry could
 *   not be stored) or "error" (anything else).
 * - expired: the form was open for longer than a day; submit again.
 *
 * `token` is the anti-spam token the form should carry next: the one it was
 * rendered with (so fixing an error never counts as "too fast"), or a fresh one
 * when it had expired.
 */
export type EnquiryResult =
  | { status: "success"; interest?: Interest }
  | { status: "invalid"; errors: FieldErrors; values: FormValues; token: string }
  | { status: "failed"; reason: "rate-limited"; retryAfterSeconds: number; values: FormValues; token: string }
  | { status: "failed"; reason: "unavailable" | "error"; values: FormValues; token: string }
  | { status: "expired"; values: FormValues; token: string };
