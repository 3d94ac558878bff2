import { Hr, Link, Section, Text } from "react-email";
import { company, formatAddress } from "~/platform/company";
import { LinkList } from "./link-list";
import type { EmailLink } from "./links";
import { styles } from "./styles";

export type EmailFooterProps = {
  /** Plain text shown at the top of the footer. */
  note: string;
  socialLinks: readonly EmailLink[];
  /** Hides the company details and the social links. */
  suppressBranding: boolean;
};

/** The rule, the footer note, the company's details and its social links. */
export function EmailFooter({ note, socialLinks, suppressBranding }: EmailFooterProps) {
  return (
    <>
      <Hr style={styles.rule} />
      <Section style={styles.footer} className="mx-pad">
        {note ? <Text style={styles.footerText}>{note}</Text> : null}
        {suppressBranding ? null : (
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
            {socialLinks.length > 0 ? (
              <Text style={styles.footerText}>
                <LinkList links={socialLinks} />
              </Text>
            ) : null}
          </>
        )}
      </Section>
    </>
  );
}
