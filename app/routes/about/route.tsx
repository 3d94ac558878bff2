import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/about");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"About Maternis"} lead={"We make every pregnancy record safe, portable and owned by the mother."} />
    </Section>
  );
}
