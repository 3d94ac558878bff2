import { describe, expect, it } from "vitest";
import { fakeEnquiryService, contextWith, formActionTests, formPost } from "../../../test/support/enquiry-actions";
import { action, loader } from "./route";

const { valid, run } = formActionTests("demo", action);

describe("demo request action", () => {
  it("issues a signed token from the loader", () => {
    expect(loader({ request: new Request("http://localhost/demo"), context: contextWith(null) }).token).toMatch(
      /^\d+\.[\w-]{43}$/,
    );
  });

  it("accepts a request without the optional date and message", async () => {
    const fake = fakeEnquiryService();
    await run(formPost("/demo", { ...valid, preferredDate: "", message: "" }), fake.service);
    expect(fake.calls[0]!.fields).toMatchObject({ preferredDate: undefined, message: undefined });
  });
});
