/**
 * "Still new after one business day", in Europe/London: business days are
 * Monday to Friday, and one business day after a moment is the same wall-clock
 * time on the next business day (an enquiry from Friday 10:00 is overdue on
 * Monday 10:00). A moment at a weekend counts from Monday 00:00. UK clocks
 * change on Sundays, so wall-clock times on business days always exist.
 */
import { SITE_TIME_ZONE } from "~/platform/calendar";

type Wall = { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number };

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

function wallOf(instant: number): Wall {
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.formatToParts(instant).find((p) => p.type === type)?.value);
  return {
    y: get("year"),
    mo: get("month"),
    d: get("day"),
    h: get("hour"),
    mi: get("minute"),
    s: get("second"),
    ms: ((instant % 1000) + 1000) % 1000,
  };
}

const asUtc = (w: Wall) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s, w.ms);

/** London's offset from UTC at `instant`, in ms. */
const offsetAt = (instant: number) => asUtc(wallOf(instant)) - instant;

/** The instant a London wall-clock time names (for a time that exists). */
function instantOf(w: Wall): number {
  const guess = asUtc(w);
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** 0 = Sunday … 6 = Saturday, of the wall date. */
const weekday = (w: Wall) => new Date(Date.UTC(w.y, w.mo - 1, w.d)).getUTCDay();

function addDays(w: Wall, days: number): Wall {
  const date = new Date(Date.UTC(w.y, w.mo - 1, w.d + days));
  return { ...w, y: date.getUTCFullYear(), mo: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/**
 * The latest moment whose enquiry is overdue at `now`: one business day
 * before now (at a weekend, one business day before the end of Friday).
 */
export function overdueCutoff(now: Date): Date {
  let wall = wallOf(now.getTime());
  const day = weekday(wall);
  if (day === 0 || day === 6) {
    // Nothing falls due at a weekend: as at the last moment of Friday.
    wall = { ...addDays(wall, day === 6 ? -1 : -2), h: 23, mi: 59, s: 59, ms: 999 };
  }
  let before = addDays(wall, -1);
  while (weekday(before) === 0 || weekday(before) === 6) before = addDays(before, -1);
  return new Date(instantOf(before));
}

/** True when something received at `receivedAt` is still waiting after one business day at `now`. */
export function isOverdue(receivedAt: Date, now: Date): boolean {
  return receivedAt.getTime() <= overdueCutoff(now).getTime();
}
