import type { FieldErrors, Interest } from "~/lib/enquiry-fields";

/** The raw text a visitor submitted, by field name, sent back so nothing they typed is lost. */
export type FormValues = Record<string, string>;

/**
 * What every enquiry action returns (client-safe type).
 *
 * - success: sent (or silently dropped as spam: the response is the same).
 * - invalid: the server's checks failed (a request that bypassed the browser's);
 *   `errors` holds the first message per field, in field order.
 * - failed: the service refused or was unavailable; `retryAfterSeconds` when rate-limited.
 * - expired: the form was open for longer than a day; submit again.
 *
 * `token` is the anti-spam token the form should carry next: the one it was
 * rendered with (so fixing an error never counts as "too fast"), or a fresh one
 * when it had expired.
 */
export type EnquiryResult =
  | { status: "success"; interest?: Interest }
  | { status: "invalid"; errors: FieldErrors; values: FormValues; token: string }
  | { status: "failed"; values: FormValues; token: string; retryAfterSeconds?: number }
  | { status: "expired"; values: FormValues; token: string };
