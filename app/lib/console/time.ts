/**
 * Times in the console: the date and time in Europe/London (where the team
 * works) and how long ago, relative to the server's clock at render time (the
 * loader passes `now`, so the server's HTML and the hydrated page agree).
 */
const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "23 Nov 2026, 11:31" in Europe/London. */
export function londonTime(date: Date | string | number): string {
  return london.format(new Date(date));
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
export function relativeTime(date: Date | string | number, now: Date | number): string {
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
