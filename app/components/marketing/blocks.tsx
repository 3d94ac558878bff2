import { ArrowRightIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Container, Section, SectionHeading } from "~/components/ui/section";
import type { Figure } from "~/content/figures";
import { aims2030 } from "~/content/impact";
import { cn } from "~/lib/utils";

/**
 * Page-level building blocks shared by the marketing pages (hero, statistics,
 * icon cards, call to action). They take content from app/content/*.
 */

type Link = { label: string; to: string };

/** The top of a page: eyebrow, the page's one h1, a lead, actions and an optional visual. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  visual,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  actions?: ReactNode;
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
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          {children}
        </div>
        {visual ? <div className="flex justify-center lg:justify-end">{visual}</div> : null}
      </Container>
    </section>
  );
}

/** Soft decorative circles behind the hero. */
export function HeroPattern() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
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

/** Where a RingsHero's decorative rings sit, and their accent dot. */
export type Rings = {
  /** Position and size of the square drawing. */
  className: string;
  /** Radius of the outlined ring (of 200). */
  ring: number;
  /** A filled inner circle too. */
  core?: boolean;
  dot: { cx: number; cy: number; r: number; className?: string };
};

/**
 * The dark hero with decorative rings (the enquiry pages, investors, team):
 * eyebrow, the page's one h1, a lead, then `children` (actions, figures).
 */
export function RingsHero({
  id,
  eyebrow,
  title,
  lead,
  rings,
  tall = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  rings: Rings;
  /** More room above and below on wider screens. */
  tall?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("relative isolate overflow-hidden bg-primary-900 py-16 text-white", tall ? "sm:py-24" : "sm:py-20")}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 400 400"
        className={cn("absolute -z-10 opacity-60", rings.className)}
      >
        <circle cx="200" cy="200" r="190" fill="#0a4e48" />
        <circle cx="200" cy="200" r={rings.ring} fill="none" stroke="#0d7a70" strokeWidth="2" />
        {rings.core ? <circle cx="200" cy="200" r="70" fill="#0b6259" /> : null}
        <circle {...rings.dot} fill="#c2412b" />
      </svg>
      <Container>
        <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">{eyebrow}</p>
        <h1 id={id} className="max-w-3xl text-4xl text-white sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-primary-50">{lead}</p>
        {children}
      </Container>
    </section>
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

type IconCardContent = { icon: LucideIcon; title: string; body: string };

/** Cards with an icon, an h3 title and a short description. */
export function IconCardGrid({
  cards,
  columns = 3,
  className,
}: {
  cards: readonly IconCardContent[];
  columns?: 2 | 3 | 4 | 5;
  className?: string;
}) {
  const cols = {
    2: "md:grid-cols-2",
    3: "md:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
    // 3 then 2 on wide screens: a 6-column grid where the first 3 span 2 and the last 2 span 3.
    5: "sm:grid-cols-2 lg:grid-cols-6 lg:[&>li:nth-child(-n+3)]:col-span-2 lg:[&>li:nth-child(n+4)]:col-span-3",
  }[columns];
  return (
    <ul className={cn("grid gap-6", cols, className)}>
      {cards.map((card) => (
        <li key={card.title} className="flex">
          <Card className="flex-1">
            <CardIcon>
              <card.icon />
            </CardIcon>
            <CardTitle>{card.title}</CardTitle>
            <CardDescription>{card.body}</CardDescription>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The closing call to action of a page. */
export function CtaBand({
  id,
  title,
  lead,
  primary,
  secondary,
  tone = "primary",
}: {
  id: string;
  title: string;
  lead: string;
  primary: Link;
  secondary?: Link;
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
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={primary.to} variant={dark ? "inverse" : "primary"} size="lg">
            {primary.label}
            <ArrowRightIcon aria-hidden="true" />
          </ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} variant={dark ? "outline-inverse" : "outline"} size="lg">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
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
