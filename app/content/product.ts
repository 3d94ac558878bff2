import {
  AlarmClockIcon,
  BabyIcon,
  BellIcon,
  BrainCircuitIcon,
  BuildingIcon,
  ChartLineIcon,
  ClipboardListIcon,
  FileWarningIcon,
  HandHeartIcon,
  LandmarkIcon,
  NotebookPenIcon,
  StethoscopeIcon,
  TrendingDownIcon,
  WorkflowIcon,
  type LucideIcon,
} from "lucide-react";
import { figures } from "./figures";
import type { Phase } from "~/platform/calendar";
import { sharedCtas, type SiteLink } from "~/platform/company";
import { ukPilot, ukPilotMonths } from "./milestones";

export type IconCard = { icon: LucideIcon; title: string; body: string };

/** Sample data shown inside the HTML/CSS product screens (home and product pages). */
export const screens = {
  record: {
    title: "Antenatal record",
    patient: "Abena Mensah",
    reference: "MAT-20417",
    gestation: "28 weeks + 3 days",
    facility: "Ridge Maternity Clinic, Accra",
    rows: [
      { label: "Blood pressure", value: "118/76 mmHg" },
      { label: "Haemoglobin", value: "11.2 g/dL" },
      { label: "Fundal height", value: "28 cm" },
      { label: "Fetal heart rate", value: "142 bpm" },
    ],
    nextVisit: "Next visit: 14 days",
    owner: "Shared by Abena with this clinic",
  },
  risk: {
    title: "AI-Obs risk insight",
    summary: "Raised risk of pre-eclampsia",
    level: "Medium",
    score: 62,
    factors: ["Blood pressure up at the last 2 visits", "First pregnancy", "Swelling reported in journal"],
    action: "Suggested: repeat blood pressure and urine protein check within 48 hours.",
    disclaimer: "Decision support only. The clinician decides.",
  },
  wearable: {
    title: "Wearable metrics",
    period: "Last 24 hours",
    metrics: [
      { key: "heart", label: "Heart rate", value: "84 bpm", note: "Resting, within usual range" },
      { key: "activity", label: "Activity", value: "6,320 steps", note: "Gentle walking, 3 sessions" },
      { key: "sleep", label: "Sleep", value: "7 h 10 min", note: "2 wake-ups" },
      { key: "stress", label: "Stress", value: "Low", note: "From heart rate variability" },
    ],
  },
  devices: {
    title: "Compatible devices",
    items: ["Smartwatches", "Fitness bands", "Smart rings", "Connected blood pressure monitors"],
    note: "Mothers choose what to share. They can stop sharing at any time.",
  },
} as const;

/** The pilot study's lead and call to action by the UK pilot's phase (app/content/dated.ts); before it, as in `product.pilot`. */
export function productPilotOn(phase: Phase): { lead: string; cta: SiteLink } {
  if (phase === "during")
    return {
      lead: `Our ${ukPilot.durationMonths}-month pilot began in ${ukPilot.launch} and is in progress. It tests Maternis alongside existing maternity systems and measures what changes for midwives and mothers.`,
      cta: product.pilot.cta,
    };
  if (phase === "after")
    return {
      lead: `Our ${ukPilot.durationMonths}-month pilot ran from ${ukPilotMonths}. It tested Maternis alongside existing maternity systems and measured what changed for midwives and mothers.`,
      cta: { label: "Ask about the pilot", to: "/contact" },
    };
  return { lead: product.pilot.lead, cta: product.pilot.cta };
}

/** The roadmap section's lead by the pilot launch's phase; before it, as in `product.roadmap`. */
export function productRoadmapLeadOn(pilotLaunch: Phase): { title: string; lead: string } {
  if (pilotLaunch === "during")
    return {
      title: "Pilot now, then regional scale",
      lead: "The pilot is launching now with our first partner facilities. Regional scale follows.",
    };
  if (pilotLaunch === "after")
    return {
      title: "Pilot done, regional scale next",
      lead: "The MVP is built and our first partner facilities are live. Regional scale follows, step by step.",
    };
  return { title: product.roadmap.title, lead: product.roadmap.lead };
}

