import { GlobeIcon, LightbulbIcon, ShieldCheckIcon, TargetIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section, SectionHeading } from "~/components/ui/section";
import { coreValues, type CoreValue } from "~/content/team";

const icons: Record<CoreValue["id"], LucideIcon> = {
  mission: TargetIcon,
  security: ShieldCheckIcon,
  innovation: LightbulbIcon,
  global: GlobeIcon,
};

export function CoreValues() {
  return (
    <Section tone="muted" aria-labelledby="values-title">
      <SectionHeading
        id="values-title"
        eyebrow="What guides us"
        title="Our Core Values"
        lead="Four commitments we hold ourselves to in every decision, from a line of code to a new partnership."
      />
      <IconCardGrid
        cards={coreValues.map((value) => ({ icon: icons[value.id], title: value.title, body: value.description }))}
        columns={4}
      />
    </Section>
  );
}
