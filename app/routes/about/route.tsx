import { pageMeta } from "~/lib/seo";
import { AboutCta, AboutHero, Differentiators, Journey, MissionVision } from "./sections";

export const meta = () => pageMeta("/about");

export default function Page() {
  return (
    <>
      <AboutHero />
      <MissionVision />
      <Journey />
      <Differentiators />
      <AboutCta />
    </>
  );
}
