import { ArrowRightIcon, RotateCcwIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { fieldPropsFor } from "~/features/enquiries/form/card-form-section";
import { EnquiryForm } from "~/features/enquiries/form/enquiry-form";
import { FormField } from "~/features/enquiries/form/form-field";
import { SuccessPanel } from "~/features/enquiries/form/success-panel";
import type { EnquiryResult } from "~/features/enquiries/form/types";
import { useEnquiry } from "~/features/enquiries/form/use-enquiry";
import { Button, ButtonAnchor } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fieldId } from "~/components/ui/field";
import type { contactForm, contactNotices, contactSuccess } from "~/content/contact";
import { defaultInterest, isInterest, type Interest } from "~/features/enquiries/fields";
import { enquiryKinds } from "~/features/enquiries/kinds";

const fields = enquiryKinds.contact.fields;
export const CONTACT_TITLE_ID = "send-message-title";

/**
 * What the contact form's island is rendered with, on the server and again in
 * the browser. The copy comes with it (the page's content modules compute
 * dated words when they load: the island's script carries none of them).
 */
export type ContactFormProps = {
  action: string;
  token: string;
  /** Where the visitor came from (~/features/enquiries/source), for the form's hidden field. */
  source?: string;
  /** From `?interest=` when it is a known value. */
  interest: Interest | null;
  actionData?: EnquiryResult;
  copy: {
    formId: string;
    form: typeof contactForm;
    success: typeof contactSuccess;
    notices: typeof contactNotices;
  };
};

/** "We received your inquiry about Pricing." (app/content/contact.ts receivedLine, from the copy). */
function receivedLine(received: string, interest: Interest | undefined) {
  if (!interest || interest === "general") return `${received}.`;
  return `${received} about ${interest.charAt(0).toUpperCase()}${interest.slice(1)}.`;
}

/**
 * 'Send Us a Message': the form (or its confirmation) in its card. The
 * contact page's island (docs/decisions/015-form-islands.md): the rest of the
 * page is static HTML.
 */
export default function ContactFormIsland({
  action,
  token,
  source,
  interest: linked,
  actionData,
  copy,
}: ContactFormProps) {
  const { formId, form: contactForm, success: contactSuccess, notices: contactNotices } = copy;
  const enquiry = useEnquiry({
    action,
    actionData,
    loaderToken: token,
    loaderSource: source,
    notices: contactNotices,
    submitLabel: contactForm.submitLabel,
  });
  const { result } = enquiry;
  const { interest, setInterest } = useInterest({
    formId,
    initial: () => {
      const submitted = actionData && "values" in actionData ? actionData.values.interest : undefined;
      return isInterest(submitted) ? submitted : (linked ?? defaultInterest);
    },
    beforeChoose: () => {
      // Choosing an interest after a message was sent starts a new one.
      if (enquiry.result?.status === "success") enquiry.reset();
    },
  });

  const succeeded = result?.status === "success";
  useEffect(() => {
    if (succeeded) setInterest(defaultInterest);
  }, [succeeded, setInterest]);

  const field = fieldPropsFor(formId, fields, result);

  return (
    <Card className="p-6 sm:p-8">
      <h2 id={CONTACT_TITLE_ID} className="text-3xl text-ink">
        {contactForm.title}
      </h2>
      {result?.status === "success" ? (
        <SuccessPanel
          id={formId}
          title={contactSuccess.title}
          className="mt-4"
          actions={
            <>
              {/* Without JavaScript this reloads an empty form. */}
              <form method="get" action={`/contact#${formId}`}>
                <Button
                  type="submit"
                  variant="outline"
                  onClick={(event) => {
                    event.preventDefault();
                    flushSync(() => {
                      enquiry.reset();
                      setInterest(defaultInterest);
                    });
                    document.getElementById(fieldId(formId, "name"))?.focus();
                  }}
                >
                  <RotateCcwIcon aria-hidden="true" />
                  {contactSuccess.again}
                </Button>
              </form>
              <ButtonAnchor href={contactSuccess.explore.to}>
                {contactSuccess.explore.label}
                <ArrowRightIcon aria-hidden="true" />
              </ButtonAnchor>
            </>
          }
        >
          <p>{receivedLine(contactSuccess.received, result.interest)}</p>
          <p>{contactSuccess.respond}</p>
        </SuccessPanel>
      ) : (
        <>
          <EnquiryForm id={formId} labelledBy={CONTACT_TITLE_ID} enquiry={enquiry} fields={fields} copy={contactForm}>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField {...field("name")} />
              <FormField {...field("email")} />
              <FormField {...field("organization")} />
              <FormField {...field("role")} />
            </div>
            <FormField
              {...field("interest")}
              // Controlled: the interest follows the quick actions and the links to this page.
              defaultValue={undefined}
              value={interest}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isInterest(value)) setInterest(value);
              }}
            />
            <FormField {...field("message")} rows={5} />
          </EnquiryForm>
        </>
      )}
    </Card>
  );
}

/** Plain clicks only: a modified click (new tab, new window) follows the link. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The known interest in a URL's query string, if any. */
function interestIn(search: string): Interest | null {
  const param = new URLSearchParams(search).get("interest");
  return isInterest(param) ? param : null;
}

/**
 * The form's interest. A link like `/contact?interest=partnership#contact-form`
 * fills it in: on the first render (from the loader), and, from a link on
 * this page (or Back and Forward between such addresses), in place, but only
 * while it is still the default: a visitor's own choice is never overwritten.
 * A quick action (a link marked `data-interest-action`, static HTML outside
 * the island) sets it outright and goes to the form. Without JavaScript every
 * such link loads the page again, and the loader fills the interest in.
 */
function useInterest({
  formId,
  initial,
  beforeChoose,
}: {
  formId: string;
  initial: () => Interest;
  beforeChoose: () => void;
}) {
  const [interest, setInterest] = useState<Interest>(initial);
  const before = useRef(beforeChoose);
  useEffect(() => {
    before.current = beforeChoose;
  });

  const chooseInterest = useCallback(
    (value: Interest) => {
      flushSync(() => {
        before.current();
        setInterest(value);
      });
      // Focus the (now changed) select without jumping, then scroll to the form
      // for the new hash: smooth, or instant when the visitor prefers reduced
      // motion (app/site.css).
      document.getElementById(fieldId(formId, "interest"))?.focus({ preventScroll: true });
      history.pushState(null, "", `${location.pathname}${location.search}#${formId}`);
      document.getElementById(formId)?.scrollIntoView();
    },
    [formId],
  );

  useEffect(() => {
    const fillIn = (value: Interest | null) => {
      if (value) setInterest((current) => (current === defaultInterest ? value : current));
    };
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      if (link.origin !== location.origin || link.pathname !== location.pathname) return;
      const value = interestIn(link.search);
      if (!value) return;
      event.preventDefault();
      if (link.hasAttribute("data-interest-action")) return chooseInterest(value);
      history.pushState(null, "", link.href);
      fillIn(value);
      if (link.hash.length > 1) document.getElementById(decodeURIComponent(link.hash.slice(1)))?.scrollIntoView();
    }
    const onPopState = () => fillIn(interestIn(location.search));
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
    };
  }, [chooseInterest]);

  return { interest, setInterest };
}
