import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contact");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Let's Transform Maternal Care Together"} lead={"Send us a message and we will respond within one business day."} />
    </Section>
  );
}
