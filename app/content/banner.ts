import type { Period } from "~/platform/calendar";
import type { Announcement } from "~/features/banner/banner";
import { webSummit } from "./milestones";

/** An announcement with the days it shows, from the first to the last, London time (app/lib/dated.ts). */
export type DatedAnnouncement = Announcement & { period: Period };

export const dismissLabel = "Dismiss announcement";

/** The default announcement: shown until Web Summit 2025 ends. */
export const announcement: DatedAnnouncement = {
  id: "web-summit-2025",
  message: "Meet Maternis at Web Summit 2025 in Lisbon: see digital maternal records and AI-Obs live.",
  link: { label: "Meet Us There", to: "/contact" },
  // Up to the last day of the event; no start: it is announced in advance.
  period: { start: "0000-01-01", end: webSummit.period.end },
};
