import { describe, expect, it } from "vitest";
import { advisoryNotices } from "~/content/advisory";
import { contactNotices } from "~/content/contact";
import { demoNotices } from "~/content/demo";
import { refusalOf, retryWhen } from "./refusal";
import type { EnquiryResult } from "./types";

const base = { values: {}, token: "t" };
const contact = { notices: contactNotices, submitLabel: "Send Message" };
const demo = { notices: demoNotices, submitLabel: "Request Demo" };

describe("what a refused form says (the toast and the page alike)", () => {
  it("nothing when there is no result or it was sent", () => {
    expect(refusalOf(undefined, contact)).toBeUndefined();
    expect(refusalOf({ status: "success" }, contact)).toBeUndefined();
  });

  it("keeps the specification's words (section 8) for a failure with no more specific reason", () => {
    const error: EnquiryResult = { status: "failed", reason: "error", ...base };
    expect(refusalOf(error, contact)).toEqual({
      reason: "error",
      toastTitle: "Message Failed",
      title: "Message Failed",
      description: "Please try again or email us directly at hello@maternis.health",
    });
    for (const notices of [demoNotices, advisoryNotices]) {
      expect(refusalOf(error, { notices, submitLabel: "x" })).toMatchObject({
        toastTitle: "Error",
        description: "Something went wrong. Please try again.",
      });
    }
  });

  it("says when to try again after the hourly limit, under the specification's toast title", () => {
    const limited: EnquiryResult = { status: "failed", reason: "rate-limited", retryAfterSeconds: 3041, ...base };
    expect(refusalOf(limited, demo)).toEqual({
      reason: "rate-limited",
      toastTitle: "Error",
      title: "Your demo request was not sent",
      description:
        "You have sent several forms recently. Please try again in 51 minutes, or email us directly at hello@maternis.health",
    });
  });

  it("says the enquiry could not be saved when storage is unavailable", () => {
    const unavailable: EnquiryResult = { status: "failed", reason: "unavailable", ...base };
    expect(refusalOf(unavailable, contact)).toMatchObject({
      toastTitle: "Message Failed",
      description: contactNotices.unavailable,
    });
    expect(contactNotices.unavailable).toMatch(/^We could not save your message just now/);
    expect(refusalOf(unavailable, { notices: advisoryNotices, submitLabel: "Join Network" })).toMatchObject({
      toastTitle: "Error",
      title: "Your application was not sent",
      description: advisoryNotices.unavailable,
    });
  });

  it("counts the fields to check, as the error summary lists them", () => {
    const invalid = (errors: Record<string, string>): EnquiryResult => ({ status: "invalid", errors, ...base });
    expect(refusalOf(invalid({ email: "Enter an email address" }), contact)).toEqual({
      reason: "invalid",
      toastTitle: "Message Failed",
      title: "There is a problem",
      description: "Check the field marked below.",
    });
    expect(refusalOf(invalid({ name: "Enter your name", message: "Enter a message" }), contact)?.description).toBe(
      "Check the 2 fields marked below.",
    );
  });

  it("asks for the form again, naming its button, when it expired", () => {
    expect(refusalOf({ status: "expired", ...base }, demo)).toMatchObject({
      reason: "expired",
      toastTitle: "Error",
      title: "Please send the form again",
      description: expect.stringContaining("select ‘Request Demo’ again"),
    });
  });

  it("puts the wait in words", () => {
    expect([1, 60, 61, 3041, 5340, 5400, 10_800].map(retryWhen)).toEqual([
      "in a minute",
      "in a minute",
      "in 2 minutes",
      "in 51 minutes",
      "in 89 minutes",
      "in about 2 hours",
      "in about 3 hours",
    ]);
  });
});
