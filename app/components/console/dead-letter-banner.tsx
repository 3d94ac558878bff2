import { Link } from "react-router";
import { DELIVERY_PROBLEMS_PATH } from "~/lib/console/alerts";

/**
 * Shown at the top of every console page while any e-mail is dead (given up
 * after every retry): each one needs a person. A polite status region, so it
 * is not announced over what the page is saying; it links to the inbox
 * filtered to delivery problems.
 */
export function DeadLetterBanner({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div role="status" className="border-b-4 border-danger-700 bg-danger-50 text-ink" data-testid="dead-letter-banner">
      <p className="mx-auto w-full max-w-content px-4 py-3 sm:px-6">
        <strong className="font-semibold">
          {count === 1 ? "1 e-mail could not be delivered." : `${count} e-mails could not be delivered.`}
        </strong>{" "}
        <Link to={DELIVERY_PROBLEMS_PATH} className="font-semibold text-danger-700 underline underline-offset-2">
          See delivery problems
        </Link>
      </p>
    </div>
  );
}
