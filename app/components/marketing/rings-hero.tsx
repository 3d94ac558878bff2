import type { ReactNode } from "react";
import { Container } from "~/components/ui/section";
import { cn } from "~/components/ui/cn";

/** Where a RingsHero's decorative rings sit, and its accent dot. */
export type Rings = {
  /** Position and size of the square drawing (a backdrop: it may lie behind the text). */
  className: string;
  /** Radius of the outlined ring (of 200). */
  ring: number;
  /** A filled inner circle too. */
  core?: boolean;
  /**
   * The accent dot. It sits in the hero's top or bottom padding, which no
   * text enters at any width, `right` (a Tailwind `right-*` class) from the
   * hero's right edge.
   */
  dot: { edge: "top" | "bottom"; right: string };
};

/**
 * The dark hero with decorative rings (the enquiry pages, investors, team):
 * eyebrow, the page's one h1, a lead, then `children` (actions, figures).
 *
 * The decorations never cover the words: the rings are a low-contrast
 * backdrop behind them, and the bright accent dot is kept to the padding
 * above or below the content (`--hero-pad`, taller than the dot), since on a
 * narrow screen the text fills the width and there is nowhere else it could go.
 * Both are marked `data-decoration` (e2e/public-layout.spec.ts checks every width).
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
      className={cn(
        "relative isolate overflow-hidden bg-primary-900 py-(--hero-pad) text-white [--hero-pad:4rem]",
        tall ? "sm:[--hero-pad:6rem]" : "sm:[--hero-pad:5rem]",
      )}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        data-decoration="backdrop"
        viewBox="0 0 400 400"
        className={cn("absolute -z-10 opacity-60", rings.className)}
      >
        <circle cx="200" cy="200" r="190" fill="#0a4e48" />
        <circle cx="200" cy="200" r={rings.ring} fill="none" stroke="#0d7a70" strokeWidth="2" />
        {rings.core ? <circle cx="200" cy="200" r="70" fill="#0b6259" /> : null}
      </svg>
      <span
        aria-hidden="true"
        data-decoration="mark"
        className={cn(
          // The accent as it showed at 60% over the backdrop, opaque so that the ring does not show through.
          "absolute -z-10 size-7 rounded-full bg-[#784334]",
          rings.dot.edge === "top"
            ? "top-[calc(var(--hero-pad)/2)] -translate-y-1/2"
            : "bottom-[calc(var(--hero-pad)/2)] translate-y-1/2",
          rings.dot.right,
        )}
      />
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
