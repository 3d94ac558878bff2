import { ArrowDownIcon, PresentationIcon } from "lucide-react";
import { buttonVariants, ButtonLink } from "~/components/ui/button";
import { RingsHero, type Rings } from "~/components/marketing/rings-hero";
import { figures } from "~/content/figures";
import { investorHero, partnerWithUs } from "~/content/investors";

const heroFigures = [figures.maternalDeathsPerYear, figures.preventableShare, figures.womenBy2030] as const;

const rings: Rings = {
  className: "-right-40 -bottom-40 size-[30rem] sm:-right-20",
  ring: 120,
  // Where the ring crosses the bottom padding (the drawing is anchored to the right, in rem).
  dot: { edge: "bottom", right: "right-[12.5rem] sm:right-[18rem]" },
};

export function InvestorsHero() {
  return (
    <RingsHero
      id="investors-title"
      eyebrow={investorHero.eyebrow}
      title={investorHero.title}
      lead={investorHero.lead}
      rings={rings}
      tall
    >
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={partnerWithUs.actions.demo.to} variant="accent" size="lg">
          <PresentationIcon aria-hidden="true" />
          {partnerWithUs.actions.demo.label}
        </ButtonLink>
        <a href="#partner-with-us" className={buttonVariants({ variant: "outline-inverse", size: "lg" })}>
          Partner With Us
          <ArrowDownIcon aria-hidden="true" />
        </a>
      </div>
      <ul className="mt-12 grid max-w-3xl gap-6 border-t border-white/20 pt-8 sm:grid-cols-3">
        {heroFigures.map((figure) => (
          <li key={figure.label}>
            <span className="block text-3xl font-semibold text-white sm:text-4xl">{figure.value}</span>{" "}
            <span className="mt-1 block text-primary-50">{figure.label}</span>
          </li>
        ))}
      </ul>
    </RingsHero>
  );
}
