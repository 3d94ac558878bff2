import { CableIcon, CompassIcon, KeyRoundIcon, StethoscopeIcon, TargetIcon } from "lucide-react";
import { company, sharedCtas } from "~/platform/company";
import type { Phase } from "~/platform/calendar";
import { ukPilot, ukPilotWhen } from "./milestones";
import type { IconCard } from "./product";

/** The last two journey steps by the dates of Web Summit 2025 and the UK pilot (app/content/dated.ts). */
export function journeyDatedSteps(phases: { event: Phase; uk: Phase }): { title: string; body: string }[] {
  const [showing, pilot] = about.journey.steps.slice(-2) as [
    { title: string; body: string },
    { title: string; body: string },
  ];
  return [
    phases.event === "after"
      ? {
          title: showing.title,
          body: "We showcased Maternis at Web Summit 2025 in Lisbon and met partners across health and government.",
        }
      : showing,
    phases.uk === "before"
      ? pilot
      : {
          title: phases.uk === "during" ? "Running the pilot" : "Learning from the pilot",
          body: `Our ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting} ${ukPilotWhen(phases.uk)}, with West Africa ${phases.uk === "during" ? "alongside" : "next"}.`,
        },
  ];
}

export const about = {
  hero: {
    eyebrow: `About ${company.brand}`,
    title: "Safe, portable records for every pregnancy",
    lead: `${company.legalName} is a health-technology company based in ${company.address.locality}, Scotland, with operations in Ghana and Nigeria. We replace paper antenatal cards with digital records that mothers own.`,
  },
  missionVision: [
    {
      icon: TargetIcon,
      title: "Our mission",
      body: "To give every mother a complete, secure pregnancy record, and every midwife the information to act early.",
    },
    {
      icon: CompassIcon,
      title: "Our vision",
      body: "A world where no woman dies of a preventable pregnancy complication because her history was missing.",
    },
  ] satisfies IconCard[],
  journey: {
    eyebrow: "Our journey",
    title: "From a lost card to a national platform",
    lead: "We started with one question from a midwife: why does a mother's history disappear when her card does?",
    steps: [
      {
        title: "Listening to midwives",
        body: "We spent months in antenatal clinics in Ghana and Nigeria, watching how paper cards are used, copied and lost.",
      },
      {
        title: "Building the MVP",
        body: "We built digital antenatal and postnatal records, the AI-Obs risk engine and wearable integration, with clinicians testing every release.",
      },
      {
        title: "Showing the world",
        body: "We are showcasing Maternis at Web Summit 2025 in Lisbon and meeting partners across health and government.",
      },
      {
        title: "Preparing the pilot",
        body: `Our ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting} launches in ${ukPilot.launch}, with West Africa to follow.`,
      },
    ],
  },
  differentiators: {
    eyebrow: "What makes us different",
    title: "Why partners choose Maternis",
    lead: "We are not a general health app. We do one thing: maternal records, done properly.",
    cards: [
      {
        icon: KeyRoundIcon,
        title: "The mother owns the record",
        body: "She decides who sees her data. Clinics get access with her consent, not by default.",
      },
      {
        icon: StethoscopeIcon,
        title: "Clinicians in the team",
        body: "Our clinical lead is an obstetrician. Every feature starts with a real ward or clinic problem.",
      },
      {
        icon: CableIcon,
        title: "Standards, not silos",
        body: "FHIR compatible and NHS aligned, so data can move to hospital and ministry systems.",
      },
    ] satisfies IconCard[],
  },
  cta: {
    title: "See what we have built",
    lead: "Explore the platform, or meet the people behind it.",
    ctas: [sharedCtas.product, { label: "Meet the team", to: "/team" }],
  },
} as const;
