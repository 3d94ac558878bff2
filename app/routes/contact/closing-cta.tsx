import { ArrowRightIcon, GlobeIcon } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { Section, SectionHeading } from "~/components/ui/section";
import { closingCta } from "~/content/contact";

export function ClosingCta() {
  return (
    <Section tone="primary" aria-labelledby="contact-cta-title">
      <SectionHeading id="contact-cta-title" title={closingCta.title} lead={closingCta.lead} inverse />
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={closingCta.primary.to} variant="inverse" size="lg">
          {closingCta.primary.label}
          <ArrowRightIcon aria-hidden="true" />
        </ButtonLink>
        <ButtonLink to={closingCta.secondary.to} variant="outline-inverse" size="lg">
          <GlobeIcon aria-hidden="true" />
          {closingCta.secondary.label}
        </ButtonLink>
      </div>
    </Section>
  );
}
