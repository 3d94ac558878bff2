import { Img, Section } from "react-email";
import { company } from "~/platform/company";
import { skipInText } from "./plain-text";
import { styles } from "./styles";

export const defaultLogo = {
  url: `${company.siteUrl}/icon-192.png`,
  alt: company.brand,
  width: 48,
} as const;

export type EmailHeaderProps = { logoUrl: string; logoAlt: string; logoWidth: number };

/** The logo beside the brand name and tagline. Left out of the plain-text part, which names the company in its footer. */
export function EmailHeader({ logoUrl, logoAlt, logoWidth }: EmailHeaderProps) {
  return (
    <Section style={styles.header} className="mx-pad" {...skipInText}>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0}>
        <tbody>
          <tr>
            <td style={styles.logoCell}>
              <Img src={logoUrl} alt={logoAlt} width={logoWidth} style={styles.logo} />
            </td>
            <td style={styles.brandCell}>
              <p style={styles.brand}>{company.brand}</p>
              <p style={styles.tagline}>{company.tagline}</p>
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}
