import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";
import { InvestorsHero } from "./hero";
import { Solution, WhyInvest } from "./investor-cards";
import { NationalPilot } from "./national-pilot";
import { PartnerWithUs } from "./partner-with-us";
import { getPitchPdfInfo } from "./pitch-pdf.server";
import { Problem } from "./problem";
import { RoadmapSection } from "./roadmap-section";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/investors");

/** Runs at build time (the page is prerendered): the pitch PDF's size for the link. */
export function loader() {
  return { pitch: getPitchPdfInfo() };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <InvestorsHero />
      <Problem />
      <Solution />
      <NationalPilot />
      <RoadmapSection />
      <WhyInvest />
      <PartnerWithUs pitch={loaderData.pitch} />
    </>
  );
}
