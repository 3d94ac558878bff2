/**
 * "Still new after one business day", in Europe/London: business days are
 * Monday to Friday, and one business day after a moment is the same wall-clock
 * time on the next business day (an enquiry from Friday 10:00 is overdue on
 * Monday 10:00). A moment at a weekend counts from Monday 00:00. UK clocks
 * change on Sundays, so wall-clock times on business days always exist.
 */
import { partsOf } from "~/platform/calendar";

/** What London's clocks read, to the millisecond. */
type Wall = ReturnType<typeof partsOf> & { ms: number };

function wallOf(instant: number): Wall {
  return { ...partsOf(new Date(instant)), ms: ((instant % 1000) + 1000) % 1000 };
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** London's offset from UTC at `instant`, in ms. */
const offsetAt = (instant: number) => asUtc(wallOf(instant)) - instant;

/** The instant a London wall-clock time names (for a time that exists). */
function instantOf(w: Wall): number {
  const guess = asUtc(w);
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** 0 = Sunday … 6 = Saturday, of the wall date. */
const weekday = (w: Wall) => new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();

function addDays(w: Wall, days: number): Wall {
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { ...w, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
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
    wall = { ...addDays(wall, day === 6 ? -1 : -2), hour: 23, minute: 59, second: 59, ms: 999 };
  }
  let before = addDays(wall, -1);
  while (weekday(before) === 0 || weekday(before) === 6) before = addDays(before, -1);
  return new Date(instantOf(before));
}

/** True when something received at `receivedAt` is still waiting after one business day at `now`. */
export function isOverdue(receivedAt: Date, now: Date): boolean {
  return receivedAt.getTime() <= overdueCutoff(now).getTime();
}
