import { Roadmap } from "~/components/roadmap";
import { Section, SectionHeading } from "~/components/ui/section";
import { roadmapIntro } from "~/content/investors";

export function RoadmapSection() {
  return (
    <Section tone="muted" aria-labelledby="roadmap-title">
      <SectionHeading
        id="roadmap-title"
        eyebrow={roadmapIntro.eyebrow}
        title={roadmapIntro.title}
        lead={roadmapIntro.lead}
      />
      <Roadmap />
    </Section>
  );
}
