import { describe, expect, it } from "vitest";
import { checkFormGuard, FORM_MAX_AGE_MS, HONEYPOT_FIELD, issueFormToken, TIMESTAMP_FIELD } from "./form-guard.server";

const key = Buffer.from("test-secret-test-secret-test-secret!");
const t0 = 1_764_000_000_000;

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("form guard", () => {
  const token = issueFormToken(t0, key);
  /** The guard's verdict on a post of `fields` at `now`, with a 2-second minimum fill time. */
  const at = (now: number, fields: Record<string, string>) =>
    checkFormGuard(form(fields), { now, minFillMs: 2000, key });

  it("accepts a human-paced enquiry with an empty honeypot", () => {
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: token, [HONEYPOT_FIELD]: "" })).toEqual({ ok: true });
  });

  it("flags a filled honeypot as spam", () => {
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: token, [HONEYPOT_FIELD]: "http://spam" })).toMatchObject({
      spam: true,
      reason: "honeypot",
    });
  });

  it("flags a missing or forged timestamp as spam", () => {
    expect(at(t0, {})).toMatchObject({ spam: true, reason: "missing-timestamp" });
    const forged = `${t0 - 10_000}.${token.split(".")[1]}`;
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: forged })).toMatchObject({ reason: "bad-timestamp" });
    expect(at(t0, { [TIMESTAMP_FIELD]: "garbage" })).toMatchObject({ reason: "bad-timestamp" });
  });

  it("flags an enquiry faster than the minimum fill time", () => {
    expect(at(t0 + 1999, { [TIMESTAMP_FIELD]: token })).toMatchObject({ spam: true, reason: "too-fast" });
  });

  it("marks a filled honeypot or a fast fill with a genuine token as a suspect worth keeping", () => {
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: token, [HONEYPOT_FIELD]: "ama@example.org" })).toEqual({
      ok: false,
      spam: true,
      reason: "honeypot",
      suspect: "honeypot",
    });
    // A password manager may also fill fast: still the honeypot's reason.
    expect(at(t0 + 500, { [TIMESTAMP_FIELD]: token, [HONEYPOT_FIELD]: "x" })).toMatchObject({ suspect: "honeypot" });
    expect(at(t0 + 500, { [TIMESTAMP_FIELD]: token })).toEqual({
      ok: false,
      spam: true,
      reason: "too-fast",
      suspect: "time-trap",
    });
    // Without a genuine, current token the post never came from our page: not kept.
    const forged = `${t0}.${"A".repeat(43)}`;
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: forged, [HONEYPOT_FIELD]: "x" })).not.toHaveProperty("suspect");
    expect(at(t0 + 5000, { [HONEYPOT_FIELD]: "x" })).not.toHaveProperty("suspect");
    expect(at(t0 + FORM_MAX_AGE_MS + 1, { [TIMESTAMP_FIELD]: token, [HONEYPOT_FIELD]: "x" })).toEqual({
      ok: false,
      spam: true,
      reason: "honeypot",
    });
    expect(at(t0 + 5000, { [TIMESTAMP_FIELD]: forged })).not.toHaveProperty("suspect");
  });

  it("asks a person to resubmit a form older than a day", () => {
    expect(at(t0 + FORM_MAX_AGE_MS + 1, { [TIMESTAMP_FIELD]: token })).toEqual({
      ok: false,
      spam: false,
      reason: "expired",
    });
  });
});
