import { CtaBand, PageHero } from "~/components/marketing/blocks";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { phasesOn } from "~/lib/dated";
import { useContentDate } from "~/lib/use-dated";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
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
      <ul className="grid gap-6 md:grid-cols-2">
        {about.missionVision.map((item) => (
          <li key={item.title} className="flex">
            <Card className="flex-1 border-t-4 border-t-accent-600 sm:p-8">
              <CardIcon>
                <item.icon />
              </CardIcon>
              <CardTitle className="text-2xl!">{item.title}</CardTitle>
              <CardDescription className="text-lg">{item.body}</CardDescription>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Journey() {
  const s = about.journey;
  const steps = [...s.steps.slice(0, -2), ...journeyDatedSteps(phasesOn(useContentDate()))];
  return (
    <Section tone="muted" heading={{ id: "journey-title", ...s }}>
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={step.title} className="flex">
            <Card className="flex-1">
              <p
                aria-hidden="true"
                className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-primary-700 font-semibold text-white"
              >
                {i + 1}
              </p>
              <CardTitle>{step.title}</CardTitle>
              <CardDescription>{step.body}</CardDescription>
            </Card>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Differentiators() {
  const s = about.differentiators;
  return (
    <Section heading={{ id: "different-title", ...s }}>
      <IconCardGrid cards={s.cards} columns={3} />
    </Section>
  );
}

export function AboutCta() {
  const s = about.cta;
  return <CtaBand id="about-cta-title" {...s} />;
}
