import { company, sharedCtas } from "~/platform/company";
import { responsePromises } from "~/content/milestones";
import { Greeting, notificationSections, UserText } from "~/platform/mail/blocks";
import { renderEmail } from "~/platform/mail/define";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import type { EnquiryEmails } from "./enquiry-emails";
import { emailCta, mailtoUrl } from "~/platform/mail/links";
import { formatDate, optionLabel } from "~/platform/mail/utils";
import { singleLine } from "~/platform/text";
import { demoRoleOptions } from "~/features/enquiries/fields";
import type { DemoPayload } from "~/features/enquiries/kinds";

/** To the person who requested a demo (the welcome payload: name and e-mail only). */
export type DemoWelcomeEmailProps = { name: string; email: string };

export const welcomePreviewProps = {
  name: "Kwame Boateng",
  email: "kwame.boateng@example.org",
} satisfies DemoWelcomeEmailProps;

export const demoWelcomeTitle = "Thank you for requesting a demo";

export const demoWelcome = defineLayoutEmail<DemoWelcomeEmailProps>({
  subject: () => singleLine(demoWelcomeTitle),
  PreviewProps: welcomePreviewProps,
  layout: (props) => ({
    title: demoWelcomeTitle,
    preheader: `We will be in touch within ${responsePromises.demoFollowUp} to arrange your ${responsePromises.demoLength}.`,
    intro: (
      <>
        <Greeting name={props.name} />
        <p>
          {`Thank you for your interest in ${company.brand}. A member of our team will reach out within ${responsePromises.demoFollowUp} to arrange a time that suits you.`}
        </p>
      </>
    ),
    sections: [
      {
        heading: "What to expect",
        body: (
          <>
            <p>{`Your demo is a ${responsePromises.demoLength}, held online. We will:`}</p>
            <ul>
              <li>show how midwives create and update a mother&apos;s digital record</li>
              <li>{`explain how ${company.aiServiceName} flags pregnancies that may need extra care`}</li>
              <li>leave time for your questions about pilots, set-up and pricing</li>
            </ul>
          </>
        ),
      },
    ],
    ctas: [emailCta(sharedCtas.product)],
    secondaryCtas: [emailCta(sharedCtas.contact)],
    footerNote: `You are receiving this e-mail because this address was used to request a demo at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`,
    variant: "success",
  }),
});

/** To the enquiries team: a demo request, flagged when the requester's welcome e-mail failed. */
export type DemoNotificationEmailProps = DemoPayload & { welcomeFailed: boolean };

export const notificationPreviewProps = {
  name: "Kwame Boateng",
  email: "kwame.boateng@example.org",
  organization: "Ghana Health Service, Ashanti Region",
  role: "government",
  preferredTime: "2026-03-12",
  message: "We would like to see the facility dashboard.\nA morning slot (GMT) works best for us.",
  welcomeFailed: false,
} satisfies DemoNotificationEmailProps;

export function demoNotificationSubject(props: DemoNotificationEmailProps): string {
  return singleLine(`New Demo Request from ${singleLine(props.name)}`);
}

export const demoNotification = defineLayoutEmail<DemoNotificationEmailProps>({
  subject: demoNotificationSubject,
  PreviewProps: notificationPreviewProps,
  layout: (props) => ({
    title: "New demo request",
    preheader: `${singleLine(props.name)} has asked for a demo.${props.welcomeFailed ? " Their welcome e-mail could not be delivered." : ""}`,
    intro: props.welcomeFailed ? (
      <p>Someone has requested a demo, but we could not send them the welcome e-mail. Please contact them directly.</p>
    ) : (
      <p>
        {`Someone has requested a demo. Their welcome e-mail has been sent, and it promises a reply within ${responsePromises.demoFollowUp}.`}
      </p>
    ),
    sections: notificationSections(
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
    ),
    ctas: [{ label: "Reply by email", url: mailtoUrl(props.email, `Your ${company.brand} demo`) }],
    footerNote: `Sent to the ${company.brand} enquiries team from the demo request form at ${company.siteUrl}.`,
    variant: props.welcomeFailed ? "alert" : "info",
  }),
});

/** The demo request's e-mails (app/features/enquiries/emails/registry.ts). */
export const emails: EnquiryEmails<"demo"> = {
  welcome: ({ name, email }) => renderEmail(demoWelcome, { name, email }),
  notification: (payload, { welcomeFailed }) => renderEmail(demoNotification, { ...payload, welcomeFailed }),
};
