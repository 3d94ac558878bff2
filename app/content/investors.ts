/**
 * Investor copy. The /investors page and the
 * one-page pitch PDF (scripts/build-pitch-pdf.tsx) both read this module, so
 * the page and the PDF never disagree. Figures come from ./figures and dates
 * from ./milestones; never retype a number here.
 *
 * Relative imports on purpose: the PDF script runs under tsx outside Vite.
 */
import { figures } from "./figures";

export const pitchPdf = {
  /** Public URL of the file (written to public/downloads/ at build time). */
  href: "/downloads/maternis-one-page-pitch.pdf",
  /** Path relative to the project root. */
  publicPath: "public/downloads/maternis-one-page-pitch.pdf",
  /** Name the browser saves it under. */
  fileName: "maternis-one-page-pitch.pdf",
  title: "Maternis: one-page investor pitch",
} as const;

export const investorHero = {
  eyebrow: "Investors",
  title: "Invest in Safer Pregnancies",
  lead: "Maternis is secure SaaS that replaces paper antenatal cards with digital maternal records and AI-Obs risk insights. We are building it with midwives, ministries and mothers in Ghana, Nigeria and the UK.",
} as const;

export type ProblemPoint = { id: "fragmented" | "realtime" | "continuity"; title: string; description: string };

export const problem = {
  eyebrow: "The Problem",
  title: "Maternal deaths are still too common, and mostly preventable",
  headline: figures.maternalDeathsPerYear,
  lead: `${figures.maternalDeathsPerYear.value} women die each year from causes linked to pregnancy and childbirth: about ${figures.womenPerDay.value} every day. ${figures.preventableShare.value} of these deaths are preventable, and ${figures.lowResourceShare.value} happen in low-resource settings, where a mother's whole history is often a paper card.`,
  supportingFigures: [figures.preventableShare, figures.lowResourceShare, figures.newbornDeathsPerYear],
  points: [
    {
      id: "fragmented",
      title: "Paper records are fragmented",
      description:
        "Antenatal cards get lost, damaged or left at home. Each clinic keeps its own notes, so no one sees the whole pregnancy.",
    },
    {
      id: "realtime",
      title: "Lack of real-time data",
      description:
        "Facilities and ministries wait months for paper returns, so warning signs and gaps in care are found too late.",
    },
    {
      id: "continuity",
      title: "Poor continuity of care",
      description: "When a mother moves, is referred or arrives in an emergency, her history does not travel with her.",
    },
  ] satisfies ProblemPoint[],
} as const;

export type SolutionAudience = { id: "mothers" | "providers" | "ministries"; title: string; description: string };

export const solution = {
  eyebrow: "Our Solution",
  title: "One secure record for every pregnancy",
  lead: "Maternis gives each mother a digital antenatal and postnatal record that she owns, that clinicians can trust and that health systems can learn from.",
  audiences: [
    {
      id: "mothers",
      title: "For Mothers",
      description: "A portable record on any phone, reminders for appointments, and control over who can see her data.",
    },
    {
      id: "providers",
      title: "For Providers",
      description: "Real-time maternal data and AI-Obs risk insights that flag danger signs early, on and offline.",
    },
    {
      id: "ministries",
      title: "For Ministries",
      description: "Aggregated, anonymised national-level insights to plan services and track progress on SDG 3.1.",
    },
  ] satisfies SolutionAudience[],
} as const;

export const roadmapIntro = {
  eyebrow: "Roadmap",
  title: "From pilot to global rollout",
  lead: "We grow in stages, proving clinical value and safety at each step before we scale.",
} as const;

export type InvestReason = { id: "saas" | "ai" | "market"; title: string; description: string };

export const whyInvest = {
  eyebrow: "Why Invest",
  title: "Why invest in Maternis",
  lead: "A recurring-revenue platform with clear clinical value and a large market that existing tools ignore.",
  reasons: [
    {
      id: "saas",
      title: "Secure SaaS",
      description:
        "Recurring subscriptions from facilities, ministries and NGOs, on a secure cloud platform that is FHIR compatible and NHS aligned.",
    },
    {
      id: "ai",
      title: "AI-Driven Insights",
      description:
        "AI-Obs turns routine antenatal data into early risk insights for clinicians, and every new record makes the insights stronger.",
    },
    {
      id: "market",
      title: "High-Impact Global Market",
      description: `Aligned with UN SDG 3.1, 3.7 and 3.8. We aim to reach ${figures.womenBy2030.value} women in ${figures.countriesBy2030.value} countries by 2030.`,
    },
  ] satisfies InvestReason[],
} as const;

/** Proof points for the pitch PDF's traction strip. */
export const traction = [figures.countries, figures.partners, figures.records, figures.uptime] as const;

/** 2030 goals for the pitch PDF. */
export const goals2030 = [figures.womenBy2030, figures.countriesBy2030, figures.reductionGoal] as const;

export const partnerWithUs = {
  eyebrow: "Partner With Us",
  title: "Partner With Us",
  lead: "Talk to us about investment, pilots and partnerships. We reply within one business day.",
  actions: {
    demo: { label: "Book a Demo", to: "/demo" },
    pitch: { label: "Download One-Page Pitch PDF", to: pitchPdf.href },
    contact: { label: "Contact Us for Partnerships", to: "/contact?interest=partnership#contact-form" },
  },
} as const;
