import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/impact");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Our Impact"} lead={"Supporting UN SDG 3.1: fewer preventable maternal deaths."} />
    </Section>
  );
}
