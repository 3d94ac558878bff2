import { and, asc, between, lt, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { addDays, londonDate } from "~/platform/calendar";
import { csvLines, toCsv } from "~/platform/csv";
import type { Database, Store } from "~/platform/db/db.server";
import type { PlatformDeps } from "~/platform/platform.server";
import type { RetentionPart } from "~/platform/retention.server";
import { dayFigures, trafficReport } from "./report.server";
import { trafficDaily, trafficMarks, trafficMonths, trafficSecrets, trafficTotals } from "./tables.server";
import { dayText } from "~/platform/calendar";
import { TRAFFIC_PATH, type TrafficRange } from "./traffic";
import { plural } from "~/platform/words";

/** The console's Traffic page: the figures of a range of London days. */
export function createTrafficService({ store, env }: Pick<PlatformDeps, "store" | "env">, now = () => new Date()) {
  const counting = env.ANALYTICS !== "off";
  return {
    /** Whether this server counts (ANALYTICS). */
    counting,
    /** Today in London, by the server's clock. */
    today: () => londonDate(now()),
    report: (range: TrafficRange) => trafficReport(store.db, range, counting),
  };
}

/** The London day `months` before `day` (the same day of the month, or that month's last). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
  return date.toISOString().slice(0, 10);
}

/**
 * The retention sweep's part: the figures of the months before the one
 * `months` ago (whole months go, so the month totals and the days agree),
 * and any secret or mark of a day already over (the web processes forget
 * them at midnight; this catches a day no process was running at its end).
 */
export function trafficRetention(months: number, now = () => new Date()): RetentionPart {
  return {
    keeps: `traffic figures kept ${months} months`,
    tables: ["traffic_daily", "traffic_totals", "traffic_months", "traffic_secrets", "traffic_marks"],
    async purge(store: Store) {
      const today = londonDate(now());
      const cutoff = `${monthsBefore(today, months).slice(0, 8)}01`;
      /** Deletes the rows of `table` whose `column` is before `bound`; answers how many. */
      const deleteBefore = (table: PgTable, column: AnyPgColumn, bound: string) =>
        store.db
          .delete(table)
          .where(lt(column, bound))
          .returning({ d: column })
          .then((rows) => rows.length);
      const daily = await deleteBefore(trafficDaily, trafficDaily.day, cutoff);
      const totals = await deleteBefore(trafficTotals, trafficTotals.day, cutoff);
      const monthly = await deleteBefore(trafficMonths, trafficMonths.month, cutoff);
      const secrets = await deleteBefore(trafficSecrets, trafficSecrets.day, today);
      const marks = await deleteBefore(trafficMarks, trafficMarks.day, today);
      return {
        trafficRowsDeleted: daily + totals + monthly,
        trafficSecretsForgotten: secrets,
        trafficMarksForgotten: marks,
      };
    },
  };
}

/** A line the daily digest adds (~/features/digest: DigestLine). */
export type TrafficDigestLine = { text: string; path: string };

/** "Sun 22 Nov" for a London day. */
const dayName = (day: string) => dayText(day, { year: false });

/**
 * The digest's traffic line: visitors and enquiries yesterday (London),
 * against the same day a week before; null when neither day has any.
 */
export function trafficDigestLine(store: Store) {
  return async (now: Date): Promise<TrafficDigestLine | null> => {
    const yesterday = addDays(londonDate(now), -1);
    const [day, before] = await Promise.all([
      dayFigures(store.db, yesterday),
      dayFigures(store.db, addDays(yesterday, -7)),
    ]);
    if (day.visitors + day.enquiries + before.visitors + before.enquiries === 0) return null;
    const figures = (f: typeof day) =>
      `${plural(f.visitors, "visitor", "visitors")} and ${plural(f.enquiries, "enquiry", "enquiries")}`;
    return {
      text: `Yesterday (${dayName(yesterday)}): ${figures(day)}; the same day a week before (${dayName(before.day)}): ${figures(before)}.`,
      path: `${TRAFFIC_PATH}?from=${before.day}&to=${yesterday}`,
    };
  };
}

/** The columns of `npm run enquiries -- traffic --csv`: every row of traffic_daily. */
export const trafficCsvHeader = [
  "day",
  "path",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_variant",
  "utm_cta",
  "device",
  "views",
  "visitors",
] as const;

/** The daily figures of a range as CSV, a day at a time (header with the byte-order mark first). */
export async function* trafficCsvChunks(db: Database, range: TrafficRange): AsyncGenerator<string> {
  yield toCsv(trafficCsvHeader, []);
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const rows = await db
      .select()
      .from(trafficDaily)
      .where(and(between(trafficDaily.day, day, day)))
      .orderBy(
        asc(trafficDaily.path),
        asc(trafficDaily.referrer),
        asc(trafficDaily.utmSource),
        asc(trafficDaily.utmMedium),
        asc(trafficDaily.utmCampaign),
        asc(trafficDaily.utmVariant),
        asc(trafficDaily.utmCta),
        asc(trafficDaily.device),
      );
    if (rows.length === 0) continue;
    yield csvLines(
      rows.map((row) => [
        row.day,
        row.path,
        row.referrer,
        row.utmSource,
        row.utmMedium,
        row.utmCampaign,
        row.utmVariant,
        row.utmCta,
        row.device,
        row.views,
        row.visitors,
      ]),
    );
  }
}

/** How many rows traffic_daily holds (the CLI says so when a range is empty). */
export async function trafficRowCount(db: Database, range: TrafficRange) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trafficDaily)
    .where(between(trafficDaily.day, range.from, range.to));
  return Number(row?.n ?? 0);
}
