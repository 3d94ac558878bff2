import { vision } from "~/content/vision";
import { pageMeta } from "~/lib/seo";
import { Aims2030 } from "~/components/marketing/blocks";
import { NextLinks, Pillars, VisionHero } from "./sections";

export const meta = () => pageMeta("/vision");

export default function Page() {
  return (
    <>
      <VisionHero />
      <Pillars />
      <Aims2030 {...vision.aims} />
      <NextLinks />
    </>
  );
}
