/**
 * Dates and timing promises used on several pages.
 * Change a date here and every page, the pitch PDF and the e-mails follow.
 */
export const ukPilot = {
  durationMonths: 9,
  duration: "9 months",
  launch: "Q1 2026",
  setting: "UK maternity services",
} as const;

/** The demo and advisory pages describe the pilot as 2025, as the company worded them. */
export const pilotYearOnEnquiryPages = "2025";

export const nationalPilot = {
  status: "Coming Soon",
  launch: "Q1 2026",
  countryNote: "Country to be announced",
} as const;

export const advisoryNetworkLaunch = "Q1 2026";

export const responsePromises = {
  hours: "24 hours",
  hourLabel: "24 Hour Response",
  businessDay: "one business day",
  demoFollowUp: "2-3 business days",
  demoLength: "30-minute walkthrough",
} as const;

export type RoadmapStatus = "upcoming" | "planned";
export type RoadmapItem = { year: string; title: string; description: string; status: RoadmapStatus };

/** The roadmap, shown on /product, /investors and in the pitch PDF. */
export const roadmap: readonly RoadmapItem[] = [
  {
    year: "2025",
    title: "Pilot launch",
    description:
      "Digital antenatal records and AI-Obs risk insights go live with our first partner facilities, alongside paper cards during the transition.",
    status: "upcoming",
  },
  {
    year: "2026",
    title: "West Africa expansion",
    description:
      "Scale from pilot sites to regional networks in Ghana and Nigeria, with aggregated insights for health ministries.",
    status: "planned",
  },
  {
    year: "2027+",
    title: "Global rollout",
    description: "Bring portable, patient-owned maternal records to new markets through ministry and NGO partnerships.",
    status: "planned",
  },
];
