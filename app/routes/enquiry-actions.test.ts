import { describe, expect, it } from "vitest";
import {
  expectPassedOn,
  fakeEnquiryService,
  formActionTests,
  formPost,
  formToken,
} from "../../test/support/enquiry-actions";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "~/features/enquiries/form-guard.server";
import { action as advisoryAction } from "./advisory/route";
import { action as contactAction } from "./contact/route";
import { action as demoAction } from "./demo/route";

/**
 * What the three enquiry forms' actions do alike: a valid post goes to the
 * service as it was typed, spam is answered like a success without it, a
 * form with invalid fields comes back with its errors and values, a
 * rate limit is a 429 with Retry-After in whole seconds, and a service that
 * throws is a 503 with the values kept and one error line with no personal
 * data. Each form's own fields and words: app/routes/{contact,demo,advisory}/action.test.ts.
 */
const forms = [
  {
    kind: "contact",
    action: contactAction,
    success: { status: "success", interest: "partnership" },
    invalid: {
      fields: { name: "", email: "not-an-email", interest: "bogus" },
      errors: {
        name: "Enter your full name",
        email: "Enter an email address in the correct format, like name@example.com",
        interest: "Select what your enquiry is about",
      },
    },
  },
  {
    kind: "demo",
    action: demoAction,
    success: { status: "success" },
    invalid: {
      fields: { organization: "", role: "astronaut", preferredDate: "2026-02-30" },
      errors: {
        organization: "Enter your organisation or institution",
        role: "Select your role",
        preferredDate: "Enter a real date for your preferred date",
      },
    },
  },
  {
    kind: "advisory",
    action: advisoryAction,
    success: { status: "success" },
    // Every field is required.
    invalid: {
      fields: { fullName: "", email: "", role: "", country: "", reason: "" },
      errors: {
        fullName: "Enter your full name",
        email: "Enter your email address",
        role: "Select your role",
        country: "Enter your country",
        reason: "Tell us why you want to join",
      },
    },
  },
] as const;

describe.each(forms)("the $kind action", ({ kind, action, success, invalid }) => {
  const { valid, run, logs } = formActionTests(kind, action);
  const path = `/${kind}`;

  it("sends the validated form to the service (which stores the registry's payload)", async () => {
    await expectPassedOn(run, path, kind, valid, success);
  });

  it("returns the errors and every value, and does not call the service, when the form is invalid", async () => {
    const fake = fakeEnquiryService();
    const token = formToken(5000);
    const submitted = { ...valid, ...invalid.fields };
    const { body, status } = await run(formPost(path, submitted, { token }), fake.service);
    expect(status).toBe(400);
    expect(body).toEqual({
      status: "invalid",
      errors: invalid.errors,
      values: submitted,
      // The original render time is kept, so correcting a mistake quickly is never "too fast".
      token,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ["honeypot", { [HONEYPOT_FIELD]: "buy now" }],
    ["missing token", { [TIMESTAMP_FIELD]: "" }],
    ["too fast", { [TIMESTAMP_FIELD]: formToken(0) }],
  ])("treats spam (%s) as a success without calling the service", async (_label, override) => {
    const fake = fakeEnquiryService();
    const { body, status } = await run(formPost(path, { ...valid, ...override }), fake.service);
    expect({ body, status }).toEqual({ body: success, status: 200 });
    expect(fake.calls).toHaveLength(0);
  });

  it("responds 429 with Retry-After, in whole seconds rounded up, when rate-limited, keeping the values", async () => {
    const fake = fakeEnquiryService(() => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 30.2 }));
    const { body, status, headers } = await run(formPost(path, valid), fake.service);
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("31");
    expect(body).toMatchObject({ status: "failed", reason: "rate-limited", values: valid, retryAfterSeconds: 31 });
  });

  it("fails with the values kept, and logs, when the service throws", async () => {
    const fake = fakeEnquiryService(() => {
      throw new Error("database down");
    });
    const { body, status } = await run(formPost(path, valid), fake.service);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "failed", reason: "error", values: valid });
    expect(body).not.toHaveProperty("retryAfterSeconds");
    const logged = logs.entries.find((entry) => entry.level === "error");
    expect(logged).toMatchObject({
      level: "error",
      msg: "enquiry submission failed",
      kind,
      err: { message: "database down" },
    });
    // No personal data in the log line.
    expect(JSON.stringify(logged)).not.toContain(valid.email);
  });

  it("fails the same way when the service's promise rejects", async () => {
    const fake = fakeEnquiryService(() => Promise.reject(new Error("smtp timeout")));
    const { body, status } = await run(formPost(path, valid), fake.service);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "failed", reason: "error", values: valid });
  });
});
