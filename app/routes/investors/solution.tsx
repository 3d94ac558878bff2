import { HeartIcon, LandmarkIcon, StethoscopeIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
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
      <IconCardGrid
        cards={solution.audiences.map((audience) => ({
          icon: icons[audience.id],
          title: audience.title,
          body: audience.description,
        }))}
      />
    </Section>
  );
}
