import { describe, expect, it } from "vitest";
import {
  actionRunner,
  expectPassedOn,
  fakeEnquiryService,
  contextWith,
  formPost,
  formToken,
  quietActionLogs,
} from "../../../test/support/enquiry-actions";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "~/features/enquiries/form-guard.server";
import { action, loader } from "./route";

const valid = {
  fullName: "Kwame Asante",
  organization: "Ghana Health Service",
  email: "kwame@example.org",
  role: "government",
  preferredDate: "2026-03-14",
  message: "Regional rollout questions.",
};

const run = actionRunner(action);

quietActionLogs();

describe("demo request action", () => {
  it("issues a signed token from the loader", () => {
    expect(loader({ request: new Request("http://localhost/demo"), context: contextWith(null) }).token).toMatch(
      /^\d+\.[\w-]{43}$/,
    );
  });

  it("sends the validated form to the service (which stores the registry's payload)", async () => {
    await expectPassedOn(run, "/demo", "demo", valid, { status: "success" });
  });

  it("accepts a request without the optional date and message", async () => {
    const fake = fakeEnquiryService();
    await run(formPost("/demo", { ...valid, preferredDate: "", message: "" }), fake.service);
    expect(fake.calls[0]!.fields).toMatchObject({ preferredDate: undefined, message: undefined });
  });

  it("returns errors and values without calling the service when invalid", async () => {
    const fake = fakeEnquiryService();
    const submitted = { ...valid, organization: "", role: "astronaut", preferredDate: "2026-02-30" };
    const { body, status } = await run(formPost("/demo", submitted), fake.service);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      status: "invalid",
      errors: {
        organization: "Enter your organisation or institution",
        role: "Select your role",
        preferredDate: "Enter a real date for your preferred date",
      },
      values: submitted,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ["honeypot", { [HONEYPOT_FIELD]: "buy now" }],
    ["missing token", { [TIMESTAMP_FIELD]: "" }],
    ["too fast", { [TIMESTAMP_FIELD]: formToken(0) }],
  ])("treats spam (%s) as success without calling the service", async (_label, override) => {
    const fake = fakeEnquiryService();
    const { body, status } = await run(formPost("/demo", { ...valid, ...override }), fake.service);
    expect({ body, status }).toEqual({ body: { status: "success" }, status: 200 });
    expect(fake.calls).toHaveLength(0);
  });

  it("responds 429 with Retry-After when rate-limited", async () => {
    const fake = fakeEnquiryService(() => ({ ok: false, reason: "rate-limited", retryAfterSeconds: 30.2 }));
    const { body, status, headers } = await run(formPost("/demo", valid), fake.service);
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("31");
    expect(body).toMatchObject({ status: "failed", reason: "rate-limited", values: valid, retryAfterSeconds: 31 });
  });

  it("keeps the values when the service throws", async () => {
    const fake = fakeEnquiryService(() => Promise.reject(new Error("smtp timeout")));
    const { body, status } = await run(formPost("/demo", valid), fake.service);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "failed", reason: "error", values: valid });
  });
});
