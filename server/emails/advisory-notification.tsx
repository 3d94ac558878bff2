import { company } from "~/content/company";
import { advisoryRoleOptions } from "~/lib/enquiry-fields";
import type { AdvisoryPayload } from "~/lib/enquiry-kinds";
import { notificationSections, UserText } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { mailtoUrl } from "./links";
import { optionLabel, singleLine, subjectLine } from "./utils";

/** To the enquiries team: an Advisory Network signup, flagged when the welcome e-mail failed. */
export type AdvisoryNotificationEmailProps = AdvisoryPayload & { welcomeFailed: boolean };

export const PreviewProps = {
  name: "Ngozi Okafor",
  email: "ngozi.okafor@example.org",
  role: "midwife",
  country: "Nigeria",
  reason: "I want paper antenatal cards replaced by records that follow mothers between clinics.",
  welcomeFailed: true,
} satisfies AdvisoryNotificationEmailProps;

export function advisoryNotificationSubject(props: AdvisoryNotificationEmailProps): string {
  return subjectLine(`New Advisory Network Signup - ${singleLine(props.name)}`);
}

export function AdvisoryNotificationEmail(props: AdvisoryNotificationEmailProps) {
  const sections = notificationSections(
    props,
    {
      heading: "Signup details",
      rows: [
        { label: "Role", value: optionLabel(advisoryRoleOptions, props.role) },
        { label: "Country", value: props.country },
      ],
    },
    { heading: "Why they want to join", body: <UserText text={props.reason} /> },
  );
  return (
    <EmailLayout
      title="New Advisory Network signup"
      preheader={`${singleLine(props.name)} has joined the Advisory Network.${props.welcomeFailed ? " Their welcome e-mail could not be delivered." : ""}`}
      intro={
        props.welcomeFailed ? (
          <p>
            Someone has joined the Advisory Network, but we could not send them the welcome e-mail. Please contact them
            directly.
          </p>
        ) : (
          <p>Someone has joined the Advisory Network. Their welcome e-mail has been sent.</p>
        )
      }
      sections={sections}
      ctas={[{ label: "Reply by email", url: mailtoUrl(props.email, `${company.brand} Advisory Network`) }]}
      footerNote={`Sent to the ${company.brand} enquiries team from the Advisory Network form at ${company.siteUrl}.`}
      variant={props.welcomeFailed ? "alert" : "info"}
    />
  );
}
export const advisoryNotification = defineEmail<AdvisoryNotificationEmailProps>({
  subject: advisoryNotificationSubject,
  Email: AdvisoryNotificationEmail,
  PreviewProps,
});
export default AdvisoryNotificationEmail;
