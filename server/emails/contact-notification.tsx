import { company } from "~/content/company";
import { interestOptions } from "~/lib/enquiry-fields";
import type { ContactPayload } from "~/lib/enquiry-kinds";
import { notificationSections, UserText } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { mailtoUrl } from "./links";
import { optionLabel, singleLine, subjectLine } from "./utils";

/** To the enquiries team: a message sent through the contact form. */
export type ContactNotificationEmailProps = ContactPayload;

export const PreviewProps = {
  name: "Ama Mensah",
  email: "ama.mensah@example.org",
  organization: "Korle Bu Teaching Hospital",
  role: "Head of Midwifery",
  interest: "partnership",
  message:
    "Hello Maternis team,\n\nWe run antenatal clinics across three districts and would like to explore a partnership for the 2026 pilot.\n\nCould we arrange a call next week?",
} satisfies ContactNotificationEmailProps;

export function contactNotificationSubject(props: ContactNotificationEmailProps): string {
  return subjectLine(`New Contact Form Submission - ${props.interest}`);
}

export function ContactNotificationEmail(props: ContactNotificationEmailProps) {
  const interestLabel = optionLabel(interestOptions, props.interest) ?? props.interest;
  return (
    <EmailLayout
      title="New contact form submission"
      preheader={`${singleLine(props.name)} sent a message about ${interestLabel}.`}
      intro={
        <p>
          Someone has sent a message through the contact form. We promise a reply within one business day, so please
          answer them by then.
        </p>
      }
      sections={notificationSections(
        props,
        {
          heading: "Contact details",
          rows: [
            { label: "Organization", value: props.organization },
            { label: "Role", value: props.role },
            {
              label: "Interest",
              value: interestLabel === props.interest ? props.interest : `${interestLabel} (${props.interest})`,
            },
          ],
        },
        { heading: "Message", body: <UserText text={props.message} /> },
      )}
      ctas={[{ label: "Reply by email", url: mailtoUrl(props.email, `Re: your message to ${company.brand}`) }]}
      footerNote={`Sent to the ${company.brand} enquiries team from the contact form at ${company.siteUrl}.`}
      variant="info"
    />
  );
}
export const contactNotification = defineEmail<ContactNotificationEmailProps>({
  subject: contactNotificationSubject,
  Email: ContactNotificationEmail,
  PreviewProps,
});
export default ContactNotificationEmail;
