import { BrainCircuitIcon, CloudIcon, GlobeIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section, SectionHeading } from "~/components/ui/section";
import { whyInvest, type InvestReason } from "~/content/investors";

const icons: Record<InvestReason["id"], LucideIcon> = {
  saas: CloudIcon,
  ai: BrainCircuitIcon,
  market: GlobeIcon,
};

export function WhyInvest() {
  return (
    <Section aria-labelledby="why-invest-title">
      <SectionHeading id="why-invest-title" eyebrow={whyInvest.eyebrow} title={whyInvest.title} lead={whyInvest.lead} />
      <IconCardGrid
        cards={whyInvest.reasons.map((reason) => ({
          icon: icons[reason.id],
          title: reason.title,
          body: reason.description,
        }))}
        cardClassName="border-t-4 border-t-primary-700"
      />
    </Section>
  );
}
