import { Roadmap } from "~/components/roadmap";
import { Section } from "~/components/ui/section";
import { roadmapIntro } from "~/content/investors";

export function RoadmapSection() {
  return (
    <Section tone="muted" heading={{ id: "roadmap-title", ...roadmapIntro }}>
      <Roadmap />
    </Section>
  );
}
