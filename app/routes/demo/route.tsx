import { enquiryAction, tokenLoader } from "~/routes/enquiry-route.server";
import { retryAfterHeaders } from "~/platform/retry-after";
import { EnquiryHero } from "~/components/marketing/enquiry-hero";
import { DEMO_FORM_ID, demoForm, demoHero, demoNotices, demoSuccess } from "~/content/demo";
import { EnquiryIsland } from "~/routes/enquiry-island";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import DemoFormIsland from "./demo-form";
import { Audiences } from "./audiences";

export const meta = () => pageMeta("/demo");

export const headers: Route.HeadersFunction = retryAfterHeaders;
export const loader = tokenLoader;

/** Not hydrated: only the form is, as its own island (docs/decisions/015-form-islands.md). */
export { formPage as handle } from "~/components/ui/hydration";

export const action = enquiryAction("demo");

export default function DemoPage(page: Route.ComponentProps) {
  return (
    <>
      <EnquiryHero id="demo-title" {...demoHero} />
      <Audiences />
      <EnquiryIsland
        kind="demo"
        form={DemoFormIsland}
        page={page}
        copy={{ formId: DEMO_FORM_ID, form: demoForm, success: demoSuccess, notices: demoNotices }}
      />
    </>
  );
}
