import { BrainCircuitIcon, CloudIcon, GlobeIcon, type LucideIcon } from "lucide-react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section } from "~/components/ui/section";
import { whyInvest, type InvestReason } from "~/content/investors";

const icons: Record<InvestReason["id"], LucideIcon> = {
  saas: CloudIcon,
  ai: BrainCircuitIcon,
  market: GlobeIcon,
};

export function WhyInvest() {
  return (
    <Section heading={{ id: "why-invest-title", ...whyInvest }}>
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
