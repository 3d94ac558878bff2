import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { NextLinks, Pillars, VisionHero, VisionAims } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/vision");

export default sectionsPage(VisionHero, Pillars, VisionAims, NextLinks);
