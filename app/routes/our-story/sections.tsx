import { QuoteIcon } from "lucide-react";
import { CtaBand, PageHero, SplitSection } from "~/components/marketing/blocks";
import { Section } from "~/components/ui/section";
import { ourStory } from "~/content/our-story";

export function StoryHero() {
  return <PageHero {...ourStory.hero} />;
}

export function FounderNarrative() {
  const s = ourStory.narrative;
  return (
    <SplitSection
      id="narrative-title"
      heading={s}
      className="grid gap-12 lg:grid-cols-[3fr_2fr]"
      headingClassName="mb-6!"
      aside={
        <figure className="self-start rounded-card bg-primary-900 p-8 text-white shadow-card lg:sticky lg:top-40">
          <QuoteIcon aria-hidden="true" className="size-10 text-accent-200" />
          <blockquote className="mt-4 text-2xl leading-snug text-white">
            <p>{s.quote}</p>
          </blockquote>
          <figcaption className="mt-6 text-primary-50">{s.quoteBy}</figcaption>
        </figure>
      }
    >
      <div className="grid max-w-prose gap-5 text-lg">
        {s.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </SplitSection>
  );
}

export function Timeline() {
  const s = ourStory.timeline;
  return (
    <Section tone="muted" heading={{ id: "timeline-title", ...s }}>
      <ol className="relative mx-auto grid max-w-3xl gap-8 border-l-2 border-primary-700 pl-8">
        {s.entries.map((entry) => (
          <li key={entry.when + entry.title} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[2.55rem] size-4 rounded-full border-4 border-surface bg-primary-700 ring-2 ring-primary-700"
            />
            <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{entry.when}</p>
            <h3 className="mt-1 text-xl">{entry.title}</h3>
            <p className="mt-1">{entry.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function StoryCta() {
  return <CtaBand id="story-cta-title" {...ourStory.cta} />;
}
