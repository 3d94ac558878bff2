import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/dashboard");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Demo dashboard"} lead={"A demo interface of the facility dashboard, with sample data."} />
    </Section>
  );
}
