import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section, SectionHeading } from "~/components/ui/section";
import { advisoryOn } from "~/content/advisory";
import { phasesOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";

/** Stay Updated, Share Feedback, Global Community. */
export function Benefits() {
  const { benefits } = advisoryOn(phasesOn(useContentDate()));
  return (
    <Section tone="muted" aria-labelledby="advisory-benefits-title">
      <SectionHeading id="advisory-benefits-title" title={benefits.title} />
      <IconCardGrid cards={benefits.cards} />
    </Section>
  );
}
