// @vitest-environment jsdom
// jsdom provides DOMParser to inspect the rendered HTML; previews.test.ts renders in the Node environment.
import { render } from "react-email";
import { describe, expect, it } from "vitest";
import { company } from "~/platform/company";
import { defineEmail, renderEmail } from "./define";
import { EmailLayout, type EmailLayoutProps } from "./layout";
import { EMAIL_MAX_WIDTH, emailVariants, variantColours } from "./tokens";

const base: EmailLayoutProps = {
  title: "Thank you for requesting a demo",
  preheader: "We will be in touch soon.",
  intro: (
    <>
      <p>Hi Ama,</p>
      <p>Thanks &amp; welcome.</p>
    </>
  ),
  sections: [
    {
      heading: "What to expect",
      body: (
        <ul>
          <li>A walkthrough</li>
          <li>Questions</li>
        </ul>
      ),
    },
  ],
  ctas: [{ label: "Explore the product", url: "https://www.maternis.health/product" }],
  secondaryCtas: [
    { label: "Contact us", url: "https://www.maternis.health/contact" },
    { label: "Email us", url: "mailto:hello@maternis.health" },
  ],
  footerNote: "You asked for this e-mail.",
};

const renderLayout = (props: EmailLayoutProps) => render(<EmailLayout {...props} />, { pretty: false });
const dom = (html: string) => new DOMParser().parseFromString(html, "text/html");

