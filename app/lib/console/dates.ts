/**
 * Dates as the console shows them: "Mon 23 Nov 2026, 14:05" in Europe/London,
 * with the relative time beside them ("3 hours ago"). Shared by the pages and
 * the staff e-mails (the daily digest).
 */
export const CONSOLE_TIME_ZONE = "Europe/London";

const londonFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: CONSOLE_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Mon 23 Nov 2026, 14:05" (Europe/London). */
export function formatLondon(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    londonFormat.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
