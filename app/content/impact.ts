import { BrainCircuitIcon, CableIcon, FileHeartIcon, KeyRoundIcon } from "lucide-react";
import { figures, sdg31Target, type Figure } from "./figures";
import type { IconCard } from "./product";
import { sharedCtas } from "~/platform/company";

type SdgCard = { target: string; title: string; body: string; contribution: string };

/** UN SDG targets Maternis supports (shown on /impact; SDG 3.1 also on / and /vision). */
export const sdgs: readonly SdgCard[] = [
  {
    target: "SDG 3.1",
    title: "Reduce maternal mortality",
    body: `Cut the global maternal mortality ratio to under ${sdg31Target.value} per 100,000 live births by 2030.`,
    contribution: "Complete records and AI-Obs warnings help teams spot danger signs early.",
  },
  {
    target: "SDG 3.7",
    title: "Sexual and reproductive health care for all",
    body: "Universal access to sexual and reproductive health services, including family planning, information and education.",
    contribution: "Mothers keep their own record and get clear reminders and advice in their pocket.",
  },
  {
    target: "SDG 3.8",
    title: "Universal health coverage",
    body: "Access to quality essential health services for everyone, without financial hardship.",
    contribution: "Light, affordable software that runs on the phones clinics and mothers already have.",
  },
];

/** The 2030 aims, shown on /impact and /vision. */
export const aims2030: readonly Figure[] = [figures.womenBy2030, figures.countriesBy2030, figures.reductionGoal];

export const impact = {
  hero: {
    eyebrow: "Impact",
    title: "Fewer preventable maternal deaths",
    lead: "Most women who die in pregnancy or childbirth could have been saved. Early information saves lives. That is what Maternis delivers.",
  },
  stats: {
    eyebrow: "The challenge",
    title: "Why maternal health cannot wait",
    lead: "The numbers behind our work.",
    items: [
      figures.maternalDeathsPerYear,
      figures.womenPerDay,
      figures.preventableShare,
      figures.lowResourceShare,
      figures.newbornDeathsPerYear,
    ],
  },
  differentiators: {
    eyebrow: "Why Choose Us",
    title: "Four things that make the difference",
    lead: "What sets Maternis apart from paper cards and general-purpose record systems.",
    cards: [
      {
        icon: FileHeartIcon,
        title: "Built for maternity",
        body: "Every screen follows the antenatal and postnatal pathway, from booking visit to postnatal check.",
      },
      {
        icon: BrainCircuitIcon,
        title: "Early risk insight",
        body: "AI-Obs flags risks such as pre-eclampsia and anaemia and explains each flag to the clinician.",
      },
      {
        icon: KeyRoundIcon,
        title: "Owned by the mother",
        body: "She carries her record and controls who sees it, so care follows her between facilities.",
      },
      {
        icon: CableIcon,
        title: "Ready for health systems",
        body: "FHIR compatible and NHS aligned, with aggregated reports for ministries and NGOs.",
      },
    ] satisfies IconCard[],
  },
  outcomes: {
    eyebrow: "Outcome targets",
    title: "What we will measure",
    lead: "We hold ourselves to results, not downloads. These are the outcomes we track with every partner.",
    items: [
      { title: "Complete records", body: "A full antenatal history available at every visit and at the birth." },
      {
        title: "Earlier warnings",
        body: "High-risk pregnancies identified and referred sooner than with paper records.",
      },
      { title: "Attendance", body: "More mothers completing their recommended antenatal contacts." },
      { title: "Continuity after birth", body: "Postnatal checks and newborn immunizations recorded and followed up." },
    ],
  },
  sdgSection: {
    eyebrow: "UN Sustainable Development Goals",
    title: "Aligned with SDG 3.1, 3.7 and 3.8",
    lead: "Goal 3 is good health and well-being for all. Our work supports 3 of its targets.",
  },
  aims: {
    eyebrow: "By 2030",
    title: "Our 2030 aims",
    lead: "Ambitious, and measured every year.",
  },
  cta: {
    title: "Work with us on maternal health",
    lead: "Ministries, NGOs and facilities: let us talk about what Maternis could do in your region.",
    ctas: [sharedCtas.contact, sharedCtas.product],
  },
} as const;
