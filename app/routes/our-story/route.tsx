import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/our-story");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Our Story"} lead={"How a lost antenatal card started Maternis."} />
    </Section>
  );
}
