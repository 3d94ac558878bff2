/**
 * How a send fails, whatever the transport: the SendError a transport throws
 * (the provider's text, whether to wait before the next send, whether a retry
 * can ever succeed), the texts used when the provider gave none, and the
 * TransportConfigError of a transport set up wrongly.
 */

/** The texts of a failed send when the provider gave no message of its own. */
export const EMAIL_FALLBACK_ERROR = "Failed to send email";
export const SMS_FALLBACK_ERROR = "Failed to send SMS";

/**
 * A failed send, carrying the provider's text or the fallback text. When the
 * provider said it is busy or limiting us (SMTP 421 or 450-452, ACS 429),
 * `retryAfterMs` says how long to wait before sending again.
 */
export class SendError extends Error {
  override name = "SendError";
  readonly retryAfterMs: number | undefined;
  /**
   * The provider refused this message itself (an HTTP 4xx that is not about
   * our credentials, time or rate; an SMTP server's 5xx to its recipient):
   * sending it again cannot succeed.
   */
  readonly permanent: boolean;
  constructor(message: string, options: { cause?: unknown; retryAfterMs?: number; permanent?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs ?? rateLimitDelay(options.cause);
    this.permanent = options.permanent ?? isRefusal((options.cause as { statusCode?: unknown } | null)?.statusCode);
  }
}

/** A transport's settings are missing or malformed: the process stops at start-up with this text. */
export class TransportConfigError extends Error {
  override name = "TransportConfigError";
}

/**
 * An HTTP status that refuses the request itself: a 4xx, but not 401 or 403 (our credentials:
 * every message would be refused until they are put right, so each is tried again), 408 Request
 * Timeout or 429 Too Many Requests.
 */
export function isRefusal(status: unknown): boolean {
  return typeof status === "number" && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/**
 * An SMTP server's permanent refusal of a recipient: a 5xx reply to RCPT TO (nodemailer's
 * `EENVELOPE`), such as "550 mailbox unavailable". A 5xx to anything else (the sign-in, the
 * message as a whole) may refuse every message, until someone puts it right: tried again.
 */
export function isRecipientRefusal(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** How long an SMTP server that answered "busy" is left alone when it gives no time of its own. */
export const SMTP_BUSY_DELAY_MS = 5_000;
const MAX_RATE_LIMIT_DELAY_MS = 30_000;

/**
 * The wait a provider asked for, if `error` is its way of saying "too many":
 * SMTP 421 (service not available, closing) and 450-452 (mailbox busy,
 * local error, insufficient storage: the replies relays give when they
 * throttle), or an HTTP 429 with its Retry-After (seconds or a date).
 * Undefined for every other failure.
 */
export function rateLimitDelay(error: unknown, now = Date.now()): number | undefined {
  if (error instanceof SendError) return error.retryAfterMs;
  if (!error || typeof error !== "object") return undefined;
  const { responseCode, statusCode, response } = error as {
    responseCode?: number;
    statusCode?: number;
    response?: { headers?: { get?(name: string): string | undefined } };
  };
  if (responseCode === 421 || (responseCode !== undefined && responseCode >= 450 && responseCode <= 452)) {
    return SMTP_BUSY_DELAY_MS;
  }
  if (statusCode === 429) {
    const header = response?.headers?.get?.("retry-after");
    const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;
    const date = header !== undefined && seconds === undefined ? Date.parse(header) - now : undefined;
    const wait = seconds ?? (date !== undefined && Number.isFinite(date) ? date : SMTP_BUSY_DELAY_MS);
    return Math.min(Math.max(wait, 1_000), MAX_RATE_LIMIT_DELAY_MS);
  }
  return undefined;
}

/** The error's own text, or `fallback` when it has none. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== "") return error.message.trim();
  if (typeof error === "string" && error.trim() !== "") return error.trim();
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string" &&
    error.message.trim() !== ""
  ) {
    return error.message.trim();
  }
  return fallback;
}
