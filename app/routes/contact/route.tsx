import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { enquiryHeaders, enquiryAction, tokenLoader } from "~/components/forms/enquiry-action.server";
import { EnquiryHero } from "~/components/forms/enquiry-hero";
import { Toaster } from "~/components/ui/toaster";
import { enquiryShouldRevalidate, useEnquiry } from "~/components/forms/use-enquiry";
import { fieldId } from "~/components/ui/field";
import { CONTACT_FORM_ID, contactHero, contactNotices } from "~/content/contact";
import { defaultInterest, isInterest, type Interest } from "~/lib/enquiry-fields";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import { ClosingCta } from "./closing-cta";
import { Commitment } from "./commitment";
import { ContactFormSection } from "./contact-form";
import { QuickActions } from "./quick-actions";

export const meta = () => pageMeta("/contact");

export const headers: Route.HeadersFunction = enquiryHeaders;

export const shouldRevalidate = enquiryShouldRevalidate;

/** A fresh anti-spam token, and the interest from `?interest=` when it is a known value. */
export function loader({ request, context }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("interest");
  return { ...tokenLoader({ context }), interest: isInterest(param) ? param : null };
}

export const action = enquiryAction("contact");

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const enquiry = useEnquiry({ actionData, loaderToken: loaderData.token, notices: contactNotices });
  const { interest, setInterest, chooseInterest } = useInterest({
    initial: () => {
      const submitted = actionData && "values" in actionData ? actionData.values.interest : undefined;
      return isInterest(submitted) ? submitted : (loaderData.interest ?? defaultInterest);
    },
    beforeChoose: () => {
      // Choosing an interest after a message was sent starts a new one.
      if (enquiry.result?.status === "success") enquiry.reset();
    },
  });

  const succeeded = enquiry.result?.status === "success";
  useEffect(() => {
    if (succeeded) setInterest(defaultInterest);
  }, [succeeded, setInterest]);

  return (
    <>
      <EnquiryHero id="contact-title" {...contactHero} />
      <QuickActions onInterest={chooseInterest} />
      <ContactFormSection
        enquiry={enquiry}
        interest={interest}
        onInterestChange={setInterest}
        onSendAnother={() => {
          flushSync(() => {
            enquiry.reset();
            setInterest(defaultInterest);
          });
          document.getElementById(fieldId(CONTACT_FORM_ID, "name"))?.focus();
        }}
      />
      <Commitment />
      <ClosingCta />
      <Toaster />
    </>
  );
}

/**
 * The form's interest. A link like `/contact?interest=partnership#contact-form`
 * fills it in, on the first render (from the loader) and on later client-side
 * navigation, but only while it is still the default: a visitor's own choice
 * is never overwritten. A quick action sets it outright and goes to the form.
 */
function useInterest({ initial, beforeChoose }: { initial: () => Interest; beforeChoose: () => void }) {
  const [interest, setInterest] = useState<Interest>(initial);
  const location = useLocation();
  const navigate = useNavigate();

  // The first location was handled by the loader (and a posted form's own value wins).
  const handledKey = useRef(location.key);
  useEffect(() => {
    if (location.key === handledKey.current) return;
    handledKey.current = location.key;
    const param = new URLSearchParams(location.search).get("interest");
    if (isInterest(param)) setInterest((current) => (current === defaultInterest ? param : current));
  }, [location.key, location.search]);

  const chooseInterest = useCallback(
    (value: Interest) => {
      flushSync(() => {
        beforeChoose();
        setInterest(value);
      });
      // Focus the (now changed) select without jumping, then let the router
      // scroll to the form for the new hash: smooth, or instant when the
      // visitor prefers reduced motion (see app.css).
      document.getElementById(fieldId(CONTACT_FORM_ID, "interest"))?.focus({ preventScroll: true });
      void navigate(
        { pathname: location.pathname, search: location.search, hash: CONTACT_FORM_ID },
        { preventScrollReset: true },
      );
    },
    [beforeChoose, navigate, location.pathname, location.search],
  );

  return { interest, setInterest, chooseInterest };
}
