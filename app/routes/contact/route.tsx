import { enquiryAction, tokenLoader } from "~/routes/enquiry-route.server";
import { retryAfterHeaders } from "~/platform/retry-after";
import { EnquiryHero } from "~/components/marketing/enquiry-hero";
import { Container } from "~/components/ui/section";
import { CONTACT_FORM_ID, contactForm, contactHero, contactNotices, contactSuccess } from "~/content/contact";
import { EnquiryIsland } from "~/routes/enquiry-island";
import { isInterest } from "~/features/enquiries/fields";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import { ClosingCta } from "./closing-cta";
import { Commitment } from "./commitment";
import ContactFormIsland, { CONTACT_TITLE_ID } from "./contact-form";
import { OfficeCard } from "./office-card";
import { Promises } from "./promises";
import { QuickActions } from "./quick-actions";

export const meta = () => pageMeta("/contact");

export const headers: Route.HeadersFunction = retryAfterHeaders;

/** Not hydrated: only the form is, as its own island (docs/decisions/015-form-islands.md). */
export { formPage as handle } from "~/components/ui/hydration";

/** A fresh anti-spam token, and the interest from `?interest=` when it is a known value. */
export function loader({ request, context }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("interest");
  return { ...tokenLoader({ request, context }), interest: isInterest(param) ? param : null };
}

export const action = enquiryAction("contact");

export default function ContactPage(page: Route.ComponentProps) {
  return (
    <>
      <EnquiryHero id="contact-title" {...contactHero} />
      <QuickActions />
      <section aria-labelledby={CONTACT_TITLE_ID} className="py-16 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-3">
          <EnquiryIsland
            kind="contact"
            form={ContactFormIsland}
            page={page}
            more={{ interest: page.loaderData.interest }}
            copy={{ formId: CONTACT_FORM_ID, form: contactForm, success: contactSuccess, notices: contactNotices }}
            className="lg:col-span-2 lg:self-start"
          />
          <aside aria-label="Our promises and office" className="grid content-start gap-6">
            <Promises />
            <OfficeCard />
          </aside>
        </Container>
      </section>
      <Commitment />
      <ClosingCta />
    </>
  );
}
