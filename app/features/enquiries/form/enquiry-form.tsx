import { TriangleAlertIcon } from "lucide-react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { fieldId } from "~/components/ui/field";
import { company } from "~/platform/company";
import type { FieldErrors, FieldSpec } from "~/features/enquiries/fields";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "~/features/enquiries/form-guard";
import { SOURCE_FIELD } from "~/features/enquiries/source";
import type { EnquiryState } from "./use-enquiry";
import { prepareToasts } from "~/components/ui/toaster";

/**
 * The shell every enquiry form shares: posts to its route's action (in place
 * with JavaScript, as a normal form post without: ./use-enquiry.ts), shows the error summary or
 * the failure message (the refusal's words, which its toast says too:
 * ./refusal.ts), carries the anti-spam fields, and the submit button with its
 * pending label.
 *
 * Its lead paragraph comes first, from the form's `copy` with the button's labels.
 *
 * The form posts to `<path>#<id>` so that, without JavaScript, the browser
 * lands back on the form (or on the panel that replaces it, which carries the
 * same id).
 */
export function EnquiryForm({
  id,
  labelledBy,
  enquiry,
  fields,
  copy,
  children,
}: {
  id: string;
  /** Id of the heading that names the form. */
  labelledBy: string;
  enquiry: EnquiryState;
  fields: Record<string, FieldSpec>;
  /** The form's copy: its lead, and its submit button's label and label while sending. */
  copy: { lead: string; submitLabel: string; pendingLabel: string };
  children: ReactNode;
}) {
  const { action, onSubmit, result, refusal, pending, token, source } = enquiry;
  // One array per result: the summary takes focus whenever its errors change,
  // so it must not change when the page re-renders for another reason.
  const summary = useMemo(
    () => (result?.status === "invalid" ? summaryItems(id, fields, result.errors) : []),
    [result, id, fields],
  );
  return (
    <>
      <p className="mt-3 text-muted">{copy.lead}</p>
      <form
        method="post"
        // No #fragment: it would stop the browser honouring the autofocus on the
        // error summary, alert or success heading of a page rendered without JS.
        action={action}
        onSubmit={(event) => void onSubmit(event)}
        id={id}
        aria-labelledby={labelledBy}
        // A visitor starting on the form: load the notifications it will need.
        onFocus={() => void prepareToasts()}
        // Scrolled to by its hash: leave room for the sticky header and the form's heading.
        className="grid scroll-mt-28 gap-6 mt-6"
      >
        {refusal?.reason === "invalid" && summary.length > 0 ? (
          <ErrorSummary errors={summary} title={refusal.title} description={refusal.description} />
        ) : null}
        {refusal && refusal.reason !== "invalid" ? (
          <FormAlert title={refusal.title} focusKey={result}>
            {linkifyEmail(refusal.description)}
          </FormAlert>
        ) : null}
        {children}
        <Honeypot formId={id} />
        <input type="hidden" name={TIMESTAMP_FIELD} value={token} />
        {source ? <input type="hidden" name={SOURCE_FIELD} value={source} /> : null}
        <div>
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? copy.pendingLabel : copy.submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Error summary items in field order, each linking to its control. */
function summaryItems(formId: string, fields: Record<string, FieldSpec>, errors: FieldErrors) {
  return Object.keys(fields)
    .filter((name) => errors[name])
    .map((name) => ({ field: fieldId(formId, name), message: errors[name]! }));
}

/**
 * A text input that people never see or reach (visually hidden, hidden from
 * assistive technology, out of the tab order, no autofill); bots fill it in.
 */
function Honeypot({ formId }: { formId: string }) {
  const inputId = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={inputId}>Leave this field empty</label>
      <input id={inputId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * A visible, announced failure message inside the form. Like the error
 * summary it takes focus when it appears (each new `focusKey`), so keyboard
 * and screen reader users are not left on the disabled button.
 */
function FormAlert({ title, children, focusKey }: { title: string; children: ReactNode; focusKey?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      autoFocus
      role="alert"
      data-slot="form-alert"
      className="flex scroll-mt-24 gap-3 rounded-card border-2 border-danger-700 bg-danger-50 p-4 text-ink"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-700" />
      <div>
        <p data-slot="form-alert-title" className="font-semibold text-danger-700">
          {title}
        </p>
        <p data-slot="form-alert-description" className="mt-1">
          {children}
        </p>
      </div>
    </div>
  );
}

/** Turns the enquiries address inside a sentence into a mailto: link. */
function linkifyEmail(text: string, email: string = company.email.enquiries): ReactNode {
  const at = text.indexOf(email);
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={`mailto:${email}`} className="font-semibold text-primary-800 underline underline-offset-2">
        {email}
      </a>
      {text.slice(at + email.length)}
    </>
  );
}
