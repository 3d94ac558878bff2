import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/advisory");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Join the Health Advisory Network"} lead={"Help shape digital maternal care."} />
    </Section>
  );
}
