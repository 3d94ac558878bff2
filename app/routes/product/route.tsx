import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import {
  AiServices,
  Audiences,
  Benefits,
  Continuity,
  GetInTouch,
  PilotStudy,
  ProblemSolution,
  ProductHero,
  ProductRoadmap,
  ProductStats,
} from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/product");

export default sectionsPage(
  ProductHero,
  ProductStats,
  ProblemSolution,
  Audiences,
  AiServices,
  Benefits,
  ProductRoadmap,
  Continuity,
  PilotStudy,
  GetInTouch,
);
