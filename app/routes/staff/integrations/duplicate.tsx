import { useEffect, useRef } from "react";
import { Link } from "react-router";

/** The endpoint that already sends to an address being added. */
export type Duplicate = { id: string; name: string };

/**
 * The warning over the add form when an endpoint of the same kind already
 * sends to the address: the receiver would get each message twice, told
 * apart by nothing it can see. Adding it anyway is allowed (a second endpoint
 * may choose other events or another detail), but only when asked for again.
 * It takes focus like the error summary, with and without JavaScript.
 */
export function DuplicateWarning({ duplicate }: { duplicate: Duplicate }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [duplicate.id]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      autoFocus
      data-slot="duplicate-warning"
      className="mt-4 rounded-card border-4 border-warning-800 bg-warning-50 p-5 focus-visible:outline-offset-4"
    >
      <div role="alert" aria-labelledby="duplicate-title">
        <h3 id="duplicate-title" className="text-xl font-semibold text-ink">
          This address is already connected
        </h3>
        <p className="mt-2 text-ink">
          <Link to={`/staff/integrations/${duplicate.id}`} className="font-semibold underline underline-offset-2">
            {duplicate.name}
          </Link>{" "}
          already sends to this address. Adding it again sends each message there twice.
        </p>
        <p className="mt-2 text-ink">Change the address, or choose &ldquo;Add it anyway&rdquo;.</p>
      </div>
    </div>
  );
}
