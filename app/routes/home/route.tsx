import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { HomeHero } from "./hero";
import { GlobalImpact, HomeCta, KeyFeatures, OrganizationJsonLd, WhoWeServe, WhyChoose } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/");

export default sectionsPage(OrganizationJsonLd, HomeHero, KeyFeatures, GlobalImpact, WhyChoose, WhoWeServe, HomeCta);
