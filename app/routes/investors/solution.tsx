import { HeartIcon, LandmarkIcon, StethoscopeIcon, type LucideIcon } from "lucide-react";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";
import { solution, type SolutionAudience } from "~/content/investors";

const icons: Record<SolutionAudience["id"], LucideIcon> = {
  mothers: HeartIcon,
  providers: StethoscopeIcon,
  ministries: LandmarkIcon,
};

export function Solution() {
  return (
    <Section tone="muted" aria-labelledby="solution-title">
      <SectionHeading id="solution-title" eyebrow={solution.eyebrow} title={solution.title} lead={solution.lead} />
      <ul className="grid gap-6 md:grid-cols-3">
        {solution.audiences.map((audience) => {
          const Icon = icons[audience.id];
          return (
            <li key={audience.id} className="flex">
              <Card className="w-full">
                <CardIcon>
                  <Icon />
                </CardIcon>
                <CardTitle>{audience.title}</CardTitle>
                <CardDescription>{audience.description}</CardDescription>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
