import { describe, expect, it } from "vitest";
import {
  contextWith,
  fakeEnquiryService,
  formActionTests,
  formPost,
  formToken,
  testOutcomes,
} from "../../../test/support/enquiry-actions";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "~/features/enquiries/form-guard.server";
import type { Route } from "./+types/route";
import { action, headers as routeHeaders, loader } from "./route";

const { valid, run, logs } = formActionTests("contact", action);

describe("contact loader", () => {
  it("issues a signed token and accepts only known interests", () => {
    const known = loader({
      request: new Request("http://localhost/contact?interest=pricing"),
      context: contextWith(null),
    } as unknown as Route.LoaderArgs);
    expect(known.interest).toBe("pricing");
    expect(known.token).toMatch(/^\d+\.[\w-]{43}$/);
    const bogus = loader({
      request: new Request("http://localhost/contact?interest=bogus"),
      context: contextWith(null),
    } as unknown as Route.LoaderArgs);
    expect(bogus.interest).toBeNull();
  });
});

describe("contact action", () => {
  it("leaves optional fields out and trims values", async () => {
    const fake = fakeEnquiryService();
    await run(formPost("/contact", { ...valid, name: "  Ama Owusu ", organization: "", role: "   " }), fake.service);
    expect(fake.calls[0]!.fields).toMatchObject({ name: "Ama Owusu", organization: undefined, role: undefined });
  });

  it.each([
    ["a missing token", { [TIMESTAMP_FIELD]: "" }, "missing-timestamp"],
    ["a forged token", { [TIMESTAMP_FIELD]: `${Date.now() - 5000}.${"A".repeat(43)}` }, "bad-timestamp"],
    [
      "a filled honeypot with a forged token",
      { [HONEYPOT_FIELD]: "https://spam.example", [TIMESTAMP_FIELD]: `${Date.now() - 5000}.${"A".repeat(43)}` },
      "honeypot",
    ],
  ])("answers %s exactly like a success, stores nothing and logs a count line", async (_label, override, reason) => {
    const fake = fakeEnquiryService();
    const request = formPost("/contact", { ...valid, ...override });
    const spam = await run(request, fake.service);
    const real = await run(formPost("/contact", valid), fakeEnquiryService().service);
    expect(spam).toEqual(real);
    expect(fake.calls).toHaveLength(0);
    expect(fake.kept).toHaveLength(0);
    expect(testOutcomes).toContainEqual({ kind: "contact", outcome: "spam" });
    expect(testOutcomes).toContainEqual({ kind: "contact", outcome: "accepted" });
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ msg: "enquiry spam blocked", kind: "contact", reason, count: 1 }),
    );
  });

  it.each([
    ["a filled honeypot (a password manager)", { [HONEYPOT_FIELD]: "ama@example.com" }, "honeypot"],
    ["a form sent too fast (autofill)", { [TIMESTAMP_FIELD]: formToken(500) }, "time-trap"],
  ])("keeps %s as suspected spam, sends nothing and answers like a success", async (_label, override, reason) => {
    const fake = fakeEnquiryService();
    const spam = await run(formPost("/contact", { ...valid, ...override }, { ip: "198.51.100.7" }), fake.service);
    const real = await run(formPost("/contact", valid), fakeEnquiryService().service);
    expect(spam).toEqual(real);
    expect(fake.calls).toHaveLength(0);
    expect(fake.kept).toEqual([{ kind: "contact", fields: valid, ip: "198.51.100.7", reason }]);
    expect(testOutcomes).toContainEqual({ kind: "contact", outcome: "spam-kept" });
  });

  it("drops a suspect whose fields are invalid, with the same answer", async () => {
    const fake = fakeEnquiryService();
    const spam = await run(
      formPost("/contact", { ...valid, email: "not-an-address", [HONEYPOT_FIELD]: "x" }),
      fake.service,
    );
    const real = await run(formPost("/contact", valid), fakeEnquiryService().service);
    expect(spam).toEqual(real);
    expect(fake.kept).toHaveLength(0);
    expect(testOutcomes).toContainEqual({ kind: "contact", outcome: "spam" });
  });

  it.each([["client-cap"], ["global-cap"]] as const)(
    "drops a suspect beyond the %s, logged and counted, with the same answer",
    async (cap) => {
      const fake = fakeEnquiryService(undefined, () => ({ kept: false, reason: cap }));
      const spam = await run(formPost("/contact", { ...valid, [HONEYPOT_FIELD]: "x" }), fake.service);
      const real = await run(formPost("/contact", valid), fakeEnquiryService().service);
      expect(spam).toEqual(real);
      expect(fake.kept).toHaveLength(1);
      expect(testOutcomes).toContainEqual({ kind: "contact", outcome: "spam-capped" });
      expect(logs.entries).toContainEqual(expect.objectContaining({ msg: "suspected spam dropped", cap }));
    },
  );

  it("answers a suspect like a success even when keeping it fails", async () => {
    const fake = fakeEnquiryService(undefined, () => Promise.reject(new Error("database down")));
    const spam = await run(formPost("/contact", { ...valid, [HONEYPOT_FIELD]: "x" }), fake.service);
    const real = await run(formPost("/contact", valid), fakeEnquiryService().service);
    expect(spam).toEqual(real);
    expect(logs.entries).toContainEqual(expect.objectContaining({ msg: "suspected spam could not be kept" }));
  });

  it("asks for the form again, with a new token and the values kept, when it has expired", async () => {
    const fake = fakeEnquiryService();
    const old = formToken(25 * 60 * 60 * 1000);
    const { body, status } = await run(formPost("/contact", valid, { token: old }), fake.service);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "expired", values: valid });
    expect(body.status === "expired" && body.token).not.toBe(old);
    expect(fake.calls).toHaveLength(0);
  });

  it("passes the action's Retry-After on to a whole page (a form posted without JavaScript)", () => {
    const pageHeaders = new Headers(
      routeHeaders({ actionHeaders: new Headers({ "Retry-After": "90" }) } as unknown as Route.HeadersArgs),
    );
    expect(pageHeaders.get("Retry-After")).toBe("90");
  });

  it("fails when the service reports it is unavailable, or is not configured at all", async () => {
    const unavailable = fakeEnquiryService(() => ({ ok: false, reason: "unavailable", message: "queue full" }));
    // Unavailable storage has words of its own; a missing service is any other error.
    expect((await run(formPost("/contact", valid), unavailable.service)).body).toMatchObject({
      status: "failed",
      reason: "unavailable",
      values: valid,
    });
    expect((await run(formPost("/contact", valid), null)).body).toMatchObject({
      status: "failed",
      reason: "error",
      values: valid,
    });
  });

  it("uses 'unknown' when the server did not pass the client address", async () => {
    const fake = fakeEnquiryService();
    const request = formPost("/contact", valid);
    const withoutIp = new Request(request.url, { method: "POST", body: new URLSearchParams(await request.text()) });
    await run(withoutIp, fake.service);
    expect(fake.calls[0]!.ip).toBe("unknown");
  });
});
