import { company, sharedCtas } from "~/platform/company";
import { advisoryNetworkLaunch } from "~/content/milestones";
import { londonDate } from "~/platform/calendar";
import { phasesOn } from "~/content/dated";
import { Greeting, notificationSections, UserText } from "~/platform/mail/blocks";
import { renderEmail } from "~/platform/mail/define";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import type { EnquiryEmails } from "./enquiry-emails";
import type { EmailLayoutProps } from "~/platform/mail/layout";
import { emailCta, mailtoUrl, sitePage } from "~/platform/mail/links";
import { optionLabel } from "~/platform/mail/utils";
import { singleLine } from "~/platform/text";
import { advisoryRoleOptions } from "~/features/enquiries/fields";
import type { AdvisoryPayload } from "~/features/enquiries/kinds";

/**
 * To the person who joined the Advisory Network (the welcome payload: name and
 * e-mail only), and the London date it is sent, which its wording of the
 * network's launch follows (app/content/dated.ts; default: today).
 */
export type AdvisoryWelcomeEmailProps = { name: string; email: string; today?: string };

export const welcomePreviewProps = {
  name: "Ngozi Okafor",
  email: "ngozi.okafor@example.org",
} satisfies AdvisoryWelcomeEmailProps;

export const advisoryWelcomeTitle = "Welcome to the Advisory Network";

function advisoryWelcomeLayout(props: AdvisoryWelcomeEmailProps): EmailLayoutProps {
  const network = phasesOn(props.today ?? londonDate(new Date())).network;
  const launches =
    network === "before"
      ? `The network launches in ${advisoryNetworkLaunch}.`
      : network === "during"
        ? `The network launches this quarter, ${advisoryNetworkLaunch}.`
        : `The network opened in ${advisoryNetworkLaunch}.`;
  return {
    title: advisoryWelcomeTitle,
    preheader: `Thank you for joining. ${launches}`,
    intro: (
      <>
        <Greeting name={props.name} />
        <p>
          {`Thank you for joining the ${company.brand} Advisory Network. Midwives, doctors, policy makers and NGO professionals like you help us build records that work in real clinics.`}
        </p>
      </>
    ),
    sections: [
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
    ],
    ctas: [{ label: "About the network", url: sitePage("/advisory") }],
    secondaryCtas: [emailCta(sharedCtas.product)],
    footerNote: `You are receiving this e-mail because this address was used to join the Advisory Network at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`,
    variant: "success",
  };
}
export const advisoryWelcome = defineLayoutEmail<AdvisoryWelcomeEmailProps>({
  subject: () => singleLine(advisoryWelcomeTitle),
  PreviewProps: welcomePreviewProps,
  layout: advisoryWelcomeLayout,
});

/** To the enquiries team: an Advisory Network signup, flagged when the welcome e-mail failed. */
export type AdvisoryNotificationEmailProps = AdvisoryPayload & { welcomeFailed: boolean };

export const notificationPreviewProps = {
  name: "Ngozi Okafor",
  email: "ngozi.okafor@example.org",
  role: "midwife",
  country: "Nigeria",
  reason: "I want paper antenatal cards replaced by records that follow mothers between clinics.",
  welcomeFailed: true,
} satisfies AdvisoryNotificationEmailProps;

export function advisoryNotificationSubject(props: AdvisoryNotificationEmailProps): string {
  return singleLine(`New Advisory Network Signup - ${singleLine(props.name)}`);
}

function advisoryNotificationLayout(props: AdvisoryNotificationEmailProps): EmailLayoutProps {
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
  return {
    title: "New Advisory Network signup",
    preheader: `${singleLine(props.name)} has joined the Advisory Network.${props.welcomeFailed ? " Their welcome e-mail could not be delivered." : ""}`,
    intro: props.welcomeFailed ? (
      <p>
        Someone has joined the Advisory Network, but we could not send them the welcome e-mail. Please contact them
        directly.
      </p>
    ) : (
      <p>Someone has joined the Advisory Network. Their welcome e-mail has been sent.</p>
    ),
    sections: sections,
    ctas: [{ label: "Reply by email", url: mailtoUrl(props.email, `${company.brand} Advisory Network`) }],
    footerNote: `Sent to the ${company.brand} enquiries team from the Advisory Network form at ${company.siteUrl}.`,
    variant: props.welcomeFailed ? "alert" : "info",
  };
}
export const advisoryNotification = defineLayoutEmail<AdvisoryNotificationEmailProps>({
  subject: advisoryNotificationSubject,
  PreviewProps: notificationPreviewProps,
  layout: advisoryNotificationLayout,
});

/** The advisory network's e-mails (app/features/enquiries/emails/registry.ts). */
export const emails: EnquiryEmails<"advisory"> = {
  welcome: ({ name, email }, { today }) => renderEmail(advisoryWelcome, { name, email, today }),
  notification: (payload, { welcomeFailed }) => renderEmail(advisoryNotification, { ...payload, welcomeFailed }),
};
