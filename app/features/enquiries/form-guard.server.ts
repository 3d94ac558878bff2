import { createHmac, timingSafeEqual } from "node:crypto";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "./form-guard";

export { HONEYPOT_FIELD, TIMESTAMP_FIELD };

/** A signed timestamp is valid for one day after the form was rendered. */
export const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function sign(issuedAt: number, key: Buffer) {
  return createHmac("sha256", key).update(`form:${issuedAt}`).digest("base64url");
}

/** The value of the hidden timestamp field for a form rendered at `now`. */
export function issueFormToken(now: number, key: Buffer) {
  return `${now}.${sign(now, key)}`;
}

/**
 * What a suspected-spam post is kept as (the console's Spam view) when its
 * fields are otherwise valid: a person's password manager may fill the
 * hidden field, and an autofilled form may be sent within the minimum fill
 * time. Only posts with a genuine signed token are kept: a post without one
 * never came from our page.
 */
export type SuspectReason = "honeypot" | "time-trap";

type GuardVerdict =
  | { ok: true }
  | {
      ok: false;
      spam: true;
      reason: "honeypot" | "missing-timestamp" | "bad-timestamp" | "too-fast";
      /** Set when the post may be a person's: worth keeping as suspected spam. */
      suspect?: SuspectReason;
    }
  | { ok: false; spam: false; reason: "expired" };

type TokenVerdict = "missing-timestamp" | "bad-timestamp" | "too-fast" | "expired" | "ok";

function checkToken(form: { get(name: string): unknown }, now: number, minFillMs: number, key: Buffer): TokenVerdict {
  const token = form.get(TIMESTAMP_FIELD);
  if (typeof token !== "string" || token === "") return "missing-timestamp";
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "bad-timestamp";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(issuedAt, key));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "bad-timestamp";
  const age = now - issuedAt;
  if (age < -60_000) return "bad-timestamp";
  if (age < minFillMs) return "too-fast";
  if (age > FORM_MAX_AGE_MS) return "expired";
  return "ok";
}

/**
 * Checks the honeypot and the signed render timestamp of a submitted form.
 * Spam verdicts get the same response as success and send nothing; those
 * marked `suspect` are kept for staff to review (valid fields permitting);
 * an expired form asks a real person to submit again.
 */
export function checkFormGuard(
  form: { get(name: string): unknown },
  { now = Date.now(), minFillMs, key }: { now?: number; minFillMs: number; key: Buffer },
): GuardVerdict {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot != null && typeof honeypot !== "string") return { ok: false, spam: true, reason: "honeypot" };
  const token = checkToken(form, now, minFillMs, key);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // A genuine token (of any fill time, not expired): the page was rendered for someone.
    return token === "ok" || token === "too-fast"
      ? { ok: false, spam: true, reason: "honeypot", suspect: "honeypot" }
      : { ok: false, spam: true, reason: "honeypot" };
  }
  if (token === "too-fast") return { ok: false, spam: true, reason: "too-fast", suspect: "time-trap" };
  if (token === "expired") return { ok: false, spam: false, reason: "expired" };
  if (token !== "ok") return { ok: false, spam: true, reason: token };
  return { ok: true };
}

/** The anti-spam guard of one process, with its key and minimum fill time. */
export type FormGuard = {
  /** A fresh token for a form rendered now. */
  issue(): string;
  check(form: { get(name: string): unknown }): GuardVerdict;
};

export function createFormGuard({ key, minFillMs }: { key: Buffer; minFillMs: number }): FormGuard {
  return {
    issue: () => issueFormToken(Date.now(), key),
    check: (form) => checkFormGuard(form, { key, minFillMs }),
  };
}
