/**
 * Dates and timing promises used on several pages.
 * Change a date here and every page, the pitch PDF and the e-mails follow.
 *
 * Every time-bound item carries its period: inclusive calendar dates read in
 * Europe/London. Its status and wording come from the date
 * (app/content/dated.ts): before its period it reads as below, during it and
 * after it as dated.ts words it. docs/decisions/010-dated-content.md
 */
import { monthName, monthYear, monthsFrom, quarter, year, type Period, type Phase } from "~/platform/calendar";

/** Web Summit 2025, Lisbon, 10-13 November 2025: shown until it ends. */
export const webSummit = {
  name: "Web Summit 2025",
  city: "Lisbon",
  period: { start: "2025-11-10", end: "2025-11-13" } satisfies Period,
} as const;

export const ukPilot = {
  durationMonths: 9,
  duration: "9 months",
  launch: "Q1 2026",
  setting: "UK maternity services",
  /** Q1 2026 for 9 months: January to September 2026. */
  period: monthsFrom("2026-01-01", 9),
} as const;

/** "January to September 2026": the UK pilot's months. */
export const ukPilotMonths = `${monthName(ukPilot.period.start)} to ${monthYear(ukPilot.period.end)}`;

/** What the UK pilot does, by its phase: "launches in Q1 2026", "is in progress…", "ran from…". */
export function ukPilotWhen(phase: Phase): string {
  if (phase === "before") return `launches in ${ukPilot.launch}`;
  if (phase === "during")
    return `is in progress: it began in ${ukPilot.launch} and runs to ${monthYear(ukPilot.period.end)}`;
  return `ran from ${ukPilotMonths}`;
}

/** The demo and advisory pages describe the pilot as 2025, as the company worded them. */
export const pilotYearOnEnquiryPages = "2025";

export const nationalPilot = {
  status: "Coming Soon",
  launch: "Q1 2026",
  countryNote: "Country to be announced",
  /** The launch: some time in Q1 2026. */
  period: quarter(2026, 1),
} as const;

export const advisoryNetworkLaunch = "Q1 2026";
/** The network opens some time in Q1 2026. */
export const advisoryNetworkPeriod: Period = quarter(2026, 1);

export const responsePromises = {
  hours: "24 hours",
  hourLabel: "24 Hour Response",
  businessDay: "one business day",
  demoFollowUp: "2-3 business days",
  demoLength: "30-minute walkthrough",
} as const;

/** Before its period a roadmap item is upcoming (the next one) or planned; during it current; after it done. */
export type RoadmapStatus = "upcoming" | "planned" | "current" | "done";
export type RoadmapEntry = { year: string; title: string; description: string; period: Period };
export type RoadmapItem = RoadmapEntry & { status: RoadmapStatus };

/** The roadmap, shown on /product, /investors and in the pitch PDF; statuses come from app/content/dated.ts. */
export const roadmapEntries: readonly RoadmapEntry[] = [
  {
    year: "2025",
    title: "Pilot launch",
    description:
      "Digital antenatal records and AI-Obs risk insights go live with our first partner facilities, alongside paper cards during the transition.",
    // The first partner facilities go live in the last quarter of 2025.
    period: quarter(2025, 4),
  },
  {
    year: "2026",
    title: "West Africa expansion",
    description:
      "Scale from pilot sites to regional networks in Ghana and Nigeria, with aggregated insights for health ministries.",
    period: year(2026),
  },
  {
    year: "2027+",
    title: "Global rollout",
    description: "Bring portable, patient-owned maternal records to new markets through ministry and NGO partnerships.",
    period: { start: "2027-01-01", end: "9999-12-31" },
  },
];
