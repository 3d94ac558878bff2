import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/team");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Our Team | Leadership"} lead={"The people building Maternis."} />
    </Section>
  );
}
