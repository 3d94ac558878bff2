import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "./form-guard";

export { HONEYPOT_FIELD, TIMESTAMP_FIELD };

/** A signed timestamp is valid for one day after the form was rendered. */
export const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;

let secret: Buffer | undefined;

/** FORM_SECRET, or a random secret kept in DATA_DIR so restarts keep forms valid. */
function getSecret(): Buffer {
  if (secret) return secret;
  const env = getEnv();
  if (env.FORM_SECRET) {
    secret = Buffer.from(env.FORM_SECRET, "utf8");
    return secret;
  }
  const file = path.resolve(env.DATA_DIR, "form-secret");
  try {
    secret = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("base64");
    try {
      writeFileSync(file, `${fresh}\n`, { flag: "wx", mode: 0o600 });
    } catch {
      // Another process created it first; use theirs.
    }
    secret = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  }
  return secret;
}

function sign(issuedAt: number, key: Buffer) {
  return createHmac("sha256", key).update(`form:${issuedAt}`).digest("base64url");
}

/** The value of the hidden timestamp field for a form rendered now. */
export function issueFormToken(now = Date.now(), key = getSecret()) {
  return `${now}.${sign(now, key)}`;
}

export type GuardVerdict =
  | { ok: true }
  | { ok: false; spam: true; reason: "honeypot" | "missing-timestamp" | "bad-timestamp" | "too-fast" }
  | { ok: false; spam: false; reason: "expired" };

/**
 * Checks the honeypot and the signed render timestamp of a submitted form.
 * Spam verdicts get the same response as success (nothing stored or sent);
 * an expired form asks a real person to submit again.
 */
export function checkFormGuard(
  form: { get(name: string): unknown },
  {
    now = Date.now(),
    minFillMs = getEnv().FORM_MIN_FILL_MS,
    key,
  }: { now?: number; minFillMs?: number; key?: Buffer } = {},
): GuardVerdict {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { ok: false, spam: true, reason: "honeypot" };
  if (honeypot != null && typeof honeypot !== "string") return { ok: false, spam: true, reason: "honeypot" };

  const token = form.get(TIMESTAMP_FIELD);
  if (typeof token !== "string" || token === "") return { ok: false, spam: true, reason: "missing-timestamp" };
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, spam: true, reason: "bad-timestamp" };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(issuedAt, key ?? getSecret()));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, spam: true, reason: "bad-timestamp" };
  }
  const age = now - issuedAt;
  if (age < -60_000) return { ok: false, spam: true, reason: "bad-timestamp" };
  if (age < minFillMs) return { ok: false, spam: true, reason: "too-fast" };
  if (age > FORM_MAX_AGE_MS) return { ok: false, spam: false, reason: "expired" };
  return { ok: true };
}
