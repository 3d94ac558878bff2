import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { AdvisoryNetwork } from "./advisory-network";
import { CoreValues } from "./core-values";
import { TeamHero } from "./hero";
import { JoinOurMission } from "./join-our-mission";
import { Leadership } from "./leadership";
import { MissionVision } from "./mission-vision";
import { TeamQuote } from "./team-quote";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/team");

export default sectionsPage(
  TeamHero,
  MissionVision,
  Leadership,
  AdvisoryNetwork,
  CoreValues,
  TeamQuote,
  JoinOurMission,
);
