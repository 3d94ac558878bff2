/**
 * Content blocks for the templates. User input is passed to them as plain
 * strings and rendered as text, so React escapes it in the HTML part.
 */
import { Fragment } from "react";
import type { EmailSection } from "./layout";
import { mailtoUrl } from "./links";
import { firstName } from "./utils";

export const notProvided = "Not provided";

/** "Hi Ama," for "Ama Mensah"; "Hello," when there is no usable name. */
export function Greeting({ name }: { name: string }) {
  const first = firstName(name);
  return <p>{first ? `Hi ${first},` : "Hello,"}</p>;
}

/** Lines of text separated by <br>, which the plain-text part turns back into line breaks. */
export function Lines({ text }: { text: string }) {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line, index) => (
      <Fragment key={index}>
        {index > 0 ? <br /> : null}
        {line}
      </Fragment>
    ));
}

/** A paragraph of user-written text, line breaks kept; `empty` when there is none. */
export function UserText({ text, empty = notProvided }: { text: string | undefined; empty?: string }) {
  return <p>{text ? <Lines text={text} /> : empty}</p>;
}

export type DetailRow = {
  label: string;
  value: string | undefined;
  /** Makes the value a link (e.g. a mailto: URL). */
  href?: string;
};

/** Labelled values, one per line: "<strong>Name:</strong> Ama Mensah<br>…". */
export function Details({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <p>
      {rows.map(({ label, value, href }, index) => (
        <Fragment key={label}>
          {index > 0 ? <br /> : null}
          <strong>{`${label}:`}</strong>
          {value && href ? (
            <>
              {" "}
              <a href={href}>{value}</a>
            </>
          ) : (
            ` ${value || notProvided}`
          )}
        </Fragment>
      ))}
    </p>
  );
}

/**
 * The sections of a notification to the enquiries team: the submitter's
 * details (name and e-mail first, then `rows`) and what they wrote; first of
 * all, an alert when the welcome e-mail it waited for could not be delivered.
 */
export function notificationSections(
  submitter: { name: string; email: string; welcomeFailed?: boolean },
  details: { heading: string; rows: readonly DetailRow[] },
  text: EmailSection,
): EmailSection[] {
  const rows = [
    { label: "Name", value: submitter.name },
    { label: "Email", value: submitter.email, href: mailtoUrl(submitter.email) },
    ...details.rows,
  ];
  return [
    ...(submitter.welcomeFailed ? [welcomeFailedSection(submitter.name, submitter.email)] : []),
    { heading: details.heading, body: <Details rows={rows} /> },
    text,
  ];
}

/** The alert section shown when the requester's welcome e-mail could not be delivered. */
function welcomeFailedSection(name: string, email: string): EmailSection {
  return {
    heading: "Welcome e-mail not delivered",
    body: (
      <p>
        <strong>The welcome e-mail to the requester could not be delivered.</strong>
        {` ${name} has not received a confirmation from us. Please contact them directly at `}
        <a href={mailtoUrl(email)}>{email}</a>.
      </p>
    ),
  };
}
