import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/privacy");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Privacy Policy"} lead={"How we handle the information you send us."} />
    </Section>
  );
}
