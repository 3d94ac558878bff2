import type { ComponentProps, ReactNode } from "react";
import { CtaButtons } from "~/components/ui/button";
import { Container, Section, SectionHeading } from "~/components/ui/section";
import type { Figure } from "~/content/figures";
import { aims2030 } from "~/content/impact";
import { cn } from "~/components/ui/cn";
import type { Ctas } from "~/platform/company";

/**
 * Page-level building blocks shared by the content pages (hero, statistics,
 * call to action, the 2030 aims). They take content from app/content/*.
 * The blocks the enquiry pages use too (./rings-hero, ./icon-card-grid) live
 * in modules of their own: the enquiry pages run React in the browser and
 * load only those (vite.config.ts, the "content" chunk).
 */

/** The top of a page: eyebrow, the page's one h1, a lead, its calls to action and an optional visual. */
export function PageHero({
  eyebrow,
  title,
  lead,
  ctas,
  visual,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  ctas?: Ctas;
  visual?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="relative overflow-hidden bg-primary-900 text-white">
      <HeroPattern />
      <Container className={cn("relative py-14 sm:py-20", visual && "grid items-center gap-12 lg:grid-cols-2")}>
        <div className="max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">{eyebrow}</p>
          <h1 id="page-title" className="text-4xl text-white sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 text-lg text-primary-50">{lead}</p>
          {ctas ? <CtaButtons ctas={ctas} inverse size="lg" className="mt-8" /> : null}
          {children}
        </div>
        {visual ? <div className="flex justify-center lg:justify-end">{visual}</div> : null}
      </Container>
    </section>
  );
}

/** Soft decorative circles behind the hero: a low-contrast backdrop, which may lie behind its text. */
export function HeroPattern() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-decoration="backdrop"
      className="pointer-events-none absolute inset-0 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1200 600"
    >
      <circle cx="1100" cy="80" r="220" fill="var(--color-primary-800)" opacity="0.7" />
      <circle cx="980" cy="560" r="160" fill="var(--color-primary-800)" opacity="0.5" />
      <circle cx="80" cy="620" r="200" fill="var(--color-primary-950)" opacity="0.5" />
    </svg>
  );
}

/** A row of big figures. Values come from app/content/figures.ts. */
export function StatGrid({
  items,
  inverse = false,
  className,
}: {
  items: readonly Figure[];
  inverse?: boolean;
  className?: string;
}) {
  return (
    <dl
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        items.length === 3 ? "lg:grid-cols-3" : items.length >= 5 ? "lg:grid-cols-5" : "lg:grid-cols-4",
        className,
      )}
    >
      {items.map((item) => (
        <div
          key={item.label}
          className={cn(
            "flex flex-col-reverse justify-end rounded-card p-6",
            inverse ? "bg-primary-800 text-primary-50" : "border border-line bg-white shadow-card",
          )}
        >
          <dt className={cn("mt-1", inverse ? "text-primary-50" : "text-muted")}>{item.label}</dt>
          <dd className={cn("text-4xl font-semibold tracking-tight", inverse ? "text-white" : "text-primary-800")}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The closing call to action of a page. */
export function CtaBand({
  id,
  title,
  lead,
  ctas,
  tone = "primary",
}: {
  id: string;
  title: string;
  lead: string;
  ctas: Ctas;
  tone?: "primary" | "muted";
}) {
  const dark = tone === "primary";
  return (
    <Section tone={tone} aria-labelledby={id} className="relative overflow-hidden">
      <div className="relative mx-auto max-w-3xl text-center">
        <h2 id={id} className={cn("text-3xl sm:text-4xl", dark ? "text-white" : "text-ink")}>
          {title}
        </h2>
        <p className={cn("mt-4 text-lg", dark ? "text-primary-50" : "text-muted")}>{lead}</p>
        <CtaButtons ctas={ctas} inverse={dark} size="lg" className="mt-8 justify-center" />
      </div>
    </Section>
  );
}

/**
 * A section in two columns: its heading, start-aligned, over `children`, beside
 * `aside`. `className` sets the columns; on a "primary" section the heading is light.
 */
export function SplitSection({
  id,
  heading,
  tone,
  className,
  headingClassName,
  aside,
  children,
}: {
  id: string;
  heading: { eyebrow: string; title: string; lead?: string };
  tone?: ComponentProps<typeof Section>["tone"];
  className: string;
  /** The space below the heading. */
  headingClassName: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section tone={tone} aria-labelledby={id}>
      <div className={className}>
        <div>
          <SectionHeading
            id={id}
            eyebrow={heading.eyebrow}
            title={heading.title}
            lead={heading.lead}
            align="start"
            inverse={tone === "primary"}
            className={headingClassName}
          />
          {children}
        </div>
        {aside}
      </div>
    </Section>
  );
}

/** The 2030 aims (on /impact and /vision). */
export function Aims2030({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <Section tone="primary" aria-labelledby="aims-title">
      <SectionHeading id="aims-title" eyebrow={eyebrow} title={title} lead={lead} inverse />
      <StatGrid items={aims2030} inverse />
    </Section>
  );
}
