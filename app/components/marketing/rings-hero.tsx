import type { ReactNode } from "react";
import { Container } from "~/components/ui/section";
import { cn } from "~/lib/utils";

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
