import { Section, SectionHeading } from "~/components/ui/section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/");

export default function Page() {
  return (
    <Section>
      <SectionHeading as="h1" title={"Digital Health Records for Mothers"} lead={"Secure, portable digital maternal records that replace paper antenatal cards."} />
    </Section>
  );
}
