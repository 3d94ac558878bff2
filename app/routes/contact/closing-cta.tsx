import { CtaButtons } from "~/components/ui/button";
import { Section, SectionHeading } from "~/components/ui/section";
import { closingCta } from "~/content/contact";

export function ClosingCta() {
  return (
    <Section tone="primary" aria-labelledby="contact-cta-title">
      <SectionHeading id="contact-cta-title" title={closingCta.title} lead={closingCta.lead} inverse />
      <CtaButtons ctas={closingCta.ctas} inverse size="lg" className="justify-center" />
    </Section>
  );
}
