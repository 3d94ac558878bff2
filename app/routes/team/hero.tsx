import { ArrowDownIcon, BookOpenIcon } from "lucide-react";
import { buttonVariants, ButtonLink } from "~/components/ui/button";
import { RingsHero, type Rings } from "~/components/marketing/rings-hero";
import { JOIN_SECTION_ID } from "./join-our-mission";

/** Moves focus to the in-page target too (the link works without JavaScript as well). */
function focusTarget(id: string) {
  document.getElementById(id)?.focus({ preventScroll: true });
}

const rings: Rings = {
  className: "-top-24 -right-40 size-[28rem] sm:-right-16 sm:size-[34rem]",
  ring: 130,
  core: true,
  // Where the ring crosses the top padding (the drawing is anchored to the right, in rem).
  dot: { edge: "top", right: "right-[10rem] sm:right-[19.75rem]" },
};

export function TeamHero() {
  return (
    <RingsHero
      id="team-title"
      eyebrow="Our Team"
      title={
        <>
          Our Team <span className="text-primary-200">|</span> Leadership
        </>
      }
      lead="Midwives, doctors, engineers and product builders from Nigeria, Ghana and Scotland, working so that every mother's pregnancy record is safe, complete and hers."
      rings={rings}
      tall
    >
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={`#${JOIN_SECTION_ID}`}
          onClick={() => focusTarget(JOIN_SECTION_ID)}
          className={buttonVariants({ variant: "accent", size: "lg" })}
        >
          Join Our Mission
          <ArrowDownIcon aria-hidden="true" />
        </a>
        <ButtonLink to="/our-story" variant="outline-inverse" size="lg">
          <BookOpenIcon aria-hidden="true" />
          Our Story
        </ButtonLink>
      </div>
    </RingsHero>
  );
}
