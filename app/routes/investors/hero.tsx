import { ArrowDownIcon, PresentationIcon } from "lucide-react";
import { buttonVariants, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { investorHero, partnerWithUs } from "~/content/investors";

const heroFigures = [figures.maternalDeathsPerYear, figures.preventableShare, figures.womenBy2030] as const;

export function InvestorsHero() {
  return (
    <section
      aria-labelledby="investors-title"
      className="relative isolate overflow-hidden bg-primary-900 py-16 text-white sm:py-24"
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 400 400"
        className="absolute -right-40 -bottom-40 -z-10 size-[30rem] opacity-60 sm:-right-20"
      >
        <circle cx="200" cy="200" r="190" fill="#0a4e48" />
        <circle cx="200" cy="200" r="120" fill="none" stroke="#0d7a70" strokeWidth="2" />
        {/* The accent dot would sit among the figures on a narrow screen. */}
        <circle cx="110" cy="110" r="16" fill="#c2412b" className="max-sm:hidden" />
      </svg>
      <Container>
        <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">{investorHero.eyebrow}</p>
        <h1 id="investors-title" className="max-w-3xl text-4xl text-white sm:text-5xl">
          {investorHero.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-primary-50">{investorHero.lead}</p>
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
      </Container>
    </section>
  );
}
