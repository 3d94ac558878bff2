import { describe, expect, it } from "vitest";
import { fakeEnquiryService, formActionTests, formPost } from "../../../test/support/enquiry-actions";
import { action } from "./route";

const { valid, run } = formActionTests("advisory", action);

describe("advisory action", () => {
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
});
