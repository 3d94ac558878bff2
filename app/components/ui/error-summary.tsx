import { useEffect, useRef } from "react";

export type FieldErrorItem = { field: string; message: string };

/**
 * GOV.UK / NHS.UK error summary: shown at the top of a form after a failed
 * submission, takes focus so screen reader users hear it at once, and links
 * each error to its field (by the field's control id).
 */
export function ErrorSummary({ errors, title = "There is a problem" }: { errors: FieldErrorItem[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus when the errors themselves change, not when a parent re-renders.
  const signature = errors.map((e) => `${e.field}:${e.message}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      data-slot="error-summary"
      tabIndex={-1}
      // Also focuses the summary on a page rendered without JavaScript.
      autoFocus
      aria-labelledby="error-summary-title"
      role="alert"
      className="mb-6 scroll-mt-44 rounded-card border-4 border-danger-700 bg-white p-5 focus-visible:outline-offset-4"
    >
      <h2 id="error-summary-title" className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <ul className="mt-3 list-none space-y-1">
        {errors.map((error) => (
          <li key={error.field}>
            <a
              href={`#${error.field}`}
              className="font-semibold text-danger-700 underline underline-offset-2"
              onClick={(event) => {
                const target = document.getElementById(error.field);
                if (target) {
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
