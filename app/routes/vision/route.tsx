import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/vision");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Our Vision"} lead={"Every mother carries a complete, secure pregnancy record."} />
    </Section>
  );
}
