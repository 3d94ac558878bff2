import { company } from "~/content/company";
import { advisoryNetworkLaunch } from "~/content/milestones";
import { greetingHtml, sitePage } from "./blocks";
import { EmailLayout, type EmailLayoutProps } from "./layout";
import { escapeHtml, subjectLine } from "./utils";

/** To the person who joined the Advisory Network (SPEC section 7, welcome payload). */
export type AdvisoryWelcomeEmailProps = { name: string; email: string };

export const PreviewProps = {
  name: "Ngozi Okafor",
  email: "ngozi.okafor@example.org",
} satisfies AdvisoryWelcomeEmailProps;

export const advisoryWelcomeTitle = "Welcome to the Advisory Network";

export function advisoryWelcomeSubject(_props: AdvisoryWelcomeEmailProps): string {
  return subjectLine(advisoryWelcomeTitle);
}

export function advisoryWelcomeLayout(props: AdvisoryWelcomeEmailProps): EmailLayoutProps {
  return {
    title: advisoryWelcomeTitle,
    preheader: `Thank you for joining. The network launches in ${advisoryNetworkLaunch}.`,
    introHtml:
      greetingHtml(props.name) +
      `<p>Thank you for joining the ${escapeHtml(company.brand)} Advisory Network. Midwives, doctors, policy makers and NGO professionals like you help us build records that work in real clinics.</p>`,
    sections: [
      {
        heading: "What happens next",
        html:
          `<p>The network launches in <strong>${advisoryNetworkLaunch}</strong>. Before then we will e-mail you:</p>` +
          `<ul>` +
          `<li>an invitation to the first advisory session</li>` +
          `<li>early previews of new features to review</li>` +
          `<li>ways to share feedback that shape our roadmap</li>` +
          `</ul>`,
      },
    ],
    ctas: [{ label: "About the network", url: sitePage("/advisory") }],
    secondaryCtas: [{ label: "Explore the product", url: sitePage("/product") }],
    footerNote: `You are receiving this e-mail because this address was used to join the Advisory Network at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`,
    variant: "success",
  };
}

export function AdvisoryWelcomeEmail(props: AdvisoryWelcomeEmailProps) {
  return <EmailLayout {...advisoryWelcomeLayout(props)} />;
}
AdvisoryWelcomeEmail.PreviewProps = PreviewProps;
export default AdvisoryWelcomeEmail;
