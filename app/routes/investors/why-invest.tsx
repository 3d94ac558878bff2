import { BrainCircuitIcon, CloudIcon, GlobeIcon, type LucideIcon } from "lucide-react";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
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
      <ul className="grid gap-6 md:grid-cols-3">
        {whyInvest.reasons.map((reason) => {
          const Icon = icons[reason.id];
          return (
            <li key={reason.id} className="flex">
              <Card className="w-full border-t-4 border-t-primary-700">
                <CardIcon>
                  <Icon />
                </CardIcon>
                <CardTitle>{reason.title}</CardTitle>
                <CardDescription>{reason.description}</CardDescription>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
