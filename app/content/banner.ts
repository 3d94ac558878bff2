/** The announcement banner shown above the header. */
export const announcement = {
  id: "web-summit-2025",
  message: "Meet Maternis at Web Summit 2025 in Lisbon: see digital maternal records and AI-Obs live.",
  link: { label: "Meet Us There", to: "/contact" },
  dismissLabel: "Dismiss announcement",
} as const;
