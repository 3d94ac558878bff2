import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/demo");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Request a Demo"} lead={"Book a 30-minute walkthrough of Maternis."} />
    </Section>
  );
}
