import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { GlobalCta, GlobalHero, Locations, Metrics, Phases } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/global");

export default sectionsPage(GlobalHero, Locations, Metrics, Phases, GlobalCta);
