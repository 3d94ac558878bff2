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

/** What a document must say (a string or a pattern it contains), and must not. */
type Wording = {
  name: "privacy" | "terms";
  about: string;
  claim: string;
  says: (string | RegExp)[];
  never: (string | RegExp)[];
};

describe.each<Wording>([
  {
    name: "privacy",
    about: "privacy policy content",
    claim: "describes what the site really does",
    says: [
      "24 months",
      "one-way fingerprint",
      "session storage",
      /no cookies|sets no cookies/i,
      "Information Commissioner",
      "Data Protection Act 2018",
    ],
    never: [],
  },
  {
    name: "privacy",
    about: "privacy policy content",
    claim: "says the staff sign-in cookie is the only cookie, and how access and erasure requests are handled",
    says: [
      "The public pages of this website set no cookies.",
      "The only cookie this website uses is the sign-in cookie of our staff console",
      "one file with everything we hold about that email address",
      "JSON",
      /from our live database at once/,
      /within 8 weeks at the latest/,
      // Backups made after an erasure hold nothing; only those made before keep a copy (ADR 014).
      "no copy remains in them or in any backup made afterwards",
      "Backups made before your request still hold a copy until they are deleted",
      "one-way keyed code",
      "does not hold your email address",
    ],
    never: [/Copies in our backups go as those backups are deleted/],
  },
  {
    name: "privacy",
    about: "privacy policy on counting visits (issue 44)",
    claim: "says exactly what is counted, and that nothing identifies a visitor",
    says: [
      "with no script and no cookie",
      "a random key that changes every day",
      "the key and the codes are deleted",
      "Your IP address, your browser&#39;s details and the full address you came from are never stored",
      "Global Privacy Control or Do Not Track",
      "<strong>25 months</strong>",
      "They are deleted with your submission.",
    ],
    never: ["does not use analytics"],
  },
  {
    name: "terms",
    about: "terms content",
    claim: "includes the required commitments",
    says: ["30 days&#39; notice", "Business Associate Agreement", "law of Scotland, United Kingdom"],
    never: [],
  },
])("$about", ({ name, claim, says, never }) => {
  // toMatch with a string checks that the text contains it.
  it(claim, () => {
    const html = loadLegalDocument(name).html;
    for (const phrase of says) expect(html).toMatch(phrase);
    for (const phrase of never) expect(html).not.toMatch(phrase);
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
