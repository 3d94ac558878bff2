/**
 * Dates as staff read them: "Mon 23 Nov 2026, 14:05" in Europe/London, with
 * the relative time beside it ("3 hours ago"). `now` comes from the loader, so
 * the server's render and the browser's agree.
 */
const absolute = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function formatLondon(date: Date | string): string {
  return absolute.format(new Date(date)).replace(/^(\w{3}),? /, "$1 ");
}

export function formatRelative(date: Date | string, now: Date | string): string {
  const seconds = (new Date(date).getTime() - new Date(now).getTime()) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}
