import { company } from "~/content/company";
import { advisoryNetworkLaunch } from "~/content/milestones";
import { londonDate } from "~/lib/calendar";
import { phasesOn } from "~/lib/dated";
import { Greeting } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { sitePage } from "./links";
import { subjectLine } from "./utils";

/**
 * To the person who joined the Advisory Network (the welcome payload: name and
 * e-mail only), and the London date it is sent, which its wording of the
 * network's launch follows (app/lib/dated.ts; default: today).
 */
export type AdvisoryWelcomeEmailProps = { name: string; email: string; today?: string };

export const PreviewProps = {
  name: "Ngozi Okafor",
  email: "ngozi.okafor@example.org",
} satisfies AdvisoryWelcomeEmailProps;

export const advisoryWelcomeTitle = "Welcome to the Advisory Network";

export function advisoryWelcomeSubject(_props: AdvisoryWelcomeEmailProps): string {
  return subjectLine(advisoryWelcomeTitle);
}

export function AdvisoryWelcomeEmail(props: AdvisoryWelcomeEmailProps) {
  const network = phasesOn(props.today ?? londonDate(new Date())).network;
  const launches =
    network === "before"
      ? `The network launches in ${advisoryNetworkLaunch}.`
      : network === "during"
        ? `The network launches this quarter, ${advisoryNetworkLaunch}.`
        : `The network opened in ${advisoryNetworkLaunch}.`;
  return (
    <EmailLayout
      title={advisoryWelcomeTitle}
      preheader={`Thank you for joining. ${launches}`}
      intro={
        <>
          <Greeting name={props.name} />
          <p>
            {`Thank you for joining the ${company.brand} Advisory Network. Midwives, doctors, policy makers and NGO professionals like you help us build records that work in real clinics.`}
          </p>
        </>
      }
      sections={[
        {
          heading: "What happens next",
          body: (
            <>
              {network === "after" ? (
                <p>
                  {"The network opened in "}
                  <strong>{advisoryNetworkLaunch}</strong>. We will e-mail you:
                </p>
              ) : (
                <p>
                  {"The network launches in "}
                  <strong>{advisoryNetworkLaunch}</strong>. Before then we will e-mail you:
                </p>
              )}
              <ul>
                <li>an invitation to the first advisory session</li>
                <li>early previews of new features to review</li>
                <li>ways to share feedback that shape our roadmap</li>
              </ul>
            </>
          ),
        },
      ]}
      ctas={[{ label: "About the network", url: sitePage("/advisory") }]}
      secondaryCtas={[{ label: "Explore the product", url: sitePage("/product") }]}
      footerNote={`You are receiving this e-mail because this address was used to join the Advisory Network at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`}
      variant="success"
    />
  );
}
export const advisoryWelcome = defineEmail<AdvisoryWelcomeEmailProps>({
  subject: advisoryWelcomeSubject,
  Email: AdvisoryWelcomeEmail,
  PreviewProps,
});
export default AdvisoryWelcomeEmail;
