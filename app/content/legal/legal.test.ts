import { describe, expect, it } from "vitest";
import { company, formatAddress } from "~/platform/company";
import { fillPlaceholders, legalSources, loadLegalDocument, renderLegalMarkdown, slugify } from "./render.server";

const sectionHeadings = (source: string) => source.split("\n").filter((line) => /^## /.test(line));

describe.each([
  { name: "privacy" as const, title: "Privacy Policy", sections: 9 },
  { name: "terms" as const, title: "Terms of Service", sections: 14 },
])("$title markdown", ({ name, title, sections }) => {
  const source = legalSources[name];

  it(`has exactly ${sections} numbered ## sections and is dated January 2025`, () => {
    const headings = sectionHeadings(source);
    expect(headings).toHaveLength(sections);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^## ${index + 1}\\. \\S`)));
    expect(source).toMatch(/^Last updated: January 2025$/m);
    expect(source).toMatch(new RegExp(`^# ${title}$`, "m"));
  });

  it("renders to HTML with a table of contents of anchored sections", () => {
    const doc = loadLegalDocument(name);
    expect(doc.title).toBe(title);
    expect(doc.lastUpdated).toBe("Last updated: January 2025");
    expect(doc.toc).toHaveLength(sections);
    const ids = doc.toc.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(sections);
    for (const entry of doc.toc) {
      expect(entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(doc.html).toContain(`<h2 id="${entry.id}">`);
    }
    // Title and date are shown by the page, not repeated in the body.
    expect(doc.html).not.toContain("<h1");
    expect(doc.html).not.toContain("Last updated: January 2025");
  });

  it("fills the contact details from the company module", () => {
    const doc = loadLegalDocument(name);
    expect(doc.html).not.toMatch(/\{\{|\}\}/);
    expect(doc.html).toContain(company.legalName);
    expect(doc.html).toContain(`href="mailto:${company.email.enquiries}"`);
    expect(doc.html).toContain(formatAddress());
    expect(doc.html).toContain(`href="tel:${company.telephone.e164}"`);
  });
});

describe("privacy policy content", () => {
  const html = loadLegalDocument("privacy").html;
  it("describes what the site really does", () => {
    expect(html).toContain("24 months");
    expect(html).toContain("one-way fingerprint");
    expect(html).toContain("session storage");
    expect(html).toMatch(/no cookies|sets no cookies/i);
    expect(html).toContain("Information Commissioner");
    expect(html).toContain("Data Protection Act 2018");
  });

  it("says the staff sign-in cookie is the only cookie, and how access and erasure requests are handled", () => {
    expect(html).toContain("The public pages of this website set no cookies.");
    expect(html).toContain("The only cookie this website uses is the sign-in cookie of our staff console");
    expect(html).toContain("one file with everything we hold about that email address");
    expect(html).toContain("JSON");
    expect(html).toMatch(/from our live database at once/);
    expect(html).toMatch(/within 8 weeks at the latest/);
    // Backups made after an erasure hold nothing; only those made before keep a copy (ADR 014).
    expect(html).toContain("no copy remains in them or in any backup made afterwards");
    expect(html).toContain("Backups made before your request still hold a copy until they are deleted");
    expect(html).not.toMatch(/Copies in our backups go as those backups are deleted/);
    expect(html).toContain("one-way keyed code");
    expect(html).toContain("does not hold your email address");
  });
});

describe("privacy policy on counting visits (issue 44)", () => {
  const html = loadLegalDocument("privacy").html;
  it("says exactly what is counted, and that nothing identifies a visitor", () => {
    expect(html).toContain("with no script and no cookie");
    expect(html).toContain("a random key that changes every day");
    expect(html).toContain("the key and the codes are deleted");
    expect(html).toContain("Your IP address, your browser&#39;s details and the full address you came from are never stored");
    expect(html).toContain("Global Privacy Control or Do Not Track");
    expect(html).toContain("<strong>25 months</strong>");
    expect(html).toContain("They are deleted with your submission.");
    expect(html).not.toContain("does not use analytics");
  });
});

describe("terms content", () => {
  const html = loadLegalDocument("terms").html;
  it("includes the required commitments", () => {
    expect(html).toContain("30 days&#39; notice");
    expect(html).toContain("Business Associate Agreement");
    expect(html).toContain("law of Scotland, United Kingdom");
  });
});

describe("helpers", () => {
  it("slugifies numbered headings to stable ids", () => {
    expect(slugify("1. Information we collect")).toBe("information-we-collect");
    expect(slugify("5. HIPAA compliance and Business Associate Agreements")).toBe(
      "hipaa-compliance-and-business-associate-agreements",
    );
    expect(slugify("12. Governing law")).toBe("governing-law");
  });

  it("fails loudly on an unknown placeholder", () => {
    expect(() => fillPlaceholders("Hello {{nope}}")).toThrow(/nope/);
  });

  it("gives duplicate headings distinct ids", () => {
    const doc = renderLegalMarkdown("# T\n\nLast updated: now\n\n## 1. Same\n\ntext\n\n## 2. Same\n");
    expect(doc.toc.map((entry) => entry.id)).toEqual(["same", "same-2"]);
  });
});
