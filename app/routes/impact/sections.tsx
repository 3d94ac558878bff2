import { CircleCheckIcon } from "lucide-react";
import { Aims2030, CtaBand, PageHero, StatGrid } from "~/components/marketing/blocks";
import { MarkedList } from "~/components/ui/check-list";
import { IconCardSection } from "~/components/marketing/icon-card-grid";
import { CardDescription, CardGrid, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { impact, sdgs } from "~/content/impact";

export function ImpactHero() {
  return <PageHero {...impact.hero} />;
}

export function ImpactStats() {
  const s = impact.stats;
  return (
    <Section heading={{ id: "stats-title", ...s }}>
      {/* Five figures in three columns: in five, the longest figure is wider than its card. */}
      <StatGrid items={s.items} className="lg:grid-cols-3!" />
    </Section>
  );
}

export function ImpactDifferentiators() {
  return <IconCardSection id="diff-title" content={impact.differentiators} tone="muted" columns={4} />;
}

export function OutcomeTargets() {
  const s = impact.outcomes;
  return (
    <Section heading={{ id: "outcomes-title", ...s }}>
      <MarkedList
        items={s.items}
        className="mx-auto grid max-w-5xl gap-6 sm:grid-cols-2"
        marker={() => <CircleCheckIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-success-800" />}
      />
    </Section>
  );
}

/** SDG cards, used on /impact. */
export function SdgCards() {
  const s = impact.sdgSection;
  return (
    <Section tone="muted" heading={{ id: "sdg-title", ...s }}>
      <CardGrid items={sdgs} className="grid gap-6 md:grid-cols-3" cardClassName="flex flex-1 flex-col">
        {(sdg) => (
          <>
            <p className="inline-flex self-start rounded-full bg-primary-700 px-3 py-1 text-sm font-semibold text-white">
              {sdg.target}
            </p>
            <CardTitle className="mt-4">{sdg.title}</CardTitle>
            <CardDescription>{sdg.body}</CardDescription>
            <p className="mt-4 border-t border-line pt-4 text-ink">
              <span className="font-semibold">Our part: </span>
              {sdg.contribution}
            </p>
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function ImpactCta() {
  return <CtaBand id="impact-cta-title" {...impact.cta} tone="muted" />;
}

/** The 2030 aims, as the impact page words them. */
export function ImpactAims() {
  return <Aims2030 {...impact.aims} />;
}
