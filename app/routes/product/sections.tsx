import { ArrowRightIcon, CircleCheckIcon, LayoutDashboardIcon } from "lucide-react";
import { phasesOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";
import { RecordCardScreen } from "~/components/product-screens/record-card";
import { RiskPanelScreen } from "~/components/product-screens/risk-panel";
import { CtaBand, PageHero, SplitSection, StatGrid } from "~/components/marketing/blocks";
import { IconCardSection } from "~/components/marketing/icon-card-grid";
import { Roadmap } from "~/components/roadmap";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { IconLink } from "~/components/ui/icon-link";
import { CardDescription, CardGrid, CardIcon, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { product, productPilotOn, productRoadmapLeadOn } from "~/content/product";
import { CheckList, IconDisc, MarkedList } from "~/components/ui/check-list";

export function ProductHero() {
  const h = product.hero;
  return (
    <PageHero eyebrow={h.eyebrow} title={h.title} lead={h.lead} visual={<RecordCardScreen />} ctas={h.ctas}>
      <p className="mt-6">
        <IconLink link={h.dashboardLink} icon={LayoutDashboardIcon} inverse />
      </p>
    </PageHero>
  );
}

export function ProductStats() {
  return (
    <Section aria-labelledby="stats-title" className="py-12! sm:py-14!">
      <h2 id="stats-title" className="sr-only">
        {product.stats.heading}
      </h2>
      <StatGrid items={product.stats.items} />
    </Section>
  );
}

export function ProblemSolution() {
  const s = product.problemSolution;
  return (
    <Section tone="muted" heading={{ id: "problem-title", ...s }}>
      <CardGrid items={s.cards} className="grid gap-6 md:grid-cols-3">
        {(card) => (
          <>
            <CardIcon>
              <card.icon />
            </CardIcon>
            <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{card.label}</p>
            <CardTitle className="mt-1">{card.title}</CardTitle>
            <CardDescription>{card.body}</CardDescription>
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function Audiences() {
  return <IconCardSection id="audiences-title" content={product.audiences} columns={3} />;
}

export function AiServices() {
  const s = product.ai;
  return (
    <SplitSection
      id="ai-title"
      heading={s}
      tone="muted"
      className="grid items-center gap-12 lg:grid-cols-2"
      headingClassName="mb-8!"
      aside={
        <div className="flex justify-center">
          <RiskPanelScreen />
        </div>
      }
    >
      <MarkedList
        items={s.services}
        className="grid gap-5"
        marker={(service) => <IconDisc icon={service.icon} className="bg-white text-primary-700 shadow-card" />}
      />
    </SplitSection>
  );
}

export function Benefits() {
  const s = product.benefits;
  return (
    <Section heading={{ id: "benefits-title", ...s }}>
      <CheckList
        items={s.items}
        className="mx-auto grid max-w-4xl gap-x-10 gap-y-4 sm:grid-cols-2"
        itemClassName="flex gap-3 text-lg"
        mark={<CircleCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-success-800" />}
      />
    </Section>
  );
}

export function ProductRoadmap() {
  const s = { ...product.roadmap, ...productRoadmapLeadOn(phasesOn(useContentDate()).pilotLaunch) };
  return (
    <Section tone="muted" heading={{ id: "roadmap-title", ...s }}>
      <Roadmap />
    </Section>
  );
}

export function Continuity() {
  const s = product.continuity;
  return (
    <Section heading={{ id: "continuity-title", ...s }}>
      <CardGrid items={s.modules} className="grid gap-6 md:grid-cols-3" cardClassName="flex flex-1 flex-col">
        {(module) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <CardIcon>
                <module.icon />
              </CardIcon>
              <Badge variant={module.status === "Planned" ? "neutral" : "success"}>{module.status}</Badge>
            </div>
            <CardTitle>{module.title}</CardTitle>
            <CardDescription>{module.body}</CardDescription>
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function PilotStudy() {
  const s = { ...product.pilot, ...productPilotOn(phasesOn(useContentDate()).uk) };
  return (
    <SplitSection
      id="pilot-title"
      heading={s}
      tone="primary"
      className="grid gap-12 lg:grid-cols-2"
      headingClassName="mb-8!"
      aside={
        <div className="rounded-card bg-white p-6 text-ink shadow-card sm:p-8">
          <h3 className="text-xl">What the pilot will measure</h3>
          <ul className="mt-4 grid gap-3">
            {s.measures.map((measure) => (
              <li key={measure} className="flex gap-3">
                <CircleCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary-700" />
                {measure}
              </li>
            ))}
          </ul>
          <ButtonLink to={s.cta.to} className="mt-6">
            {s.cta.label}
            <ArrowRightIcon aria-hidden="true" />
          </ButtonLink>
        </div>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {s.facts.map((fact) => (
          <div key={fact.label} className="rounded-card bg-primary-800 p-4">
            <dt className="flex items-center gap-2 text-sm text-primary-50">
              <fact.icon aria-hidden="true" className="size-4" />
              {fact.label}
            </dt>
            <dd className="mt-1 text-xl font-semibold text-white">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </SplitSection>
  );
}

export function GetInTouch() {
  return <CtaBand id="contact-title" {...product.contact} tone="muted" />;
}
