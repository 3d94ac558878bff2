/**
 * What a malformed request of faults/malformed.test.ts is: its case, the
 * outcomes a refusal may have and the check of a response against them, and
 * the bad values both kinds of case put into requests.
 */
import { ERROR_SUMMARY, type FormKind } from "../../test/support/fixtures";
import type { prng } from "../../test/support/load";
import { isSuccessPage, type RawRequest, type RawResponse } from "../../test/support/raw-http";

export type Outcome =
  | "invalid" // 400 + error summary
  | "expired" // 400 + "send the form again"
  | "spam" // 200 that looks like success
  | "too-large" // 413 with a message
  | "length-required" // 411 with a message
  | "not-found" // 404 page
  | "no-action" // 405 page
  | "bad-request" // 400, plain text
  | "api-error"; // 4xx JSON { error }

export type Case = {
  name: string;
  request: RawRequest;
  accept: Outcome[];
  kind?: FormKind;
  status?: number[];
  mentions?: string;
};

/** The seeded random sequence the generators draw from. */
export type Random = ReturnType<typeof prng>;

/** CR/LF, and a header injection, to put into values. */
export const crlf = ["\r\n", "\n", "\r", "\r\nBcc: victim@evil.example\r\n"];
/** Raw bytes that are not UTF-8. */
export const badUtf8Bytes = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0x80, 0x80]),
  Buffer.from([0xf5, 0x80, 0x80, 0x80]),
];

/** Why `res` is not a refusal `c` accepts, or null. */
export function check(c: Case, res: RawResponse): string | null {
  if (res.status >= 500) return `server error ${res.status}: ${res.body.slice(0, 200)}`;
  const text = res.body;
  const contentType = String(res.headers["content-type"] ?? "");
  const matches: Record<Outcome, () => boolean> = {
    invalid: () => res.status === 400 && text.includes(ERROR_SUMMARY),
    expired: () => res.status === 400 && text.includes("Please send the form again"),
    spam: () => c.kind !== undefined && isSuccessPage(c.kind, res),
    "too-large": () => res.status === 413 && /too large/i.test(text),
    "length-required": () => res.status === 411 && /Content-Length/i.test(text),
    // The 404 page, or for a React Router data request (*.data) its 404 data.
    "not-found": () =>
      res.status === 404 &&
      (/Page Not Found/i.test(text) || (contentType.includes("text/x-script") && text.length > 0)),
    "no-action": () => res.status === 405 && /405|Method Not Allowed/i.test(text),
    "bad-request": () => res.status === 400 && contentType.startsWith("text/plain") && text === "Bad Request.",
    "api-error": () => {
      if (res.status < 400 || res.status >= 500 || !contentType.includes("application/json")) return false;
      try {
        const body = JSON.parse(text) as { error?: unknown };
        return typeof body.error === "string" && body.error.trim().length > 0;
      } catch {
        return false;
      }
    },
  };
  return c.accept.some((outcome) => matches[outcome]())
    ? null
    : `expected ${c.accept.join(" or ")}, got ${res.status} ${contentType}: ${text.replace(/\s+/g, " ").slice(0, 160)}`;
}
