import { HeartIcon, LandmarkIcon, StethoscopeIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section } from "~/components/ui/section";
import { solution, type SolutionAudience } from "~/content/investors";

const icons: Record<SolutionAudience["id"], LucideIcon> = {
  mothers: HeartIcon,
  providers: StethoscopeIcon,
  ministries: LandmarkIcon,
};

export function Solution() {
  return (
    <Section tone="muted" heading={{ id: "solution-title", ...solution }}>
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
