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

export const meta = () => pageMeta("/product");

export default function Page() {
  return (
    <>
      <ProductHero />
      <ProductStats />
      <ProblemSolution />
      <Audiences />
      <AiServices />
      <Benefits />
      <ProductRoadmap />
      <Continuity />
      <PilotStudy />
      <GetInTouch />
    </>
  );
}
