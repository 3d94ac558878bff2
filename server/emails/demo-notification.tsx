import { company } from "~/content/company";
import { responsePromises } from "~/content/milestones";
import { demoRoleOptions } from "~/lib/enquiry-fields";
import type { DemoPayload } from "~/lib/enquiry-kinds";
import { notificationSections, UserText } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { mailtoUrl } from "./links";
import { formatDate, optionLabel, singleLine, subjectLine } from "./utils";

/** To the enquiries team: a demo request, flagged when the requester's welcome e-mail failed. */
export type DemoNotificationEmailProps = DemoPayload & { welcomeFailed: boolean };

export const PreviewProps = {
  name: "Kwame Boateng",
  email: "kwame.boateng@example.org",
  organization: "Ghana Health Service, Ashanti Region",
  role: "government",
  preferredTime: "2026-03-12",
  message: "We would like to see the facility dashboard.\nA morning slot (GMT) works best for us.",
  welcomeFailed: false,
} satisfies DemoNotificationEmailProps;

export function demoNotificationSubject(props: DemoNotificationEmailProps): string {
  return subjectLine(`New Demo Request from ${singleLine(props.name)}`);
}

export function DemoNotificationEmail(props: DemoNotificationEmailProps) {
  const sections = notificationSections(
    props,
    {
      heading: "Request details",
      rows: [
        { label: "Organization", value: props.organization },
        { label: "Role", value: optionLabel(demoRoleOptions, props.role) },
        { label: "Preferred Date", value: formatDate(props.preferredTime) },
      ],
    },
    { heading: "Message", body: <UserText text={props.message} empty="No message" /> },
  );
  return (
    <EmailLayout
      title="New demo request"
      preheader={`${singleLine(props.name)} has asked for a demo.${props.welcomeFailed ? " Their welcome e-mail could not be delivered." : ""}`}
      intro={
        props.welcomeFailed ? (
          <p>
            Someone has requested a demo, but we could not send them the welcome e-mail. Please contact them directly.
          </p>
        ) : (
          <p>
            {`Someone has requested a demo. Their welcome e-mail has been sent, and it promises a reply within ${responsePromises.demoFollowUp}.`}
          </p>
        )
      }
      sections={sections}
      ctas={[{ label: "Reply by email", url: mailtoUrl(props.email, `Your ${company.brand} demo`) }]}
      footerNote={`Sent to the ${company.brand} enquiries team from the demo request form at ${company.siteUrl}.`}
      variant={props.welcomeFailed ? "alert" : "info"}
    />
  );
}
export const demoNotification = defineEmail<DemoNotificationEmailProps>({
  subject: demoNotificationSubject,
  Email: DemoNotificationEmail,
  PreviewProps,
});
export default DemoNotificationEmail;
