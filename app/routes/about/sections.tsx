import { CtaBand, PageHero } from "~/components/marketing/blocks";
import { IconCardGrid, IconCardSection } from "~/components/marketing/icon-card-grid";
import { phasesOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";
import { CardDescription, CardGrid, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { about, journeyDatedSteps } from "~/content/about";

export function AboutHero() {
  return <PageHero {...about.hero} />;
}

export function MissionVision() {
  return (
    <Section aria-labelledby="mission-title">
      <h2 id="mission-title" className="sr-only">
        Mission and vision
      </h2>
      <IconCardGrid
        cards={about.missionVision}
        columns={2}
        large
        cardClassName="border-t-4 border-t-accent-600 sm:p-8"
      />
    </Section>
  );
}

export function Journey() {
  const s = about.journey;
  const steps = [...s.steps.slice(0, -2), ...journeyDatedSteps(phasesOn(useContentDate()))];
  return (
    <Section tone="muted" heading={{ id: "journey-title", ...s }}>
      <CardGrid items={steps} ordered className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {(step, i) => (
          <>
            <p
              aria-hidden="true"
              className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-primary-700 font-semibold text-white"
            >
              {i + 1}
            </p>
            <CardTitle>{step.title}</CardTitle>
            <CardDescription>{step.body}</CardDescription>
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function Differentiators() {
  return <IconCardSection id="different-title" content={about.differentiators} columns={3} />;
}

export function AboutCta() {
  const s = about.cta;
  return <CtaBand id="about-cta-title" {...s} />;
}
