/**
 * The console's Traffic page (docs/decisions/024-traffic-figures.md): its
 * date range, the figures it shows and how they read. Types and pure
 * helpers only, shared by the route and the server.
 */
import { addDays, dayRefusal } from "~/platform/calendar";
import { referrerText } from "~/platform/visit-source";
import type { DeviceClass } from "~/platform/user-agent";

/** The console's Traffic page. */
export const TRAFFIC_PATH = "/staff/traffic";

/** An inclusive range of London days, "YYYY-MM-DD". */
export type TrafficRange = { from: string; to: string };

/** The range the page opens with: the last 7 London days, today included. */
export const DEFAULT_RANGE_DAYS = 7;
/** The longest range asked for at once (the figures are kept 25 months by default). */
export const MAX_RANGE_DAYS = 800;
/** Each list shows this many rows, most visitors first. */
export const TOP_ROWS = 20;

export function defaultRange(today: string): TrafficRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** Days from `from` to `to`, both included. */
export function daysBetween({ from, to }: TrafficRange): number {
  const [a, b] = [from, to].map((date) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  });
  return Math.round((b! - a!) / 86_400_000) + 1;
}

/**
 * A range as the report reads it: its whole calendar months (from traffic_months, by each month's first
 * day) and the days at either end outside them (from traffic_totals).
 */
export function monthsAndDays(range: TrafficRange): { months: TrafficRange | null; days: TrafficRange[] } {
  const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
  const wholeFrom = range.from.endsWith("-01") ? range.from : firstOfMonth(addDays(firstOfMonth(range.from), 31));
  const nextDay = addDays(range.to, 1);
  const wholeUntil = nextDay.endsWith("-01") ? nextDay : firstOfMonth(range.to); // the first day after the whole months
  if (wholeFrom >= wholeUntil) return { months: null, days: [range] };
  const days: TrafficRange[] = [];
  if (range.from < wholeFrom) days.push({ from: range.from, to: addDays(wholeFrom, -1) });
  if (wholeUntil <= range.to) days.push({ from: wholeUntil, to: range.to });
  return { months: { from: wholeFrom, to: firstOfMonth(addDays(wholeUntil, -1)) }, days };
}

export type RangeError = { field: "from" | "to"; message: string };

/**
 * The range in a page's query (`from`, `to`), or the default: a date that is
 * not one, a reversed range or one too long is refused with its error, and
 * the default shown meanwhile.
 */
export function parseRange(
  params: URLSearchParams,
  today: string,
): { range: TrafficRange; asked: { from: string; to: string }; errors: RangeError[] } {
  const asked = { from: (params.get("from") ?? "").trim(), to: (params.get("to") ?? "").trim() };
  const fallback = defaultRange(today);
  if (!asked.from && !asked.to) return { range: fallback, asked: fallback, errors: [] };
  const errors: RangeError[] = [];
  for (const [field, label] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    const refused = asked[field] && dayRefusal(asked[field], label, `Enter a real date for ${label}`);
    if (refused) errors.push({ field, message: refused });
  }
  if (errors.length > 0) return { range: fallback, asked, errors };
  const range = { from: asked.from || addDays(asked.to, -(DEFAULT_RANGE_DAYS - 1)), to: asked.to || today };
  if (range.from > range.to) {
    return {
      range: fallback,
      asked,
      errors: [{ field: "to", message: "To must be the same day as From or after it" }],
    };
  }
  if (daysBetween(range) > MAX_RANGE_DAYS) {
    return {
      range: fallback,
      asked,
      errors: [{ field: "from", message: `Choose a range of at most ${MAX_RANGE_DAYS} days` }],
    };
  }
  return { range, asked: range, errors: [] };
}

/** Views and visitors of one thing (a page, a source...). */
export type Counts = { views: number; visitors: number };

export type TrafficReport = {
  range: TrafficRange;
  /** Whether this server counts now (ANALYTICS). */
  counting: boolean;
  /** Every day of the range, in order (days without figures as zeros). */
  days: (Counts & { day: string; enquiries: number })[];
  /** Sums over the range: a visitor who came on two days counts twice. */
  total: Counts & { enquiries: number };
  pages: (Counts & { path: string })[];
  pagesCount: number;
  /** Where views came from, and the enquiries whose form page came from the same place. */
  sources: (Counts & { referrer: string; enquiries: number })[];
  sourcesCount: number;
  /** utm_campaign and utm_cta, as the e-mails' buttons carry them. */
  campaigns: (Counts & { campaign: string; cta: string; enquiries: number })[];
  devices: (Counts & { device: DeviceClass })[];
  /** Each form's page: its visitors and the enquiries sent from it. */
  forms: { kind: string; label: string; path: string; visitors: number; enquiries: number }[];
};

/** Enquiries ÷ visitors as a percentage with one decimal ("2.5%"), or "–" without visitors. */
export function conversion(enquiries: number, visitors: number): string {
  if (visitors <= 0) return "–";
  return `${((enquiries / visitors) * 100).toLocaleString("en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}%`;
}

/** The path kept for the page-not-found page. */
export const NOT_FOUND_PAGE = "404";
/** The source of an enquiry stored before sources were kept (or with ANALYTICS=off). */
export const NOT_RECORDED = "(not recorded)";
/** Views whose source came after the day's limit of sources was reached (TrafficLimits in ./counter.server.ts). */
export const OTHER_SOURCES = "(other sources)";

export function pageText(path: string): string {
  return path === NOT_FOUND_PAGE ? "Page not found (404)" : path;
}

export function sourceText(referrer: string): string {
  if (referrer === NOT_RECORDED) return "Not recorded";
  if (referrer === OTHER_SOURCES) return "Other sources (over the day's limit)";
  return referrerText(referrer);
}

export const deviceLabels: Record<DeviceClass, string> = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" };
