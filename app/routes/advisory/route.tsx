import { enquiryAction, tokenLoader } from "~/routes/enquiry-route.server";
import { retryAfterHeaders } from "~/platform/retry-after";
import { EnquiryHero } from "~/components/marketing/enquiry-hero";
import { ADVISORY_FORM_ID, advisoryNotices, advisoryOn } from "~/content/advisory";
import { EnquiryIsland } from "~/routes/enquiry-island";
import { phasesOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import AdvisoryFormIsland from "./advisory-form";
import { Benefits } from "./benefits";

export const meta = () => pageMeta("/advisory");

export const headers: Route.HeadersFunction = retryAfterHeaders;
export const loader = tokenLoader;

/** Not hydrated: only the form is, as its own island (docs/decisions/015-form-islands.md). */
export { formPage as handle } from "~/components/ui/hydration";

export const action = enquiryAction("advisory");

export default function AdvisoryPage(page: Route.ComponentProps) {
  const { hero: advisoryHero, form, success } = advisoryOn(phasesOn(useContentDate()));
  return (
    <>
      <EnquiryHero id="advisory-title" {...advisoryHero} />
      <Benefits />
      <EnquiryIsland
        kind="advisory"
        form={AdvisoryFormIsland}
        page={page}
        copy={{ formId: ADVISORY_FORM_ID, form, success, notices: advisoryNotices }}
      />
    </>
  );
}
