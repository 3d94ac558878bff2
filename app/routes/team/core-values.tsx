import { GlobeIcon, LightbulbIcon, ShieldCheckIcon, TargetIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section } from "~/components/ui/section";
import { coreValues, teamSections, type CoreValue } from "~/content/team";

const icons: Record<CoreValue["id"], LucideIcon> = {
  mission: TargetIcon,
  security: ShieldCheckIcon,
  innovation: LightbulbIcon,
  global: GlobeIcon,
};

export function CoreValues() {
  return (
    <Section tone="muted" heading={{ id: "values-title", ...teamSections.coreValues }}>
      <IconCardGrid
        cards={coreValues.map((value) => ({ icon: icons[value.id], title: value.title, body: value.description }))}
        columns={4}
      />
    </Section>
  );
}
