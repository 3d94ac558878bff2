import { pageMeta } from "~/lib/seo";
import { GlobalCta, GlobalHero, Locations, Metrics, Phases } from "./sections";

export const meta = () => pageMeta("/global");

export default function Page() {
  return (
    <>
      <GlobalHero />
      <Locations />
      <Metrics />
      <Phases />
      <GlobalCta />
    </>
  );
}
