/**
 * Times as staff read them, in the console and in staff e-mails (the daily
 * digest): "Mon 23 Nov 2026, 14:05" in Europe/London, where the team works,
 * and how long ago ("3 hours ago"), relative to the server's clock at render
 * time (the loader passes `now`, so the server's HTML and the hydrated page
 * agree).
 */
import { SITE_TIME_ZONE } from "./calendar";
import { plural } from "~/platform/words";

const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Mon 23 Nov 2026, 14:05" in Europe/London. */
export function londonTime(date: Date | string | number): string {
  const parts = london.formatToParts(new Date(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

const relativeFormat = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(date: Date | string | number, now: Date | number = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - new Date(now).getTime()) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** The machine-readable form for a <time dateTime>. */
export function isoTime(date: Date | string | number): string {
  return new Date(date).toISOString();
}

/** How long a wait is, in words, rounded up to the minute: "1 minute", "14 minutes", "1 hour", "2 hours and 5 minutes". */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} and ${plural(rest, "minute")}`;
}
