/**
 * What the site says about time-bound things, derived from the date in one
 * place (docs/decisions/010-dated-content.md). Every item's period lives in
 * its content module (app/content/milestones.ts, app/content/banner.ts); this
 * module turns a London calendar date into statuses, words and the current
 * announcement, and knows every date on which any of them changes.
 *
 * Before its period an item reads as the specification words it (upcoming or
 * planned, Coming Soon); during it, it is current; after it, done; an event is
 * shown only until it ends. The words for current and done follow the GOV.UK
 * task list statuses ("In progress", "Completed"): plain, and known to
 * visitors of public-sector services. A launch, which has no end, says
 * "Launching now" in its quarter and "Launched" after it.
 */
import { announcement as defaultAnnouncement } from "./banner";
import type { Announcement, BannerState } from "~/content/banner";
import { firstNationalPilotOn } from "./national-pilot";
import {
  advisoryNetworkLaunch,
  advisoryNetworkPeriod,
  nationalPilot,
  roadmapEntries,
  ukPilot,
  webSummit,
  type RoadmapItem,
  type RoadmapStatus,
} from "./milestones";
import { boundaryDates, londonDate, londonMidnight, phaseOn, type Period, type Phase } from "~/platform/calendar";

export type { Phase };

/** Roadmap and pilot statuses in words, everywhere they appear. */
export const statusWords: Record<RoadmapStatus, string> = {
  upcoming: "Upcoming",
  planned: "Planned",
  current: "In progress",
  done: "Completed",
};

/** A launch (the national pilot, the advisory network): before, in its quarter, after. */
export const launchWords: Record<Phase, string> = {
  before: "Coming Soon",
  during: "Launching now",
  after: "Launched",
};

/** Every period that changes what some page, the pitch PDF or an e-mail says. */
export const datedPeriods: readonly Period[] = [
  defaultAnnouncement.period,
  webSummit.period,
  ...roadmapEntries.map((entry) => entry.period),
  ukPilot.period,
  nationalPilot.period,
  advisoryNetworkPeriod,
];

/** The date before every boundary: what `contentDate` is before the first one. */
export const BEFORE_ALL = "0000-01-01";

function realDate(date: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date > BEFORE_ALL && date <= "9999-12-31";
}

/** The London dates on which any dated item changes, sorted, each once. */
export function boundaryDatesOf(periods: readonly Period[] = datedPeriods): string[] {
  return [...new Set(periods.flatMap(boundaryDates).filter(realDate))].sort();
}

/**
 * The first day of the stretch of days containing `today` in which no dated
 * item changes (BEFORE_ALL before the first change). Every item reads the
 * same on it as on `today`, so pages rendered with it are byte-identical
 * until the next boundary, and a page's stretch tells whether it is stale.
 */
export function contentDate(today: string, periods: readonly Period[] = datedPeriods): string {
  let latest = BEFORE_ALL;
  for (const date of boundaryDatesOf(periods)) if (date <= today) latest = date;
  return latest;
}

/** The instant of the first boundary after `now` (London midnight), or null when none is left. */
export function nextBoundary(now: Date, periods: readonly Period[] = datedPeriods): Date | null {
  const today = londonDate(now);
  const next = boundaryDatesOf(periods).find((date) => date > today);
  return next ? londonMidnight(next) : null;
}

/** Where an item stands on London calendar date `today`. */
export function phaseOf(period: Period, today: string): Phase {
  return phaseOn(period, today);
}

/** The roadmap with statuses: the first item not yet started is upcoming, later ones planned. */
export function roadmapOn(today: string): RoadmapItem[] {
  let upcomingTaken = false;
  return roadmapEntries.map((entry) => {
    const phase = phaseOn(entry.period, today);
    let status: RoadmapStatus;
    if (phase === "during") status = "current";
    else if (phase === "after") status = "done";
    else {
      status = upcomingTaken ? "planned" : "upcoming";
      upcomingTaken = true;
    }
    return { ...entry, status };
  });
}

/** The highlighted roadmap item: the one in progress, or else the upcoming one. */
export function highlightedRoadmapIndex(items: readonly RoadmapItem[]): number {
  const current = items.findIndex((item) => item.status === "current");
  return current >= 0 ? current : items.findIndex((item) => item.status === "upcoming");
}

/** A phase (the UK pilot) in status words. */
export function phaseStatus(phase: Phase): RoadmapStatus {
  return phase === "before" ? "upcoming" : phase === "during" ? "current" : "done";
}

/** Web Summit 2025 is shown (banner, carousel slide) until it ends. */
export function eventShowing(today: string): boolean {
  return phaseOn(webSummit.period, today) !== "after";
}

/**
 * The announcement for every page: the ONE source. Once staff have published
 * one from the console (`banner`, app/features/banner/banner.server.ts), theirs
 * decides (already windowed by its own start and end, or null when withdrawn
 * or over); until then the content module's dated default, shown only within
 * its period. Null = no banner.
 */
export function currentAnnouncement(today: string, banner?: BannerState | null): Announcement | null {
  if (banner?.kind === "published") return banner.announcement;
  return phaseOn(defaultAnnouncement.period, today) === "during" ? defaultAnnouncement : null;
}

/** What a page records of its banner (<html data-announcement>), so a stale prerendered page can be told. */
export function announcementKey(announcement: Announcement | null): string {
  return announcement?.id ?? "none";
}

/** The First National Pilot card on /investors and in the pitch PDF. */
export function nationalPilotCard(today: string) {
  const national = phaseOn(nationalPilot.period, today);
  return firstNationalPilotOn({ national, uk: phaseOn(ukPilot.period, today), status: launchWords[national] });
}

/** The advisory network launch: its badge and its "Launching Q1 2026" line. */
export function advisoryNetworkOn(today: string) {
  const phase = phaseOn(advisoryNetworkPeriod, today);
  return {
    phase,
    status: launchWords[phase],
    when: `${phase === "after" ? "Launched" : "Launching"} ${advisoryNetworkLaunch}`,
  };
}

/** Every dated item's phase on `today`, for the pages' wording. */
export function phasesOn(today: string) {
  return {
    event: phaseOn(webSummit.period, today),
    pilotLaunch: phaseOn(roadmapEntries[0]!.period, today),
    uk: phaseOn(ukPilot.period, today),
    national: phaseOn(nationalPilot.period, today),
    network: phaseOn(advisoryNetworkPeriod, today),
  };
}
