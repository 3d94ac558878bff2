/**
 * The console's date-time inputs (<input type="datetime-local">) hold a wall
 * time with no zone; the team reads and types them as Europe/London time.
 * These convert between such a value ("2026-03-29T01:30") and an instant,
 * across daylight-saving changes.
 */
import { londonDate, partsOf } from "./calendar";

/** The value a datetime-local input shows for `date` in London: "2026-11-23T14:05". */
export function toLondonInput(date: Date): string {
  const { hour, minute } = partsOf(date);
  return `${londonDate(date)}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
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
