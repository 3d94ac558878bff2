import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "react-email";
import { company } from "~/platform/company";
import { EmailFooter } from "./footer";
import { defaultLogo, EmailHeader } from "./header";
import { LinkList } from "./link-list";
import { trackLinks, type EmailLink } from "./links";
import { ctaMarker, skipInText } from "./plain-text";
import { headCss, styles } from "./styles";
import { variantColours, type EmailVariant } from "./tokens";

export type EmailSection = {
  heading: string;
  /** Paragraphs, lists and links; user input in it is plain text that React escapes. */
  body: ReactNode;
};

export type EmailLayoutProps = {
  title: string;
  /** Inbox preview text (hidden in the body and in the plain-text part). */
  preheader?: string;
  /** Opening paragraphs, before the sections. */
  intro?: ReactNode;
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

/** The one branded layout every Maternis e-mail uses. */
export function EmailLayout(props: EmailLayoutProps) {
  const variant = props.variant ?? "neutral";
  const colour = variantColours[variant];
  const tracking = { title: props.title, variant, addUtm: props.addUtm ?? true };
  const ctas = trackLinks(props.ctas ?? [], tracking);
  const secondaryCtas = trackLinks(props.secondaryCtas ?? [], tracking);
  const suppressBranding = props.suppressBranding ?? false;
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{props.title}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <style>{headCss}</style>
      </Head>
      {props.preheader ? <Preview useTitleTag={false}>{props.preheader}</Preview> : null}
      <Body style={styles.body} lang="en-GB">
        <Container style={styles.container}>
          <Section
            style={{ ...styles.bar, backgroundColor: colour }}
            bgcolor={colour}
            data-email-bar=""
            {...skipInText}
          >
            &nbsp;
          </Section>
          {suppressBranding ? null : (
            <EmailHeader
              logoUrl={props.logoUrl ?? defaultLogo.url}
              logoAlt={props.logoAlt ?? defaultLogo.alt}
              logoWidth={props.logoWidth ?? defaultLogo.width}
            />
          )}
          <Section style={styles.content} className="mx-pad">
            <Heading as="h1" style={styles.title} className="mx-title">
              {props.title}
            </Heading>
            {props.intro ? (
              <div className="mx-html" style={styles.html}>
                {props.intro}
              </div>
            ) : null}
            {(props.sections ?? []).map((section, index) => (
              <div key={`${section.heading}-${index}`}>
                <Heading as="h2" style={styles.sectionHeading}>
                  {section.heading}
                </Heading>
                <div className="mx-html" style={styles.html}>
                  {section.body}
                </div>
              </div>
            ))}
            {ctas.length > 0 ? (
              <Section style={styles.ctas}>
                {ctas.map((cta, index) => (
                  <Button
                    key={`${cta.label}-${index}`}
                    href={cta.url}
                    style={{ ...styles.button, backgroundColor: colour }}
                    {...ctaMarker}
                  >
                    {cta.label}
                  </Button>
                ))}
              </Section>
            ) : null}
            {secondaryCtas.length > 0 ? (
              <Text style={styles.secondary}>
                <LinkList links={secondaryCtas} cta />
              </Text>
            ) : null}
          </Section>
          <EmailFooter
            note={props.footerNote ?? ""}
            socialLinks={props.socialLinks ?? company.social}
            suppressBranding={suppressBranding}
          />
        </Container>
      </Body>
    </Html>
  );
}

/** The layout of e-mails to staff (sign-in, invitations, alerts): no tracking on links, no logo, social links or company details. */
export function StaffEmailLayout(props: Omit<EmailLayoutProps, "addUtm" | "suppressBranding">) {
  return <EmailLayout {...props} addUtm={false} suppressBranding />;
}
