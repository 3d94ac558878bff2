import { describe, expect, it } from "vitest";
import {
  actionRunner,
  expectPassedOn,
  fakeEnquiryService,
  formPost,
  quietActionLogs,
} from "../../../test/support/enquiry-actions";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "~/features/enquiries/form-guard.server";
import { action } from "./route";

const valid = {
  fullName: "Ngozi Adeyemi",
  email: "ngozi@example.ng",
  role: "midwife",
  country: "Nigeria",
  reason: "I run antenatal clinics in Ibadan.",
};

const run = actionRunner(action);

quietActionLogs();

describe("advisory action", () => {
  it("sends the validated form to the service", async () => {
    await expectPassedOn(run, "/advisory", "advisory", valid, { status: "success" });
  });

  it("requires every field", async () => {
    const fake = fakeEnquiryService();
    const empty = { fullName: "", email: "", role: "", country: "", reason: "" };
    const { body } = await run(formPost("/advisory", empty), fake.service);
    expect(body).toMatchObject({
      status: "invalid",
      errors: {
        fullName: "Enter your full name",
        email: "Enter your email address",
        role: "Select your role",
        country: "Enter your country",
        reason: "Tell us why you want to join",
      },
      values: empty,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses a line break in a single-line field (no header smuggling)", async () => {
    const fake = fakeEnquiryService();
    const { body } = await run(
      formPost("/advisory", { ...valid, country: "Nigeria\r\nBcc: x@example.com" }),
      fake.service,
    );
    expect(body).toMatchObject({
      status: "invalid",
      errors: { country: "Country contains characters that are not allowed" },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("treats a filled honeypot or a missing token as success without calling the service", async () => {
    const fake = fakeEnquiryService();
    expect((await run(formPost("/advisory", { ...valid, [HONEYPOT_FIELD]: "x" }), fake.service)).body).toEqual({
      status: "success",
    });
    expect((await run(formPost("/advisory", { ...valid, [TIMESTAMP_FIELD]: "" }), fake.service)).body).toEqual({
      status: "success",
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("responds 429 with Retry-After when rate-limited, and fails with values kept when the service throws", async () => {
    const limited = fakeEnquiryService(() => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 600 }));
    const result = await run(formPost("/advisory", valid), limited.service);
    expect(result.status).toBe(429);
    expect(result.headers.get("Retry-After")).toBe("600");
    expect(result.body).toMatchObject({ status: "failed", reason: "rate-limited", retryAfterSeconds: 600 });
    const broken = fakeEnquiryService(() => {
      throw new Error("boom");
    });
    expect((await run(formPost("/advisory", valid), broken.service)).body).toMatchObject({
      status: "failed",
      reason: "error",
      values: valid,
    });
  });
});
