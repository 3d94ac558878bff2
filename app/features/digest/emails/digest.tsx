import { company } from "~/platform/company";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import { singleLine } from "~/platform/text";
import { plural } from "~/platform/words";

/**
 * To the enquiries team every morning (app/features/digest/digest.server.ts): the
 * e-mails that could not be delivered and the enquiries still new after one
 * business day, each with a link into the staff console. Not sent when there
 * is nothing to say.
 */
export type DigestDeadLetter = {
  /** "Notification", "Welcome", "Acknowledgement". */
  email: string;
  recipient: string;
  /** "Contact from Ama Mensah". */
  enquiry: string;
  /** "Mon 23 Nov 2026, 14:05". */
  received: string;
  lastError: string | null;
  url: string;
};

export type DigestOverdue = {
  /** "Demo request from Kwame Boateng (Ghana Health Service)". */
  enquiry: string;
  /** "Fri 20 Nov 2026, 10:00 (3 days ago)". */
  received: string;
  url: string;
};

export type StaffDigestEmailProps = {
  /** "Mon 23 Nov 2026". */
  date: string;
  deadLetters: DigestDeadLetter[];
  /** All dead letters, when more than the list shows. */
  deadTotal: number;
  deadLettersUrl: string;
  overdue: DigestOverdue[];
  overdueTotal: number;
  inboxUrl: string;
  /** Integrations (Slack, Teams, webhooks) with messages given up, each linking to its log. */
  deadIntegrationDeliveries: { integration: string; count: number; url: string }[];
  /** Lines other features add (the traffic figures: visitors and enquiries yesterday), each with a link. */
  lines?: { text: string; url: string }[];
};

const integrationDeliveriesDead = (props: StaffDigestEmailProps) =>
  props.deadIntegrationDeliveries.reduce((sum, item) => sum + item.count, 0);

export const PreviewProps = {
  date: "Mon 23 Nov 2026",
  deadLetters: [
    {
      email: "Welcome",
      recipient: "kwame@example.org",
      enquiry: "Demo request from Kwame Boateng",
      received: "Fri 20 Nov 2026, 16:12",
      lastError: "550 5.1.1 Mailbox unavailable",
      url: "https://www.maternis.health/staff/enquiries/0b6d1f3e-5a55-4f0e-9d0a-5d2c7a1e9b10",
    },
  ],
  deadTotal: 1,
  deadLettersUrl: "https://www.maternis.health/staff?problem=1",
  overdue: [
    {
      enquiry: "Contact from Ama Mensah (Korle Bu Teaching Hospital)",
      received: "Fri 20 Nov 2026, 10:00 (3 days ago)",
      url: "https://www.maternis.health/staff/enquiries/7f1c2d4e-8b9a-4c3d-a2e1-0f9e8d7c6b5a",
    },
  ],
  overdueTotal: 1,
  inboxUrl: "https://www.maternis.health/staff?state=new",
  deadIntegrationDeliveries: [
    {
      integration: "Sales channel",
      count: 2,
      url: "https://www.maternis.health/staff/integrations/3c9e2f1a-7d4b-4e8a-9f0c-1b2d3e4f5a6b",
    },
  ],
  lines: [
    {
      text: "Yesterday (Sun 22 Nov): 132 visitors and 3 enquiries; the same day a week before (Sun 15 Nov): 120 visitors and 1 enquiry.",
      url: "https://www.maternis.health/staff/traffic?from=2026-11-15&to=2026-11-22",
    },
  ],
} satisfies StaffDigestEmailProps;

/** "And N more", with the console's list of them all, when a section shows only the first `shown` of `total`. */
function MoreInConsole({ total, shown, url }: { total: number; shown: number; url: string }) {
  return total > shown ? (
    <p>
      {`And ${total - shown} more. `}
      <a href={url}>See them all in the console</a>.
    </p>
  ) : null;
}

export function staffDigestSubject(props: StaffDigestEmailProps): string {
  const parts = [
    props.deadTotal > 0 ? `${plural(props.deadTotal, "e-mail", "e-mails")} not delivered` : null,
    props.overdueTotal > 0 ? `${plural(props.overdueTotal, "enquiry", "enquiries")} waiting` : null,
    integrationDeliveriesDead(props) > 0
      ? `${plural(integrationDeliveriesDead(props), "integration message", "integration messages")} not delivered`
      : null,
  ].filter(Boolean);
  return singleLine(`Enquiries digest: ${parts.join(", ")}`);
}

function digestSections(props: StaffDigestEmailProps) {
  const sections = [];
  if (props.deadTotal > 0) {
    sections.push({
      heading: "E-mails not delivered",
      body: (
        <>
          <p>
            {`${plural(props.deadTotal, "e-mail", "e-mails")} could not be delivered after every retry. `}
            Retry from the console, or contact the person another way.
          </p>
          <ul>
            {props.deadLetters.map((item) => (
              <li key={item.url + item.email}>
                <a href={item.url}>{item.enquiry}</a>
                {`: ${item.email} to ${item.recipient}, received ${item.received}.`}
                {item.lastError ? ` Last error: ${item.lastError}` : ""}
              </li>
            ))}
          </ul>
          <MoreInConsole total={props.deadTotal} shown={props.deadLetters.length} url={props.deadLettersUrl} />
        </>
      ),
    });
  }
  if (props.deadIntegrationDeliveries.length > 0) {
    sections.push({
      heading: "Messages to integrations not delivered",
      body: (
        <>
          <p>
            {`${plural(integrationDeliveriesDead(props), "message", "messages")} to Slack, Teams or a webhook could not be delivered after every retry. `}
            Resend them from the integration's log once its receiver works again.
          </p>
          <ul>
            {props.deadIntegrationDeliveries.map((item) => (
              <li key={item.url}>
                <a href={item.url}>{item.integration}</a>
                {`: ${plural(item.count, "message", "messages")} given up.`}
              </li>
            ))}
          </ul>
        </>
      ),
    });
  }
  if (props.overdueTotal > 0) {
    sections.push({
      heading: "Still new after one business day",
      body: (
        <>
          <p>{`${plural(props.overdueTotal, "enquiry has", "enquiries have")} not been marked handled yet.`}</p>
          <ul>
            {props.overdue.map((item) => (
              <li key={item.url}>
                <a href={item.url}>{item.enquiry}</a>
                {`, received ${item.received}.`}
              </li>
            ))}
          </ul>
          <MoreInConsole total={props.overdueTotal} shown={props.overdue.length} url={props.inboxUrl} />
        </>
      ),
    });
  }
  if (props.lines && props.lines.length > 0) {
    sections.push({
      heading: "Visitors and enquiries",
      body: (
        <>
          {props.lines.map((line) => (
            <p key={line.url}>
              {line.text} <a href={line.url}>See the traffic figures</a>.
            </p>
          ))}
        </>
      ),
    });
  }
  return sections;
}

export const staffDigest = defineLayoutEmail<StaffDigestEmailProps>({
  subject: staffDigestSubject,
  PreviewProps,
  layout: (props) => ({
    title: `Enquiries digest, ${props.date}`,
    preheader: staffDigestSubject(props),
    intro: <p>What needs a person today in the staff console.</p>,
    sections: digestSections(props),
    ctas: [{ label: "Open the console", url: props.deadTotal > 0 ? props.deadLettersUrl : props.inboxUrl }],
    footerNote: `Sent every morning at 08:00 to the ${company.brand} enquiries team, only when something needs attention.`,
    variant: props.deadTotal > 0 || props.deadIntegrationDeliveries.length > 0 ? "alert" : "info",
    addUtm: false,
  }),
});
export default staffDigest.Email;
