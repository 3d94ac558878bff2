import { company } from "~/content/company";
import { responsePromises } from "~/content/milestones";
import { interestOptions } from "~/lib/enquiry-fields";
import type { ContactPayload } from "~/lib/enquiry-kinds";
import { Greeting } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { sitePage } from "./links";
import { optionLabel, subjectLine } from "./utils";

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

export function ContactAcknowledgementEmail(props: ContactAcknowledgementEmailProps) {
  const interestLabel = optionLabel(interestOptions, props.interest) ?? props.interest;
  return (
    <EmailLayout
      title={contactAcknowledgementTitle}
      preheader={`Thank you for contacting ${company.brand}. We will reply within ${responsePromises.businessDay}.`}
      intro={
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
      }
      sections={[
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
      ]}
      ctas={[{ label: "Explore the product", url: sitePage("/product") }]}
      secondaryCtas={[
        { label: "Request a demo", url: sitePage("/demo") },
        { label: "Read our story", url: sitePage("/our-story") },
      ]}
      footerNote={`You are receiving this e-mail because this address was entered on the contact form at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`}
      variant="success"
    />
  );
}
export const contactAcknowledgement = defineEmail<ContactAcknowledgementEmailProps>({
  subject: contactAcknowledgementSubject,
  Email: ContactAcknowledgementEmail,
  PreviewProps,
});
export default ContactAcknowledgementEmail;
