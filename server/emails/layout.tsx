import type { CSSProperties } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "react-email";
import { company, formatAddress } from "~/content/company";
import { htmlToText, tidyText, withUtm } from "./utils";

/**
 * The one branded layout every Maternis e-mail uses. It takes exactly the
 * template inputs of SPEC section 3; `layoutToText` renders the plain-text
 * part from the same inputs.
 */

export const emailVariants = ["neutral", "success", "alert", "info"] as const;
export type EmailVariant = (typeof emailVariants)[number];

/**
 * Bar and button colour per variant (SPEC section 4: the variant changes only
 * these). Each takes white button text at WCAG AA contrast or better:
 * neutral 9.6:1, success 5.1:1, alert 6.6:1, info 6.7:1. None of them is used
 * anywhere else in the layout.
 */
export const variantColours: Record<EmailVariant, string> = {
  neutral: "#0a4e48",
  success: "#1a7f37",
  alert: "#b42318",
  info: "#1d4ed8",
};

export const EMAIL_MAX_WIDTH = 660;

export const defaultLogo = {
  url: `${company.siteUrl}/icon-192.png`,
  alt: company.brand,
  width: 48,
} as const;

export type EmailLink = { label: string; url: string };
export type EmailSection = {
  heading: string;
  /** HTML from our own templates; user input inside it must go through escapeHtml. */
  html: string;
};

export type EmailLayoutProps = {
  title: string;
  /** Inbox preview text (hidden in the body). */
  preheader?: string;
  /** HTML from our own templates; user input inside it must go through escapeHtml. */
  introHtml?: string;
  sections?: readonly EmailSection[];
  /** Primary calls to action, shown as buttons. */
  ctas?: readonly EmailLink[];
  /** Secondary calls to action, shown as text links. */
  secondaryCtas?: readonly EmailLink[];
  /** Defaults to the company's social links. */
  socialLinks?: readonly EmailLink[];
  /** Plain text shown at the top of the footer. */
  footerNote?: string;
  logoUrl?: string;
  logoAlt?: string;
  logoWidth?: number;
  variant?: EmailVariant;
  /** Hides the logo, the social links and the company details in the footer. */
  suppressBranding?: boolean;
  /** Adds tracking parameters to call-to-action links (default true). */
  addUtm?: boolean;
};

/** Defaults applied and call-to-action URLs resolved, for both the HTML and the text part. */
export function resolveLayout(props: EmailLayoutProps) {
  const variant = props.variant ?? "neutral";
  const addUtm = props.addUtm ?? true;
  const track = (link: EmailLink): EmailLink =>
    addUtm ? { label: link.label, url: withUtm(link.url, { campaign: props.title, variant, cta: link.label }) } : link;
  return {
    title: props.title,
    preheader: props.preheader ?? "",
    introHtml: props.introHtml ?? "",
    sections: props.sections ?? [],
    ctas: (props.ctas ?? []).map(track),
    secondaryCtas: (props.secondaryCtas ?? []).map(track),
    socialLinks: props.socialLinks ?? company.social,
    footerNote: props.footerNote ?? "",
    logoUrl: props.logoUrl ?? defaultLogo.url,
    logoAlt: props.logoAlt ?? defaultLogo.alt,
    logoWidth: props.logoWidth ?? defaultLogo.width,
    variant,
    colour: variantColours[variant],
    suppressBranding: props.suppressBranding ?? false,
  };
}

const fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const colours = {
  page: "#f4f6f5",
  card: "#ffffff",
  text: "#10201e",
  muted: "#4b5b59",
  link: "#0b6259",
  rule: "#dbe3e1",
};

const styles = {
  body: { backgroundColor: colours.page, margin: 0, padding: "24px 12px", fontFamily, color: colours.text },
  container: {
    maxWidth: `${EMAIL_MAX_WIDTH}px`,
    width: "100%",
    backgroundColor: colours.card,
    borderRadius: "8px",
    overflow: "hidden",
    border: `1px solid ${colours.rule}`,
  },
  bar: { height: "6px", lineHeight: "6px", fontSize: "6px" },
  header: { padding: "24px 32px 0" },
  brand: { margin: 0, fontSize: "20px", lineHeight: "24px", fontWeight: 700, color: colours.text },
  tagline: { margin: 0, fontSize: "13px", lineHeight: "18px", color: colours.muted },
  content: { padding: "8px 32px 16px" },
  title: { margin: "24px 0 8px", fontSize: "24px", lineHeight: "32px", fontWeight: 700, color: colours.text },
  html: { fontSize: "16px", lineHeight: "24px", color: colours.text },
  sectionHeading: { margin: "24px 0 0", fontSize: "18px", lineHeight: "26px", fontWeight: 700, color: colours.text },
  ctas: { padding: "16px 0 8px" },
  button: {
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 700,
    lineHeight: "24px",
    padding: "12px 20px",
    borderRadius: "6px",
    margin: "0 8px 8px 0",
  },
  secondary: { margin: "8px 0", fontSize: "15px", lineHeight: "24px", color: colours.text },
  link: { color: colours.link, textDecoration: "underline" },
  rule: { borderColor: colours.rule, margin: "8px 0 0" },
  footer: { padding: "8px 32px 24px" },
  footerText: { margin: "8px 0", fontSize: "13px", lineHeight: "20px", color: colours.muted },
} satisfies Record<string, CSSProperties>;

