/**
 * The console's date-time inputs (<input type="datetime-local">) hold a wall
 * time with no zone; the team reads and types them as Europe/London time.
 * These convert between such a value ("2026-03-29T01:30") and an instant,
 * across daylight-saving changes.
 */
import { SITE_TIME_ZONE } from "../calendar";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function wallClock(date: Date) {
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.formatToParts(date).find((p) => p.type === type)!.value;
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** The value a datetime-local input shows for `date` in London: "2026-11-23T14:05". */
export function toLondonInput(date: Date): string {
  const { year, month, day, hour, minute } = wallClock(date);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a London wall time denotes; null for a malformed value. In the
 * hour the clocks go back (which happens twice) the first is meant; a time
 * skipped when they go forward is read an hour later, as the clocks would.
 */
export function fromLondonInput(value: string): Date | null {
  const match = inputPattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // London is UTC or UTC+1: try both offsets, earliest first, and keep the one that reads back as typed.
  for (const offsetHours of [1, 0]) {
    const candidate = new Date(asUtc - offsetHours * 3600_000);
    if (toLondonInput(candidate) === value.trim()) return candidate;
  }
  return new Date(asUtc);
}
