import {
  ActivityIcon,
  BrainCircuitIcon,
  CloudIcon,
  FileTextIcon,
  GlobeIcon,
  HeartIcon,
  LandmarkIcon,
  StethoscopeIcon,
  UnplugIcon,
  type LucideIcon,
} from "lucide-react";
import type { ComponentProps } from "react";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section } from "~/components/ui/section";
import { solution, whyInvest, type InvestReason, type ProblemPoint, type SolutionAudience } from "~/content/investors";

type InvestorCard = ProblemPoint | SolutionAudience | InvestReason;

/**
 * The icon of each card of the investor copy. The copy names its cards by id
 * and carries no icons: the pitch PDF script reads it too.
 */
export const investorIcons: Record<InvestorCard["id"], LucideIcon> = {
  fragmented: FileTextIcon,
  realtime: ActivityIcon,
  continuity: UnplugIcon,
  mothers: HeartIcon,
  providers: StethoscopeIcon,
  ministries: LandmarkIcon,
  saas: CloudIcon,
  ai: BrainCircuitIcon,
  market: GlobeIcon,
};

/** A section headed by its copy's eyebrow, title and lead, over an icon card for each of its cards. */
function InvestorCardSection({
  id,
  content,
  cards,
  tone,
  cardClassName,
}: {
  id: string;
  content: { eyebrow: string; title: string; lead: string };
  cards: readonly InvestorCard[];
  tone?: ComponentProps<typeof Section>["tone"];
  cardClassName?: string;
}) {
  return (
    <Section tone={tone} heading={{ id, ...content }}>
      <IconCardGrid
        cards={cards.map((card) => ({ icon: investorIcons[card.id], title: card.title, body: card.description }))}
        cardClassName={cardClassName}
      />
    </Section>
  );
}

export function Solution() {
  return <InvestorCardSection id="solution-title" content={solution} cards={solution.audiences} tone="muted" />;
}

export function WhyInvest() {
  return (
    <InvestorCardSection
      id="why-invest-title"
      content={whyInvest}
      cards={whyInvest.reasons}
      cardClassName="border-t-4 border-t-primary-700"
    />
  );
}