// Links inside the template HTML carry no inline style; this sets their colour
// where the mail client supports <style> (most do), and keeps paragraphs tidy.
const headCss = `
.mx-html p{margin:12px 0}
.mx-html a{color:${colours.link};text-decoration:underline}
.mx-html ul,.mx-html ol{margin:12px 0;padding-left:24px}
@media only screen and (max-width:480px){
  .mx-pad>tbody>tr>td{padding-left:20px !important;padding-right:20px !important}
  .mx-title{font-size:22px !important;line-height:30px !important}
}`;

function Separated({ links }: { links: readonly EmailLink[] }) {
  return links.map((link, index) => (
    <span key={`${link.label}-${index}`}>
      {index > 0 ? " · " : null}
      <Link href={link.url} style={styles.link}>
        {link.label}
      </Link>
    </span>
  ));
}

export function EmailLayout(props: EmailLayoutProps) {
  const l = resolveLayout(props);
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{l.title}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <style>{headCss}</style>
      </Head>
      {l.preheader ? <Preview useTitleTag={false}>{l.preheader}</Preview> : null}
      <Body style={styles.body} lang="en-GB">
        <Container style={styles.container}>
          <Section style={{ ...styles.bar, backgroundColor: l.colour }} bgcolor={l.colour} data-email-bar="">
            &nbsp;
          </Section>
          {l.suppressBranding ? null : (
            <Section style={styles.header} className="mx-pad">
              <table role="presentation" cellPadding={0} cellSpacing={0} border={0}>
                <tbody>
                  <tr>
                    <td style={{ paddingRight: "12px", verticalAlign: "middle" }}>
                      <Img
                        src={l.logoUrl}
                        alt={l.logoAlt}
                        width={l.logoWidth}
                        style={{ height: "auto", borderRadius: "10px" }}
                      />
                    </td>
                    <td style={{ verticalAlign: "middle" }}>
                      <p style={styles.brand}>{company.brand}</p>
                      <p style={styles.tagline}>{company.tagline}</p>
                    </td>
                  </tr>
                </tbody>
              </table>
            </Section>
          )}
          <Section style={styles.content} className="mx-pad">
            <Heading as="h1" style={styles.title} className="mx-title">
              {l.title}
            </Heading>
            {l.introHtml ? (
              <div className="mx-html" style={styles.html} dangerouslySetInnerHTML={{ __html: l.introHtml }} />
            ) : null}
            {l.sections.map((section, index) => (
              <div key={`${section.heading}-${index}`}>
                <Heading as="h2" style={styles.sectionHeading}>
                  {section.heading}
                </Heading>
                <div className="mx-html" style={styles.html} dangerouslySetInnerHTML={{ __html: section.html }} />
              </div>
            ))}
            {l.ctas.length > 0 ? (
              <Section style={styles.ctas}>
                {l.ctas.map((cta, index) => (
                  <Button
                    key={`${cta.label}-${index}`}
                    href={cta.url}
                    style={{ ...styles.button, backgroundColor: l.colour }}
                  >
                    {cta.label}
                  </Button>
                ))}
              </Section>
            ) : null}
            {l.secondaryCtas.length > 0 ? (
              <Text style={styles.secondary}>
                <Separated links={l.secondaryCtas} />
              </Text>
            ) : null}
          </Section>
          <Hr style={styles.rule} />
          <Section style={styles.footer} className="mx-pad">
            {l.footerNote ? <Text style={styles.footerText}>{l.footerNote}</Text> : null}
            {l.suppressBranding ? null : (
              <>
                <Text style={styles.footerText}>
                  <strong>{company.legalName}</strong>
                  <br />
                  {formatAddress()}
                  <br />
                  Telephone{" "}
                  <Link href={`tel:${company.telephone.e164}`} style={styles.link}>
                    {company.telephone.display}
                  </Link>{" "}
                  · Email{" "}
                  <Link href={`mailto:${company.email.enquiries}`} style={styles.link}>
                    {company.email.enquiries}
                  </Link>
                  <br />
                  <Link href={company.siteUrl} style={styles.link}>
                    {company.siteUrl.replace(/^https?:\/\//, "")}
                  </Link>
                </Text>
                {l.socialLinks.length > 0 ? (
                  <Text style={styles.footerText}>
                    <Separated links={l.socialLinks} />
                  </Text>
                ) : null}
              </>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part, written from the same inputs as the HTML. */
export function layoutToText(props: EmailLayoutProps): string {
  const l = resolveLayout(props);
  const parts: string[] = [];
  parts.push(`${l.title}\n${"=".repeat(Math.min(l.title.length, 60))}`);
  if (l.introHtml) parts.push(htmlToText(l.introHtml));
  for (const section of l.sections) {
    parts.push(`${section.heading}\n${"-".repeat(Math.min(section.heading.length, 60))}\n${htmlToText(section.html)}`);
  }
  const links = [...l.ctas, ...l.secondaryCtas];
  if (links.length > 0) parts.push(links.map((link) => `${link.label}: ${link.url}`).join("\n"));
  const footer: string[] = [];
  if (l.footerNote) footer.push(l.footerNote);
  if (!l.suppressBranding) {
    footer.push(
      [
        company.legalName,
        formatAddress(),
        `Telephone: ${company.telephone.display}`,
        `Email: ${company.email.enquiries}`,
        company.siteUrl,
      ].join("\n"),
    );
    if (l.socialLinks.length > 0) footer.push(l.socialLinks.map((link) => `${link.label}: ${link.url}`).join("\n"));
  }
  if (footer.length > 0) parts.push(`--\n${footer.join("\n\n")}`);
  return `${parts.map((part) => tidyText(part)).join("\n\n")}\n`;
}
