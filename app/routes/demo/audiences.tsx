import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section, SectionHeading } from "~/components/ui/section";
import { audiences } from "~/content/demo";
import { PilotNote } from "./pilot-note";

/** For Mothers, For Providers, For Ministries; then the national pilot note. */
export function Audiences() {
  return (
    <Section tone="muted" aria-labelledby="demo-audiences-title">
      <SectionHeading id="demo-audiences-title" title={audiences.title} />
      <IconCardGrid cards={audiences.cards} />
      <PilotNote />
    </Section>
  );
}
