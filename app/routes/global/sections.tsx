import { CtaBand, PageHero, StatGrid } from "~/components/marketing/blocks";
import { Badge } from "~/components/ui/badge";
import { CardDescription, CardGrid, CardIcon, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { globalPresence } from "~/content/global";

const mapLabels = [
  { name: "Aberdeen", x: 190, y: 66 },
  { name: "Ghana", x: 78, y: 280 },
  { name: "Nigeria", x: 204, y: 280 },
];

/** Abstract map: Aberdeen linked to Accra and Lagos. Decorative; the locations are listed as text. */
function PresenceMap() {
  return (
    <svg viewBox="0 0 360 360" aria-hidden="true" focusable="false" className="h-auto w-full max-w-sm">
      <circle cx="180" cy="180" r="170" fill="var(--color-primary-800)" />
      <circle cx="180" cy="180" r="120" fill="none" stroke="var(--color-primary-700)" strokeWidth="2" />
      <circle cx="180" cy="180" r="70" fill="none" stroke="var(--color-primary-700)" strokeWidth="2" />
      <path d="M10 180 H350 M180 10 V350" stroke="var(--color-primary-700)" strokeWidth="2" />
      {["M172 70 Q120 160 150 250", "M172 70 Q230 160 196 248"].map((route) => (
        <path
          key={route}
          d={route}
          fill="none"
          stroke="var(--color-accent-200)"
          strokeWidth="3"
          strokeDasharray="6 6"
        />
      ))}
      <circle cx="172" cy="70" r="11" fill="#fff" />
      <circle cx="150" cy="252" r="9" fill="var(--color-accent-200)" />
      <circle cx="196" cy="250" r="9" fill="var(--color-accent-200)" />
      {mapLabels.map((label) => (
        <text key={label.name} x={label.x} y={label.y} fill="#fff" fontSize="16" fontWeight="600">
          {label.name}
        </text>
      ))}
    </svg>
  );
}

export function GlobalHero() {
  return <PageHero {...globalPresence.hero} visual={<PresenceMap />} />;
}

export function Locations() {
  const s = globalPresence.locations;
  return (
    <Section heading={{ id: "locations-title", ...s }}>
      <CardGrid items={s.items} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {(item) => (
          <>
            <CardIcon>
              <item.icon />
            </CardIcon>
            <CardTitle>{item.name}</CardTitle>
            <Badge variant={item.tag === "Planned" ? "neutral" : "primary"} className="mt-2">
              {item.tag}
            </Badge>
            <CardDescription className="mt-3!">{item.body}</CardDescription>
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function Metrics() {
  const s = globalPresence.metrics;
  return (
    <Section tone="muted" heading={{ id: "metrics-title", ...s }}>
      <StatGrid items={s.items} />
    </Section>
  );
}

export function Phases() {
  const s = globalPresence.phases;
  return (
    <Section heading={{ id: "phases-title", ...s }}>
      <CardGrid
        items={s.items}
        ordered
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-4"
        itemClassName="relative flex"
        cardClassName="flex-1 border-t-4 border-t-primary-700"
      >
        {(item, i) => (
          <>
            <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
              {item.phase} <span aria-hidden="true">·</span> {item.when}
            </p>
            <CardTitle className="mt-2">{item.title}</CardTitle>
            <CardDescription>{item.body}</CardDescription>
            {i === 0 ? (
              <Badge variant="success" className="mt-4">
                Current phase
              </Badge>
            ) : null}
          </>
        )}
      </CardGrid>
    </Section>
  );
}

export function GlobalCta() {
  return <CtaBand id="global-cta-title" {...globalPresence.cta} />;
}
