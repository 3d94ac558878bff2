import { useEffect, useId, useRef, type FocusEvent, type MouseEvent } from "react";

/** The summary's heading unless told otherwise (GOV.UK's). */
export const ERROR_SUMMARY_TITLE = "There is a problem";

export type FieldErrorItem = { field: string; message: string };

type ErrorSummaryProps = {
  errors: FieldErrorItem[];
  title?: string;
  /** A line under the title, before the list (GOV.UK's `descriptionText`). */
  description?: string;
  /** Leave focus where it is when the summary appears or its errors change (GOV.UK's `disableAutoFocus`). */
  disableAutoFocus?: boolean;
};

/**
 * GOV.UK / NHS.UK error summary: shown at the top of a form after a failed
 * enquiry, it takes focus so screen reader users hear it at once, and links
 * each error to its field (by the field's control id).
 *
 * As in GOV.UK Frontend, the focused container is not the alert: an inner
 * element carries role="alert", and the container is focusable (tabindex=-1)
 * only until it loses focus, so a click on it later does not move focus back.
 * The server-rendered markup carries `tabindex` and `autofocus`, so a page
 * rendered without JavaScript focuses the summary too.
 */
export function ErrorSummary({
  errors,
  title = ERROR_SUMMARY_TITLE,
  description,
  disableAutoFocus = false,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Focus when the errors themselves change, not when a parent re-renders.
  const signature = errors.map((e) => `${e.field}:${e.message}`).join("|");
  useEffect(() => {
    const summary = ref.current;
    if (!signature || disableAutoFocus || !summary) return;
    summary.setAttribute("tabindex", "-1");
    summary.focus();
  }, [signature, disableAutoFocus]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      data-slot="error-summary"
      tabIndex={disableAutoFocus ? undefined : -1}
      autoFocus={!disableAutoFocus}
      onBlur={removeTabIndex}
      className="mb-6 scroll-mt-44 rounded-card border-4 border-danger-700 bg-white p-5 focus-visible:outline-offset-4"
    >
      <div role="alert" aria-labelledby={titleId}>
        <h2 id={titleId} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        {description ? (
          <p data-slot="error-summary-description" className="mt-3 text-ink">
            {description}
          </p>
        ) : null}
        <ul className="mt-3 list-none space-y-1">
          {errors.map((error) => (
            <li key={error.field}>
              <a
                href={`#${error.field}`}
                className="font-semibold text-danger-700 underline underline-offset-2"
                onClick={(event) => focusField(event, error.field)}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The summary itself lost focus (not one of its links): it stops being focusable. */
function removeTabIndex(event: FocusEvent<HTMLDivElement>) {
  if (event.target === event.currentTarget) event.currentTarget.removeAttribute("tabindex");
}

/**
 * Moves focus to the field, scrolled so that its label shows above it (the
 * page's scroll padding keeps the label clear of the sticky header). Without
 * a matching field the link's own #fragment applies.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  const label = (control as Partial<HTMLInputElement>).labels?.[0];
  (label ?? control).scrollIntoView();
  control.focus({ preventScroll: true });
}
