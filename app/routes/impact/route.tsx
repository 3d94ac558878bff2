import { impact } from "~/content/impact";
import { pageMeta } from "~/lib/seo";
import { Aims2030 } from "~/components/marketing/blocks";
import { ImpactCta, ImpactDifferentiators, ImpactHero, ImpactStats, OutcomeTargets, SdgCards } from "./sections";

export const meta = () => pageMeta("/impact");

export default function Page() {
  return (
    <>
      <ImpactHero />
      <ImpactStats />
      <ImpactDifferentiators />
      <OutcomeTargets />
      <SdgCards />
      <Aims2030 {...impact.aims} />
      <ImpactCta />
    </>
  );
}
