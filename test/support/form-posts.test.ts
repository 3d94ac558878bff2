import { describe, expect, it } from "vitest";
import { issueFormToken } from "~/features/enquiries/form-guard.server";
import { formToken, urlencodedForm } from "./form-posts";

describe("form posts", () => {
  it("signs the token as the server does", () => {
    const secret = "form-posts-test-secret-0123456789abcdef";
    const issuedAt = 1_700_000_000_000;
    expect(formToken(secret, issuedAt)).toBe(issueFormToken(issuedAt, Buffer.from(secret, "utf8")));
  });

  it("puts the honeypot and the token first", () => {
    expect([...urlencodedForm({ name: "Ada" }, "t").keys()]).toEqual(["website", "formStartedAt", "name"]);
  });
});
