import { ArrowDownIcon, BookOpenIcon } from "lucide-react";
import { buttonVariants, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/section";
import { JOIN_SECTION_ID } from "./join-our-mission";

/** Moves focus to the in-page target too (the link works without JavaScript as well). */
function focusTarget(id: string) {
  document.getElementById(id)?.focus({ preventScroll: true });
}

export function TeamHero() {
  return (
    <section
      aria-labelledby="team-title"
      className="relative isolate overflow-hidden bg-primary-900 py-16 text-white sm:py-24"
    >
      <HeroShapes />
      <Container>
        <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">Our Team</p>
        <h1 id="team-title" className="max-w-3xl text-4xl text-white sm:text-5xl">
          Our Team <span className="text-primary-200">|</span> Leadership
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-primary-50">
          Midwives, doctors, engineers and product builders from Nigeria, Ghana and Scotland, working so that every
          mother's pregnancy record is safe, complete and hers.
        </p>
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
      </Container>
    </section>
  );
}

function HeroShapes() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 400"
      className="absolute -top-24 -right-40 -z-10 size-[28rem] opacity-60 sm:-right-16 sm:size-[34rem]"
    >
      <circle cx="200" cy="200" r="190" fill="#0a4e48" />
      <circle cx="200" cy="200" r="130" fill="none" stroke="#0d7a70" strokeWidth="2" />
      <circle cx="200" cy="200" r="70" fill="#0b6259" />
      <circle cx="300" cy="300" r="14" fill="#c2412b" />
    </svg>
  );
}
