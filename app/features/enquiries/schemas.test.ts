import { describe, expect, it } from "vitest";
import { controlAttributes, isInterest, limits } from "./fields";
import { enquiryKinds } from "./kinds";
import { formSchema, parseEnquiryForm } from "./schemas";

const contactFields = enquiryKinds.contact.fields;
const demoFields = enquiryKinds.demo.fields;

const validContact = {
  name: "Ama Mensah",
  email: "ama@example.org",
  organization: "",
  role: "",
  interest: "general",
  message: "Hello",
};

describe("contact form schema", () => {
  it("accepts a valid message and drops empty optional fields", () => {
    const result = parseEnquiryForm("contact", validContact);
    expect(result).toEqual({
      ok: true,
      value: {
        name: "Ama Mensah",
        email: "ama@example.org",
        organization: undefined,
        role: undefined,
        interest: "general",
        message: "Hello",
      },
    });
  });

  it("reports a GOV.UK-style message per missing field, in field order", () => {
    const result = parseEnquiryForm("contact", { interest: "general" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["name", "email", "message"]);
    expect(result.errors.name).toBe("Enter your full name");
    expect(result.errors.email).toBe("Enter your email address");
  });

  it("rejects a malformed email, an unknown interest and over-long text", () => {
    const result = parseEnquiryForm("contact", {
      ...validContact,
      email: "not-an-email",
      interest: "bogus",
      message: "x".repeat(limits.message + 1),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toMatch(/correct format/);
    expect(result.errors.interest).toBeDefined();
    expect(result.errors.message).toBe("Message must be 5000 characters or fewer");
  });

  it("takes an address at an internationalised top-level domain as browsers send it (punycode); refuses half-made ones", () => {
    const email = (value: string) => {
      const result = parseEnquiryForm("contact", { ...validContact, email: value });
      return result.ok ? result.value.email : result.errors.email;
    };
    for (const address of ["ivan@example.xn--p1ai", "li@example.xn--fiqs8s", "ama@example.org", "o'neil+x@mail.co.uk"])
      expect(email(address)).toBe(address);
    for (const address of ["ama@example", "ama@example.x", "ama@example.org.", "ama@@example.org", "ama@exa mple.org"])
      expect(email(address)).toMatch(/correct format/);
  });

  it("makes a tab in a single-line field a space (a name pasted from a spreadsheet); keeps it in the message", () => {
    const result = parseEnquiryForm("contact", {
      ...validContact,
      name: "Ama\tMensah",
      organization: "Korle Bu\t",
      message: "a\tb",
    });
    expect(result.ok && [result.value.name, result.value.organization, result.value.message]).toEqual([
      "Ama Mensah",
      "Korle Bu",
      "a\tb",
    ]);
  });

  it("refuses CR/LF in single-line fields but keeps newlines in the message", () => {
    const bad = parseEnquiryForm("contact", { ...validContact, name: "Eve\r\nBcc: x@y.z" });
    expect(bad.ok).toBe(false);
    const good = parseEnquiryForm("contact", { ...validContact, message: "Line one\r\nLine two" });
    expect(good.ok && good.value.message).toBe("Line one\nLine two");
  });

  it("refuses characters that reorder a line, C1 controls and U+FFFD anywhere; right-to-left text passes", () => {
    const refused = (fields: Record<string, string>) => {
      const result = parseEnquiryForm("contact", { ...validContact, ...fields });
      return result.ok ? null : result.errors;
    };
    expect(refused({ name: "Ama \u202egnp.exe" })?.name).toBe("Full Name contains characters that are not allowed");
    expect(refused({ message: "Hello\n\u2066team\u2069" })?.message).toMatch(/not allowed/);
    expect(refused({ message: "Hello \u009b31m" })?.message).toMatch(/not allowed/);
    expect(refused({ organization: "Korle Bu\ufffd" })?.organization).toMatch(/not allowed/);
    expect(refused({ name: "عائشة\u200f Bello", message: "Dear team,\n\tthank you" })).toBeNull();
  });

  it("treats non-string values as invalid rather than crashing", () => {
    const result = parseEnquiryForm("contact", { ...validContact, name: ["a", "b"] });
    expect(result.ok).toBe(false);
  });
});

describe("demo and advisory schemas", () => {
  it("maps the demo form to the stored payload", () => {
    const parsed = formSchema("demo").parse({
      fullName: "Kwame Asante",
      organization: "Korle Bu",
      email: "k@example.org",
      role: "healthcare",
      preferredDate: "2026-01-15",
      message: "",
    });
    const payload = enquiryKinds.demo.toPayload(parsed);
    expect(payload).toEqual({
      name: "Kwame Asante",
      email: "k@example.org",
      organization: "Korle Bu",
      role: "healthcare",
      preferredTime: "2026-01-15",
      message: undefined,
    });
  });

  it("rejects an impossible date and a role outside the list", () => {
    const result = parseEnquiryForm("demo", {
      fullName: "A",
      organization: "B",
      email: "a@b.co",
      role: "admin",
      preferredDate: "2026-13-45",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["role", "preferredDate"]);
  });

  it("requires every advisory field", () => {
    const result = parseEnquiryForm("advisory", {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["fullName", "email", "role", "country", "reason"]);
  });
});

describe("controlAttributes", () => {
  it("derives required, type and maxlength from the spec", () => {
    expect(controlAttributes(contactFields.email)).toMatchObject({ required: true, type: "email", maxLength: 254 });
    expect(controlAttributes(contactFields.organization)).toMatchObject({ required: false, maxLength: 200 });
    expect(controlAttributes(demoFields.preferredDate)).toMatchObject({ required: false, type: "date" });
  });
});

describe("isInterest", () => {
  it("accepts only the five interest values", () => {
    for (const v of ["general", "demo", "partnership", "implementation", "pricing"]) expect(isInterest(v)).toBe(true);
    expect(isInterest("bogus")).toBe(false);
    expect(isInterest(undefined)).toBe(false);
  });
});
