import { enquiryHeaders, enquiryAction, tokenLoader } from "~/components/forms/enquiry-action.server";
import { EnquiryHero } from "~/components/forms/enquiry-hero";
import { Toaster } from "~/components/ui/toaster";
import { enquiryShouldRevalidate, useEnquiry } from "~/components/forms/use-enquiry";
import { advisoryNotices, advisoryOn } from "~/content/advisory";
import { phasesOn } from "~/lib/dated";
import { useContentDate } from "~/lib/use-dated";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import { AdvisoryFormSection } from "./advisory-form";
import { Benefits } from "./benefits";

export const meta = () => pageMeta("/advisory");

export const headers: Route.HeadersFunction = enquiryHeaders;
export const shouldRevalidate = enquiryShouldRevalidate;
export const loader = tokenLoader;

export const action = enquiryAction("advisory");

export default function AdvisoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hero: advisoryHero } = advisoryOn(phasesOn(useContentDate()));
  const enquiry = useEnquiry({ actionData, loaderToken: loaderData.token, notices: advisoryNotices });
  return (
    <>
      <EnquiryHero id="advisory-title" {...advisoryHero} />
      <Benefits />
      <AdvisoryFormSection enquiry={enquiry} />
      <Toaster />
    </>
  );
}
