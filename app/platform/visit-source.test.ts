import { describe, expect, it } from "vitest";
import {
  cleanUtmValue,
  isReferrerLabel,
  referrerOf,
  referrerText,
  utmOf,
  utmOfTarget,
  UTM_MAX_LENGTH,
} from "./visit-source";

const site = {
  ownHosts: ["www.maternis.health", "localhost:3000"],
  pagePath: (path: string) => (["/", "/about", "/contact"].includes(path) ? path : null),
};

describe("referrerOf", () => {
  it.each([
    [undefined, "direct"],
    ["", "direct"],
    ["not a url", "direct"],
    ["file:///etc/passwd", "direct"],
    ["https://www.google.com/search?q=maternal+records", "google.com"],
    ["https://WWW.Partner-NGO.org:8443/news/2026/maternis?ref=x#top", "partner-ngo.org"],
    ["android-app://com.google.android.gm/", "com.google.android.gm"],
    ["https://www.maternis.health/about?utm_source=email", "/about"],
    ["http://localhost:3000/", "/"],
    ["https://www.maternis.health/staff/enquiries/0b6d1f3e", "(this site)"],
    ["https://www.maternis.health/no-such-page-ama@example.org", "(this site)"],
    // An app's "host" is free text: only a package name is kept. An IP address names a machine, not a site.
    ["android-app://jane.doe%40gmail.com/", "direct"],
    ["android-app://=hyperlink(%22x%22)/", "direct"],
    ["android-app://%e2%80%aemoc.elgoog/", "direct"],
    ["http://192.168.1.23/intranet", "direct"],
    ["http://[2001:db8::1]/", "direct"],
    ["https://xn--bcher-kva.example/", "xn--bcher-kva.example"],
  ])("%s is %s", (referer, expected) => {
    expect(referrerOf(referer, site)).toBe(expected);
  });

  it("keeps no path, query or fragment of another site", () => {
    const kept = referrerOf("https://news.example.org/private/ama.mensah?email=ama@example.org#x", site);
    expect(kept).toBe("news.example.org");
  });
});

describe("utm values", () => {
  it("reads the five parameters and nothing else", () => {
    const params = new URLSearchParams(
      "interest=pricing&utm_source=email&utm_medium=transactional&utm_campaign=demo-welcome&utm_variant=b&utm_cta=book&utm_term=x&q=secret",
    );
    expect(utmOf(params)).toEqual({
      utm_source: "email",
      utm_medium: "transactional",
      utm_campaign: "demo-welcome",
      utm_variant: "b",
      utm_cta: "book",
    });
  });

  it("cuts long values, trims them, drops control characters and anything holding an address or a phone number", () => {
    expect(cleanUtmValue("x".repeat(500))).toHaveLength(UTM_MAX_LENGTH);
    expect(cleanUtmValue("  spring\u0000 launch \n")).toBe("spring launch");
    expect(cleanUtmValue("ama.mensah@example.org")).toBeNull();
    // However it is written: full width, or still percent-encoded (a link encoded twice).
    expect(cleanUtmValue("jane.doe\uff20gmail.com")).toBeNull();
    expect(cleanUtmValue("jane.doe%40gmail.com")).toBeNull();
    expect(cleanUtmValue("spring%20launch")).toBe("spring launch");
    expect(cleanUtmValue("100%")).toBe("100%");
    // Phone numbers go; dates, short numbers and an ad platform's numeric campaign id stay.
    for (const phone of ["07700900123", "07700 900123", "+233 24 123 4567", "(0244) 123456"])
      expect(cleanUtmValue(phone), phone).toBeNull();
    for (const kept of ["newsletter-2026-11-29", "20261129", "q4-2026", "12345678901", "ＳＰＲＩＮＧ"])
      expect(cleanUtmValue(kept), kept).not.toBeNull();
    expect(cleanUtmValue("ＳＰＲＩＮＧ")).toBe("SPRING");
    expect(cleanUtmValue("   ")).toBeNull();
    expect(cleanUtmValue(null)).toBeNull();
  });

  it("parses a request target only when it has utm parameters", () => {
    expect(utmOfTarget("/contact")).toEqual({});
    expect(utmOfTarget("/contact?interest=pricing")).toEqual({});
    expect(utmOfTarget("/contact?interest=pricing&utm_source=email&utm_cta=reply")).toEqual({
      utm_source: "email",
      utm_cta: "reply",
    });
  });
});

describe("referrer labels", () => {
  it("accepts what referrerOf gives and refuses anything else", () => {
    for (const label of ["direct", "(this site)", "/about", "/", "google.com", "com.google.android.gm"]) {
      expect(isReferrerLabel(label), label).toBe(true);
    }
    for (const label of [
      "",
      "https://google.com/",
      "/about?x=1",
      "ama@example.org",
      "Google.com",
      "x".repeat(101),
      "192.168.1.23",
      "jane.doe%40gmail.com",
    ]) {
      expect(isReferrerLabel(label), label).toBe(false);
    }
  });

  it("reads as staff read it", () => {
    expect(referrerText("direct")).toBe("Direct (no referrer)");
    expect(referrerText("/product")).toBe("This site: /product");
    expect(referrerText("google.com")).toBe("google.com");
  });
});
