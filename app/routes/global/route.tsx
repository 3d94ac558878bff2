import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/global");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Global Presence"} lead={"Headquartered in Aberdeen, working in Ghana and Nigeria."} />
    </Section>
  );
}