function contrast(hex: string, other = "#ffffff") {
  const luminance = (h: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(h.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(hex), luminance(other)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe("EmailLayout", () => {
  it("is at most 660px wide", async () => {
    const html = await renderLayout(base);
    const doc = dom(html);
    const widths = [...doc.querySelectorAll<HTMLElement>("[style*='max-width']")]
      .map((el) => el.style.maxWidth)
      .filter((w) => w !== "0" && w !== "0px" && w !== "100%");
    expect(widths).toEqual([`${EMAIL_MAX_WIDTH}px`]);
    expect(EMAIL_MAX_WIDTH).toBe(660);
    // No fixed width anywhere is wider than the container.
    for (const el of doc.querySelectorAll("[width]")) {
      const width = el.getAttribute("width") ?? "";
      if (/^\d+$/.test(width)) expect(Number(width)).toBeLessThanOrEqual(660);
    }
  });

  it("gives every variant a bar/button colour with AA contrast against white text", () => {
    expect(new Set(Object.values(variantColours)).size).toBe(emailVariants.length);
    for (const variant of emailVariants) expect(contrast(variantColours[variant])).toBeGreaterThanOrEqual(4.5);
  });

  it("changes only the bar and button colour between variants", async () => {
    const props = { ...base, addUtm: false };
    const reference = await renderLayout({ ...props, variant: "neutral" });
    for (const variant of emailVariants) {
      const html = await renderLayout({ ...props, variant });
      const colour = variantColours[variant];
      // Same document once the variant colour is masked…
      expect(html.replaceAll(colour, "VARIANT")).toBe(reference.replaceAll(variantColours.neutral, "VARIANT"));
      // …and that colour is used by the bar and the buttons only.
      const doc = dom(html);
      const coloured = [...doc.querySelectorAll<HTMLElement>("*")].filter(
        (el) => (el.getAttribute("style") ?? "").includes(colour) || el.getAttribute("bgcolor") === colour,
      );
      const bar = doc.querySelector("[data-email-bar]");
      const buttons = [...doc.querySelectorAll("a")].filter((a) => a.textContent === "Explore the product");
      expect(bar).not.toBeNull();
      expect(buttons).toHaveLength(1);
      expect(coloured).toEqual([bar, ...buttons]);
    }
  });

  it("with tracking on, variants differ only in colour and utm_variant", async () => {
    const success = await renderLayout({ ...base, variant: "success" });
    const alert = await renderLayout({ ...base, variant: "alert" });
    expect(success).not.toBe(alert);
    expect(success.replaceAll(variantColours.success, "C").replaceAll("utm_variant=success", "V")).toBe(
      alert.replaceAll(variantColours.alert, "C").replaceAll("utm_variant=alert", "V"),
    );
  });

  it("adds tracking to call-to-action links only, and not when addUtm is false", async () => {
    const tracked = dom(await renderLayout({ ...base, variant: "success" }));
    const href = (doc: Document, text: string) =>
      [...doc.querySelectorAll("a")].find((a) => a.textContent === text)?.getAttribute("href");
    const button = new URL(href(tracked, "Explore the product") ?? "");
    expect(Object.fromEntries(button.searchParams)).toEqual({
      utm_source: "email",
      utm_medium: "transactional",
      utm_campaign: "thank-you-for-requesting-a-demo",
      utm_variant: "success",
      utm_cta: "explore-the-product",
    });
    expect(href(tracked, "Contact us")).toContain("utm_cta=contact-us");
    expect(href(tracked, "Email us")).toBe("mailto:hello@maternis.health");
    expect(href(tracked, "LinkedIn")).toBe(company.social[0].url);

    const untracked = dom(await renderLayout({ ...base, addUtm: false }));
    expect(href(untracked, "Explore the product")).toBe("https://www.maternis.health/product");
    expect(href(untracked, "Contact us")).toBe("https://www.maternis.health/contact");
  });

  it("shows the logo, company details and social links unless branding is suppressed", async () => {
    const branded = dom(await renderLayout(base));
    const img = branded.querySelector("img");
    expect(img?.getAttribute("src")).toBe(`${company.siteUrl}/icon-192.png`);
    expect(img?.getAttribute("alt")).toBe("Maternis");
    expect(img?.getAttribute("width")).toBe("48");
    const text = branded.body.textContent ?? "";
    for (const fact of [
      company.legalName,
      company.address.postcode,
      company.telephone.display,
      company.email.enquiries,
      "LinkedIn",
    ]) {
      expect(text).toContain(fact);
    }

    const custom = dom(
      await renderLayout({ ...base, logoUrl: "https://cdn.example.org/l.png", logoAlt: "Partner", logoWidth: 64 }),
    );
    expect(custom.querySelector("img")?.outerHTML).toMatch(
      /alt="Partner".*src="https:\/\/cdn\.example\.org\/l\.png".*width="64"/,
    );

    const plain = dom(await renderLayout({ ...base, suppressBranding: true }));
    expect(plain.querySelector("img")).toBeNull();
    const plainText = plain.body.textContent ?? "";
    expect(plainText).not.toContain(company.legalName);
    expect(plainText).not.toContain("LinkedIn");
    expect(plainText).toContain("You asked for this e-mail.");
  });

  it("puts the preheader in hidden preview text and the title in <title> and <h1>", async () => {
    const doc = dom(await renderLayout(base));
    expect(doc.title).toBe(base.title);
    expect(doc.querySelector("h1")?.textContent).toBe(base.title);
    expect(doc.querySelector("[data-skip-in-text]")?.textContent).toContain("We will be in touch soon.");
    expect(doc.documentElement.getAttribute("lang")).toBe("en-GB");
  });
});

describe("plain-text part", () => {
  const layoutEmail = defineEmail<EmailLayoutProps>({
    subject: (p) => p.title,
    Email: EmailLayout,
    PreviewProps: base,
  });
  const textOf = async (props: EmailLayoutProps) => (await renderEmail(layoutEmail, props)).text;

  it("is React Email's plain text of the same HTML", async () => {
    const text = await textOf({ ...base, variant: "info" });
    expect(text).toMatch(/^Thank you for requesting a demo\n\nHi Ama,\n\nThanks & welcome\.\n/);
    expect(text).toContain("What to expect\n\n- A walkthrough\n- Questions");
    expect(text).toMatch(
      /^Explore the product https:\/\/www\.maternis\.health\/product\?utm_source=email&.*utm_variant=info&utm_cta=explore-the-product$/m,
    );
    expect(text).toContain("Contact us https://www.maternis.health/contact?utm_source=email&");
    expect(text).toContain("Email us mailto:hello@maternis.health");
    expect(text).toContain(`${company.legalName}\n`);
    expect(text).toContain(`Telephone ${company.telephone.display} · Email ${company.email.enquiries}`);
    expect(text).toContain("LinkedIn https://");
    expect(text).toContain("You asked for this e-mail.");
    expect(text).not.toContain("We will be in touch soon.");
    expect(text).not.toContain(company.tagline);
    expect(text).not.toMatch(/<[a-z/!]/i);

    const untracked = await textOf({ ...base, addUtm: false, suppressBranding: true });
    expect(untracked).toMatch(/^Explore the product https:\/\/www\.maternis\.health\/product$/m);
    expect(untracked).not.toContain(company.legalName);
    expect(untracked).toContain("You asked for this e-mail.");
  });
});
