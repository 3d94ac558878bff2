import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { FounderNarrative, StoryCta, StoryHero, Timeline } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/our-story");

export default sectionsPage(StoryHero, FounderNarrative, Timeline, StoryCta);
