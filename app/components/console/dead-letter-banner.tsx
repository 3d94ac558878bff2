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
    <div
      role="status"
      className="border-l-4 border-danger-700 bg-danger-50 px-4 py-3 text-ink"
      data-testid="dead-letter-banner"
    >
      <p>
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
