import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/terms");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Terms of Service"} lead={"The terms that govern use of Maternis."} />
    </Section>
  );
}
