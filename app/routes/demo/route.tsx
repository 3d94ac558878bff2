import { enquiryHeaders, enquiryAction, tokenLoader } from "~/components/forms/enquiry-action.server";
import { EnquiryHero } from "~/components/forms/enquiry-hero";
import { Toaster } from "~/components/ui/toaster";
import { enquiryShouldRevalidate, useEnquiry } from "~/components/forms/use-enquiry";
import { demoHero, demoNotices } from "~/content/demo";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import { Audiences } from "./audiences";
import { DemoFormSection } from "./demo-form";

export const meta = () => pageMeta("/demo");

export const headers: Route.HeadersFunction = enquiryHeaders;
export const shouldRevalidate = enquiryShouldRevalidate;
export const loader = tokenLoader;

export const action = enquiryAction("demo");

export default function DemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const enquiry = useEnquiry({ actionData, loaderToken: loaderData.token, notices: demoNotices });
  return (
    <>
      <EnquiryHero id="demo-title" {...demoHero} />
      <Audiences />
      <DemoFormSection enquiry={enquiry} />
      <Toaster />
    </>
  );
}
