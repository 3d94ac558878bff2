import { Link } from "react-router";
import { DELIVERY_PROBLEMS_PATH, INTEGRATIONS_PATH } from "~/lib/console/alerts";

/**
 * Shown at the top of every console page while any e-mail or integration
 * message is dead (given up after every retry): each one needs a person. A
 * polite status region, so it is not announced over what the page is saying;
 * it links to the inbox filtered to delivery problems, and to the
 * integrations, whose logs have a Resend button.
 */
export function DeadLetterBanner({ count, webhooks = 0 }: { count: number; webhooks?: number }) {
  if (count <= 0 && webhooks <= 0) return null;
  const link = "font-semibold text-danger-700 underline underline-offset-2";
  return (
    <div role="status" className="border-b-4 border-danger-700 bg-danger-50 text-ink" data-testid="dead-letter-banner">
      {count > 0 ? (
        <p className="mx-auto w-full max-w-content px-4 py-3 sm:px-6">
          <strong className="font-semibold">
            {count === 1 ? "1 e-mail could not be delivered." : `${count} e-mails could not be delivered.`}
          </strong>{" "}
          <Link to={DELIVERY_PROBLEMS_PATH} className={link}>
            See delivery problems
          </Link>
        </p>
      ) : null}
      {webhooks > 0 ? (
        <p className="mx-auto w-full max-w-content px-4 py-3 sm:px-6">
          <strong className="font-semibold">
            {webhooks === 1
              ? "1 message to an integration could not be delivered."
              : `${webhooks} messages to integrations could not be delivered.`}
          </strong>{" "}
          <Link to={INTEGRATIONS_PATH} className={link}>
            See integrations
          </Link>
        </p>
      ) : null}
    </div>
  );
}
