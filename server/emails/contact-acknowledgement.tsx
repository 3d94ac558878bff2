import { company } from "~/content/company";
import { responsePromises } from "~/content/milestones";
import { interestOptions } from "~/lib/enquiry-fields";
import type { ContactPayload } from "~/lib/enquiry-kinds";
import { greetingHtml, sitePage } from "./blocks";
import { EmailLayout, type EmailLayoutProps } from "./layout";
import { escapeHtml, optionLabel, subjectLine } from "./utils";

/**
 * To the person who used the contact form. It deliberately does not echo their
 * message back: an acknowledgement that repeats arbitrary text could be used to
 * send that text to someone else's address.
 */
export type ContactAcknowledgementEmailProps = ContactPayload;

export const PreviewProps = {
  name: "Ama Mensah",
  email: "ama.mensah@example.org",
  organization: "Korle Bu Teaching Hospital",
  role: "Head of Midwifery",
  interest: "partnership",
  message: "We would like to explore a partnership for the 2026 pilot.",
} satisfies ContactAcknowledgementEmailProps;

export const contactAcknowledgementTitle = "We received your message";

export function contactAcknowledgementSubject(_props: ContactAcknowledgementEmailProps): string {
  return subjectLine(contactAcknowledgementTitle);
}

export function contactAcknowledgementLayout(props: ContactAcknowledgementEmailProps): EmailLayoutProps {
  const interestLabel = optionLabel(interestOptions, props.interest) ?? props.interest;
  return {
    title: contactAcknowledgementTitle,
    preheader: `Thank you for contacting ${company.brand}. We will reply within ${responsePromises.businessDay}.`,
    introHtml:
      greetingHtml(props.name) +
      `<p>Thank you for contacting ${escapeHtml(company.brand)}. We have received your message about <strong>${escapeHtml(interestLabel)}</strong>.</p>` +
      `<p>A member of our team will reply within ${responsePromises.businessDay}, and usually within ${responsePromises.hours}.</p>`,
    sections: [
      {
        heading: "While you wait",
        html:
          `<ul>` +
          `<li>See how digital maternal records and ${escapeHtml(company.aiServiceName)} risk insights work on our product page.</li>` +
          `<li>If your enquiry is urgent, call us on <a href="tel:${company.telephone.e164}">${escapeHtml(company.telephone.display)}</a>.</li>` +
          `</ul>`,
      },
    ],
    ctas: [{ label: "Explore the product", url: sitePage("/product") }],
    secondaryCtas: [
      { label: "Request a demo", url: sitePage("/demo") },
      { label: "Read our story", url: sitePage("/our-story") },
    ],
    footerNote: `You are receiving this e-mail because this address was entered on the contact form at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`,
    variant: "success",
  };
}

export function ContactAcknowledgementEmail(props: ContactAcknowledgementEmailProps) {
  return <EmailLayout {...contactAcknowledgementLayout(props)} />;
}
ContactAcknowledgementEmail.PreviewProps = PreviewProps;
export default ContactAcknowledgementEmail;
