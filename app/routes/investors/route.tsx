import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/investors");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Investors"} lead={"Secure SaaS for maternal health."} />
    </Section>
  );
}
