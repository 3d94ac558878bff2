import { describe, expect, it } from "vitest";
import { firstName, formatDate, optionLabel, slugify, withUtm } from "./utils";

const utm = { campaign: "Thank you for requesting a demo", variant: "success", cta: "Explore the product" };

describe("withUtm", () => {
  it("adds all five tracking parameters to an http(s) link", () => {
    const url = new URL(withUtm("https://www.maternis.health/product", utm));
    expect(url.origin + url.pathname).toBe("https://www.maternis.health/product");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: "email",
      utm_medium: "transactional",
      utm_campaign: "thank-you-for-requesting-a-demo",
      utm_variant: "success",
      utm_cta: "explore-the-product",
    });
    expect(withUtm("http://example.org/", utm)).toContain("utm_source=email");
  });

  it("keeps an existing query string and fragment", () => {
    const result = withUtm("https://example.org/page?ref=a%20b&x=1#top", utm);
    expect(result.startsWith("https://example.org/page?ref=a%20b&x=1&utm_source=email&utm_medium=transactional&")).toBe(
      true,
    );
    expect(result.endsWith("#top")).toBe(true);
  });

  it("leaves a link that already has any utm_ parameter untouched", () => {
    for (const url of [
      "https://example.org/?utm_source=newsletter",
      "https://example.org/p?a=1&utm_content=hero",
      "https://example.org/p?UTM_Campaign=spring#x",
    ]) {
      expect(withUtm(url, utm)).toBe(url);
    }
  });

  it("leaves mailto:, tel: and unparseable links untouched", () => {
    for (const url of [
      "mailto:hello@maternis.health",
      "mailto:a@example.org?subject=Hi",
      "tel:+441314960742",
      "/relative/path",
      "not a url",
    ]) {
      expect(withUtm(url, utm)).toBe(url);
    }
  });

  it("limits the campaign slug to 40 characters without a trailing hyphen", () => {
    // The 40th character of the full slug is a hyphen.
    const campaign = "abcdefghij abcdefghij abcdefghij abcdef ghij";
    const value = new URL(withUtm("https://example.org/", { ...utm, campaign })).searchParams.get("utm_campaign");
    expect(value).toBe("abcdefghij-abcdefghij-abcdefghij-abcdef");
    const long = new URL(withUtm("https://example.org/", { ...utm, campaign: "x".repeat(100) })).searchParams.get(
      "utm_campaign",
    );
    expect(long).toBe("x".repeat(40));
  });
});

describe("slugify", () => {
  it("lower-cases, hyphenates and strips accents and punctuation", () => {
    expect(slugify("Pricing & Plans")).toBe("pricing-and-plans");
    expect(slugify("  Café Déjà Vu!  ")).toBe("cafe-deja-vu");
    expect(slugify("--Welcome to the Advisory Network--")).toBe("welcome-to-the-advisory-network");
  });

  it("never exceeds 40 characters or ends in a hyphen", () => {
    for (let n = 30; n < 60; n++) {
      const slug = slugify(`${"ab ".repeat(n)}end`);
      expect(slug.length).toBeLessThanOrEqual(40);
      expect(slug.endsWith("-")).toBe(false);
    }
  });
});

describe("firstName", () => {
  it("takes the name up to the first space", () => {
    expect(firstName("Ama Mensah")).toBe("Ama");
    expect(firstName("  Kwame   Nkrumah Boateng ")).toBe("Kwame");
    expect(firstName("Ngozi")).toBe("Ngozi");
    expect(firstName("Eve\r\nBcc: x@example.org")).toBe("Eve");
    expect(firstName("   ")).toBe("");
    expect(firstName("Zoë O'Brien")).toBe("Zoë");
    expect(firstName("O'Brien-Ng")).toBe("O'Brien-Ng");
    expect(firstName("Dr. Ama Mensah")).toBe("Dr.");
    expect(firstName("Адвоа Мэнса")).toBe("Адвоа");
    // Not a name: never put in a greeting sent to whatever address was typed (then "Hello,").
    for (const typed of ["https://evil.example/claim-prize Smith", "evil.example Smith", "ama@example.org", "Win£100"])
      expect(firstName(typed), typed).toBe("");
  });
});

describe("optionLabel", () => {
  it("gives the label of a known value and the raw value otherwise", () => {
    const options = [{ value: "ngo", label: "NGO Professional" }];
    expect(optionLabel(options, "ngo")).toBe("NGO Professional");
    expect(optionLabel(options, "other")).toBe("other");
    expect(optionLabel(options, undefined)).toBeUndefined();
  });
});

describe("formatDate", () => {
  it("writes an ISO date in full, and leaves anything else as it is", () => {
    expect(formatDate("2026-03-14")).toBe("Saturday 14 March 2026");
    expect(formatDate("next Tuesday")).toBe("next Tuesday");
    expect(formatDate("2026-13-40")).toBe("2026-13-40");
    expect(formatDate(undefined)).toBeUndefined();
    expect(formatDate("")).toBeUndefined();
  });
});
