import { GlobeIcon, LightbulbIcon, ShieldCheckIcon, TargetIcon, type LucideIcon } from "lucide-react";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
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
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {coreValues.map((value) => {
          const Icon = icons[value.id];
          return (
            <li key={value.id} className="flex">
              <Card className="w-full">
                <CardIcon>
                  <Icon />
                </CardIcon>
                <CardTitle>{value.title}</CardTitle>
                <CardDescription>{value.description}</CardDescription>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