export const product = {
  hero: {
    eyebrow: "The Maternis platform",
    title: "One secure record for every pregnancy",
    lead: "Maternis replaces the paper antenatal card with a digital record that follows the mother from her first booking visit to her baby's first immunisations. AI-Obs flags risks early. The mother owns her data.",
    ctas: [
      { label: "See How It Works", to: "/demo" },
      { label: "Schedule Demo", to: "/contact" },
    ],
    dashboardLink: { label: "Open the demo dashboard", to: "/dashboard" },
  },
  stats: {
    heading: "The platform in numbers",
    items: [figures.records, figures.indicators, figures.uptime, figures.countries],
  },
  problemSolution: {
    eyebrow: "Why it matters",
    title: "From lost paper cards to complete records",
    lead: "A missing card means a midwife starts from nothing. Maternis keeps the whole history in one place, so care can start from what is already known.",
    cards: [
      {
        icon: FileWarningIcon,
        label: "The problem",
        title: "Paper records get lost",
        body: "Antenatal cards get wet, torn or left at home. Results sit in different clinics. When a mother arrives in labour, the team often cannot see her history.",
      },
      {
        icon: ClipboardListIcon,
        label: "Our solution",
        title: "A record that travels with her",
        body: "Each visit, test and scan goes into one secure digital record. Any authorised clinic can open it, with the mother's consent, on a phone, tablet or desktop.",
      },
      {
        icon: TrendingDownIcon,
        label: "The impact",
        title: "Risks seen sooner",
        body: `With complete data, AI-Obs can flag danger signs early. ${figures.preventableShare.value} of maternal deaths are preventable, and early action is how they are prevented.`,
      },
    ],
  },
  audiences: {
    eyebrow: "Who it is for",
    title: "Built for everyone around a pregnancy",
    lead: "Each group sees the information it needs, and nothing it should not.",
    cards: [
      {
        icon: HandHeartIcon,
        title: "Mothers and families",
        body: "Carry your full record on your phone. Share it with a new clinic in seconds. Get reminders for visits, tests and vaccines.",
      },
      {
        icon: StethoscopeIcon,
        title: "Health facilities and providers",
        body: "See real-time maternal data and AI-Obs insights at the point of care. Spend less time on paperwork and more time with patients.",
      },
      {
        icon: LandmarkIcon,
        title: "Governments, ministries and NGOs",
        body: "Follow aggregated, anonymised trends across regions. Target midwives, equipment and funding where the risk is highest.",
      },
    ] satisfies IconCard[],
  },
  ai: {
    eyebrow: "AI-Obs",
    title: "AI services that support clinical judgement",
    lead: "AI-Obs reads the record as it grows and points to what needs attention. It explains each flag. It never replaces the clinician.",
    services: [
      {
        icon: StethoscopeIcon,
        title: "Clinical decision support",
        body: "Checks each new reading against national antenatal guidance and suggests the next step, such as a repeat test or a referral.",
      },
      {
        icon: ChartLineIcon,
        title: "Predictive analytics",
        body: "Spots patterns across visits that point to pre-eclampsia, anaemia, gestational diabetes or preterm birth, before they become emergencies.",
      },
      {
        icon: WorkflowIcon,
        title: "Workflow automation",
        body: "Books follow-ups, sends reminders and prepares referral notes, so midwives can spend their time on care.",
      },
    ] satisfies IconCard[],
  },
  benefits: {
    eyebrow: "Benefits",
    title: "What changes when records go digital",
    lead: "Maternis is designed around the daily work of midwives and the needs of mothers.",
    items: [
      "No more lost or incomplete antenatal cards",
      "Full history available at every visit and in labour",
      "Early warning of high-risk pregnancies",
      "Mothers own their data and decide who sees it",
      "FHIR compatible, so records move between systems",
      "NHS aligned security and information governance",
      "Aggregated insights for ministries and NGOs",
      "Works on the phones and tablets clinics already use",
    ],
  },
  roadmap: {
    eyebrow: "Roadmap",
    title: "MVP now, pilot next, then regional scale",
    lead: "The MVP is built and being tested with clinicians now. The pilot is coming. Regional scale follows.",
  },
  continuity: {
    eyebrow: "Continuity of care",
    title: "Care that continues after the birth",
    lead: "A pregnancy record is only the start. These modules keep mother and baby connected to care.",
    modules: [
      {
        icon: NotebookPenIcon,
        title: "Pregnancy journal",
        body: "Mothers record symptoms, questions and feelings in text, audio or video. With her consent, her midwife sees the entries before the next visit.",
        status: "Available in the MVP",
      },
      {
        icon: BellIcon,
        title: "Reminders and alerts",
        body: "Text and app reminders for visits, tests and medicines. Danger signs reported by the mother raise an alert for her care team.",
        status: "Available in the MVP",
      },
      {
        icon: BabyIcon,
        title: "Newborn and immunization",
        body: "The baby's own record starts at birth, with growth checks and an immunization schedule linked to the mother's record.",
        status: "Planned",
      },
    ],
  },
  pilot: {
    eyebrow: "UK pilot study",
    title: `A ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting}`,
    lead: `Our ${ukPilot.durationMonths}-month pilot launches in ${ukPilot.launch}. It will test Maternis alongside existing maternity systems and measure what changes for midwives and mothers.`,
    facts: [
      { icon: AlarmClockIcon, label: "Duration", value: ukPilot.duration },
      { icon: BuildingIcon, label: "Setting", value: ukPilot.setting },
      { icon: BrainCircuitIcon, label: "Launch", value: ukPilot.launch },
    ],
    measures: [
      "How complete records are at each visit",
      "How early AI-Obs flags risks, compared with usual care",
      "Time midwives spend on paperwork",
      "What mothers think of owning their record",
    ],
    cta: { label: "Take part in the pilot", to: "/contact" },
  },
  contact: {
    title: "Get in Touch",
    lead: "Tell us about your facility, ministry or organisation. We will show you how Maternis fits the way you work.",
    ctas: [sharedCtas.contact, { label: "View the demo dashboard", to: "/dashboard" }],
  },
} as const;
