import { Link } from "react-router";
import {
  DELIVERY_PROBLEMS_PATH,
  INTEGRATIONS_PATH,
  TEXT_MESSAGES_PATH,
  type DeadLetters,
} from "~/features/alerts/alerts";
import { plural } from "~/platform/words";

/** What a member with `role` is told of: every dead letter for admins; for staff the e-mails (the other pages are admins'). */
export function visibleDeadLetters(dead: DeadLetters, role: "admin" | "staff"): DeadLetters {
  return role === "admin" ? dead : { emails: dead.emails, webhooks: 0, texts: 0 };
}

/** Anything given up that a person should look at. */
export const hasDeadLetters = (dead: DeadLetters) => dead.emails + dead.webhooks + dead.texts > 0;

/** Each kind of dead letter: what the banner calls one and several, and where it sends the reader. */
const lines: {
  key: keyof DeadLetters;
  one: string;
  many: string;
  to: string;
  link: string;
}[] = [
  {
    key: "emails",
    one: "e-mail",
    many: "e-mails",
    to: DELIVERY_PROBLEMS_PATH,
    link: "See delivery problems",
  },
  {
    key: "webhooks",
    one: "message to an integration",
    many: "messages to integrations",
    to: INTEGRATIONS_PATH,
    link: "See integrations",
  },
  {
    key: "texts",
    one: "text message",
    many: "text messages",
    to: TEXT_MESSAGES_PATH,
    link: "See text messages",
  },
];

/**
 * Shown at the top of every console page while any e-mail, integration
 * message or text message is dead (given up after every retry): each one
 * needs a person. A polite status region, so it is not announced over what
 * the page is saying; each line links to where it can be retried.
 */
export function DeadLetterAlert({ dead }: { dead: DeadLetters }) {
  if (!hasDeadLetters(dead)) return null;
  return (
    <div role="status" className="border-b-4 border-danger-700 bg-danger-50 text-ink" data-testid="dead-letter-alert">
      {lines
        .filter((line) => dead[line.key] > 0)
        .map((line) => (
          <p key={line.key} className="mx-auto w-full max-w-content px-4 py-3 sm:px-6">
            <strong className="font-semibold">{`${plural(dead[line.key], line.one, line.many)} could not be delivered.`}</strong>{" "}
            <Link to={line.to} className="font-semibold text-danger-700 underline underline-offset-2">
              {line.link}
            </Link>
          </p>
        ))}
    </div>
  );
}
