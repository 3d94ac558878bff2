import { pageMeta } from "~/lib/seo";
import { HomeHero } from "./hero";
import { GlobalImpact, HomeCta, KeyFeatures, OrganizationJsonLd, WhoWeServe, WhyChoose } from "./sections";

export const meta = () => pageMeta("/");

export default function Page() {
  return (
    <>
      <OrganizationJsonLd />
      <HomeHero />
      <KeyFeatures />
      <GlobalImpact />
      <WhyChoose />
      <WhoWeServe />
      <HomeCta />
    </>
  );
}
