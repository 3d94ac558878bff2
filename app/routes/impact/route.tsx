import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import {
  ImpactCta,
  ImpactDifferentiators,
  ImpactHero,
  ImpactStats,
  OutcomeTargets,
  SdgCards,
  ImpactAims,
} from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/impact");

export default sectionsPage(
  ImpactHero,
  ImpactStats,
  ImpactDifferentiators,
  OutcomeTargets,
  SdgCards,
  ImpactAims,
  ImpactCta,
);
