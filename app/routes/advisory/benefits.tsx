import { IconCardGrid } from "~/components/marketing/blocks";
import { Section, SectionHeading } from "~/components/ui/section";
import { benefits } from "~/content/advisory";

/** Stay Updated, Share Feedback, Global Community. */
export function Benefits() {
  return (
    <Section tone="muted" aria-labelledby="advisory-benefits-title">
      <SectionHeading id="advisory-benefits-title" title={benefits.title} />
      <IconCardGrid cards={benefits.cards} />
    </Section>
  );
}
