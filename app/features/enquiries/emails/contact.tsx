import { company, sharedCtas } from "~/platform/company";
import { interestOptions } from "~/features/enquiries/fields";
import type { ContactPayload } from "~/features/enquiries/kinds";
import { notificationSections, UserText, Greeting } from "~/platform/mail/blocks";
import { renderEmail } from "~/platform/mail/define";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import type { EnquiryEmails } from "./enquiry-emails";
import type { EmailLayoutProps } from "~/platform/mail/layout";
import { emailCta, mailtoUrl, sitePage } from "~/platform/mail/links";
import { optionLabel } from "~/platform/mail/utils";
import { singleLine } from "~/platform/text";
import { responsePromises } from "~/content/milestones";

/** To the enquiries team: a message sent through the contact form. */
export type ContactNotificationEmailProps = ContactPayload;

export const notificationPreviewProps = {
  name: "Ama Mensah",
  email: "ama.mensah@example.org",
  organization: "Korle Bu Teaching Hospital",
  role: "Head of Midwifery",
  interest: "partnership",
  message:
    "Hello Maternis team,\n\nWe run antenatal clinics across three districts and would like to explore a partnership for the 2026 pilot.\n\nCould we arrange a call next week?",
} satisfies ContactNotificationEmailProps;

export function contactNotificationSubject(props: ContactNotificationEmailProps): string {
  return singleLine(`New Contact Form Submission - ${props.interest}`);
}

function contactNotificationLayout(props: ContactNotificationEmailProps): EmailLayoutProps {
  const interestLabel = optionLabel(interestOptions, props.interest) ?? props.interest;
  return {
    title: "New contact form submission",
    preheader: `${singleLine(props.name)} sent a message about ${interestLabel}.`,
    intro: (
      <p>
        Someone has sent a message through the contact form. We promise a reply within one business day, so please
        answer them by then.
      </p>
    ),
    sections: notificationSections(
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
    ),
    ctas: [{ label: "Reply by email", url: mailtoUrl(props.email, `Re: your message to ${company.brand}`) }],
    footerNote: `Sent to the ${company.brand} enquiries team from the contact form at ${company.siteUrl}.`,
    variant: "info",
  };
}
export const contactNotification = defineLayoutEmail<ContactNotificationEmailProps>({
  subject: contactNotificationSubject,
  PreviewProps: notificationPreviewProps,
  layout: contactNotificationLayout,
});

/**
 * To the person who used the contact form. It deliberately does not echo their
 * message back: an acknowledgement that repeats arbitrary text could be used to
 * send that text to someone else's address.
 */
export type ContactAcknowledgementEmailProps = ContactPayload;

export const acknowledgementPreviewProps = {
  ...notificationPreviewProps,
  message: "We would like to explore a partnership for the 2026 pilot.",
} satisfies ContactAcknowledgementEmailProps;

export const contactAcknowledgementTitle = "We received your message";

function contactAcknowledgementLayout(props: ContactAcknowledgementEmailProps): EmailLayoutProps {
  const interestLabel = optionLabel(interestOptions, props.interest) ?? props.interest;
  return {
    title: contactAcknowledgementTitle,
    preheader: `Thank you for contacting ${company.brand}. We will reply within ${responsePromises.businessDay}.`,
    intro: (
      <>
        <Greeting name={props.name} />
        <p>
          {`Thank you for contacting ${company.brand}. We have received your message about `}
          <strong>{interestLabel}</strong>.
        </p>
        <p>
          {`A member of our team will reply within ${responsePromises.businessDay}, and usually within ${responsePromises.hours}.`}
        </p>
      </>
    ),
    sections: [
      {
        heading: "While you wait",
        body: (
          <ul>
            <li>
              {`See how digital maternal records and ${company.aiServiceName} risk insights work on our product page.`}
            </li>
            <li>
              {"If your enquiry is urgent, call us on "}
              <a href={`tel:${company.telephone.e164}`}>{company.telephone.display}</a>.
            </li>
          </ul>
        ),
      },
    ],
    ctas: [emailCta(sharedCtas.product)],
    secondaryCtas: [
      { label: "Request a demo", url: sitePage("/demo") },
      { label: "Read our story", url: sitePage("/our-story") },
    ],
    footerNote: `You are receiving this e-mail because this address was entered on the contact form at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`,
    variant: "success",
  };
}
export const contactAcknowledgement = defineLayoutEmail<ContactAcknowledgementEmailProps>({
  subject: () => singleLine(contactAcknowledgementTitle),
  PreviewProps: acknowledgementPreviewProps,
  layout: contactAcknowledgementLayout,
});

/** The contact form's e-mails (app/features/enquiries/emails/registry.ts). */
export const emails: EnquiryEmails<"contact"> = {
  notification: (payload) => renderEmail(contactNotification, payload),
  acknowledgement: (payload) => renderEmail(contactAcknowledgement, payload),
};
