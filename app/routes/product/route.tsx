import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/product");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"The Maternis platform"} lead={"Digital antenatal and postnatal records with AI-Obs risk insights."} />
    </Section>
  );
}
