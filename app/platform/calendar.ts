/**
 * Calendar dates as the company reads them: in Europe/London. A period is a
 * pair of inclusive calendar dates ("YYYY-MM-DD"); it starts at 00:00 London
 * time on its first day and ends at 00:00 London time on the day after its
 * last day, in GMT or BST as the date falls. No dependency: Intl knows the
 * zone's rules.
 */
export const SITE_TIME_ZONE = "Europe/London";

/** An inclusive range of London calendar dates, "YYYY-MM-DD". */
export type Period = { start: string; end: string };

/** Where a date stands against a period. */
export type Phase = "before" | "during" | "after";

/**
 * Made on first use, not when the module loads: a browser's first time-zone
 * formatter loads the zone data (30-60 ms on the main thread), and the pages
 * the browser hydrates take their dates from the server instead (use-dated.ts),
 * so they never pay it.
 */
let londonParts: Intl.DateTimeFormat | undefined;

function londonFormat(): Intl.DateTimeFormat {
  londonParts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return londonParts;
}

/** What London's clocks read at an instant, as numbers (the hour from 0 to 23). */
export function partsOf(instant: Date) {
  const parts = Object.fromEntries(
    londonFormat()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The London calendar date of an instant, "YYYY-MM-DD". */
export function londonDate(instant: Date): string {
  const p = partsOf(instant);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/**
 * The days a person may ask a page about (the inbox's and the traffic page's ranges, the
 * enquiries CLI). Further out is a slip of the keyboard, and londonMidnight has no answer for
 * it: before December 1847 London kept local mean time (no 00:00 at an offset of 0 or 1 hour), and
 * the day after 9999-12-31 is written with five digits.
 */
export const FIRST_SITE_DAY = "2000-01-01";
export const LAST_SITE_DAY = "2999-12-31";

/** A real calendar date written "YYYY-MM-DD", from FIRST_SITE_DAY to LAST_SITE_DAY. */
export function isSiteDay(value: string): boolean {
  return isCalendarDate(value) && value >= FIRST_SITE_DAY && value <= LAST_SITE_DAY;
}

/**
 * Why a day typed in a page's date field is refused, or null: `notReal` when it is not a real
 * date, or, naming the field by `label`, when it is outside the days a person may ask about.
 */
export function dayRefusal(value: string, label: string, notReal: string): string | null {
  if (!isCalendarDate(value)) return notReal;
  return isSiteDay(value) ? null : `${label} must be between ${FIRST_SITE_DAY} and ${LAST_SITE_DAY}`;
}

/** The instant London's clocks read 00:00 on `date` (GMT or BST, whichever is in force). */
export function londonMidnight(date: string): Date {
  if (!isCalendarDate(date)) throw new Error(`Not a calendar date: ${date}`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // London is UTC+0 or UTC+1; midnight never falls in a clock change (01:00 GMT, 02:00 BST).
  for (const offsetHours of [0, 1]) {
    const instant = new Date(guess - offsetHours * 3_600_000);
    const p = partsOf(instant);
    if (londonDate(instant) === date && p.hour === 0 && p.minute === 0 && p.second === 0) return instant;
  }
  throw new Error(`No London midnight on ${date}`);
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The last day of the month `months` after the month of `date` (0 = its own month). */
function lastDayOfMonth(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)); // day 0 of the next month
  return `${pad(last.getUTCFullYear(), 4)}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

/** A quarter of a year: quarter(2026, 1) is 1 January to 31 March 2026. */
export function quarter(year: number, q: 1 | 2 | 3 | 4): Period {
  const firstMonth = (q - 1) * 3 + 1;
  return { start: `${pad(year, 4)}-${pad(firstMonth)}-01`, end: lastDayOfMonth(year, firstMonth + 2) };
}

/** A whole calendar year. */
export function year(y: number): Period {
  return { start: `${pad(y, 4)}-01-01`, end: `${pad(y, 4)}-12-31` };
}

/** `months` whole months from the first day of `start`'s month. */
export function monthsFrom(start: string, months: number): Period {
  const [y, m] = start.split("-").map(Number) as [number, number];
  return { start: `${pad(y, 4)}-${pad(m)}-01`, end: lastDayOfMonth(y, m + months - 1) };
}

/** Before, during or after a period, on London calendar date `today`. */
export function phaseOn(period: Period, today: string): Phase {
  if (today < period.start) return "before";
  if (today > period.end) return "after";
  return "during";
}

/** The London dates on which a period's phase changes: its first day and the day after its last. */
export function boundaryDates(period: Period): [string, string] {
  return [period.start, addDays(period.end, 1)];
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "September 2026" for "2026-09-30". */
export function monthYear(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return `${monthNames[m - 1]} ${y}`;
}

/** "January" for "2026-01-01". */
export function monthName(date: string): string {
  return monthNames[Number(date.split("-")[1]) - 1]!;
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * A London date as staff read it: "Mon 23 Nov 2026" for "2026-11-23"
 * (`year: false`: "Mon 23 Nov"; `weekday: false`: "23 Nov 2026"). Written out
 * by hand, so the server and the browser (whose date formats differ) render
 * the same words.
 */
export function dayText(date: string, { year: withYear = true, weekday: withWeekday = true } = {}): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = weekdayNames[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!.slice(0, 3);
  const month = monthNames[m - 1]!.slice(0, 3);
  return [withWeekday ? weekday : null, String(d), month, withYear ? String(y) : null].filter(Boolean).join(" ");
}
