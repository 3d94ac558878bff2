import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { AboutCta, AboutHero, Differentiators, Journey, MissionVision } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/about");

export default sectionsPage(AboutHero, MissionVision, Journey, Differentiators, AboutCta);
