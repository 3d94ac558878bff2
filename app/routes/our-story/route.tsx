import { pageMeta } from "~/lib/seo";
import { FounderNarrative, StoryCta, StoryHero, Timeline } from "./sections";

export const meta = () => pageMeta("/our-story");

export default function Page() {
  return (
    <>
      <StoryHero />
      <FounderNarrative />
      <Timeline />
      <StoryCta />
    </>
  );
}
