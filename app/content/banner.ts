import type { Period } from "~/platform/calendar";
import { webSummit } from "./milestones";

/**
 * The site banner's words (the banner is a feature of the console too:
 * ~/features/banner publishes others; this module's dated one is the default).
 */
/** An announcement: what the banner shows (a new one has a new id), published from the console or the content module's dated default. */
export type Announcement = {
  id: string;
  message: string;
  link: { label: string; to: string };
};

/**
 * What the site shows now: `default` while staff have never published one
 * (the content module's dated announcement decides), otherwise the published
 * announcement, or null for none.
 */
export type BannerState = { kind: "default" } | { kind: "published"; announcement: Announcement | null };

/** An announcement with the days it shows, from the first to the last, London time (app/content/dated.ts). */
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
