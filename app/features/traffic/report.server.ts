import { and, asc, between, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { addDays, londonMidnight, SITE_TIME_ZONE } from "~/platform/calendar";
import { rowsOf, type Database } from "~/platform/db/db.server";
import { deviceClasses, type DeviceClass } from "~/platform/user-agent";
import { enquiryKindNames, enquiryKinds } from "~/features/enquiries";
import { enquiries } from "~/features/enquiries/tables.server";
import { trafficTotals, type TrafficDimension } from "./tables.server";
import { NOT_RECORDED, TOP_ROWS, type Counts, type TrafficRange, type TrafficReport } from "./traffic";

/**
 * The figures of the console's Traffic page, the digest's line and their
 * conversion rates, read from traffic_totals (one row per day and value of
 * each dimension: a year is a few tens of thousands of rows) and the
 * enquiries (non-spam, received in the range's London days, grouped by the
 * source they carry).
 */

/** The range's London days as instants: from its first midnight to the midnight after its last day. */
function receivedIn(range: TrafficRange): SQL {
  return and(
    isNull(enquiries.spamReason),
    gte(enquiries.createdAt, londonMidnight(range.from)),
    lt(enquiries.createdAt, londonMidnight(addDays(range.to, 1))),
  )!;
}

const inRange = (dimension: TrafficDimension, range: TrafficRange) =>
  and(eq(trafficTotals.dimension, dimension), between(trafficTotals.day, range.from, range.to));

type Summed = Counts & { key: string; detail: string };

/** A dimension's values in the range, most visitors first, with how many there are. */
async function summed(db: Database, dimension: TrafficDimension, range: TrafficRange, limit?: number) {
  const views = sql<number>`sum(${trafficTotals.views})::int`;
  const visitors = sql<number>`sum(${trafficTotals.visitors})::int`;
  const query = db
    .select({ key: trafficTotals.key, detail: trafficTotals.detail, views, visitors })
    .from(trafficTotals)
    .where(inRange(dimension, range))
    .groupBy(trafficTotals.key, trafficTotals.detail)
    .orderBy(sql`3 desc`, sql`2 desc`, asc(trafficTotals.key), asc(trafficTotals.detail));
  const rows: Summed[] = limit ? await query.limit(limit) : await query;
  const [{ n } = { n: 0 }] = limit
    ? await db
        .select({ n: sql<number>`count(distinct (${trafficTotals.key}, ${trafficTotals.detail}))::int` })
        .from(trafficTotals)
        .where(inRange(dimension, range))
    : [{ n: rows.length }];
  return {
    rows: rows.map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) })),
    count: Number(n),
  };
}

/** The enquiries received in the range, counted by `group` (a text expression). */
async function enquiriesBy(db: Database, range: TrafficRange, group: SQL<string>) {
  const rows = await db
    .select({ key: group, n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(receivedIn(range))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** Every figure of the Traffic page for a range. */
export async function trafficReport(db: Database, range: TrafficRange, counting: boolean): Promise<TrafficReport> {
  const london = sql.raw(`'${SITE_TIME_ZONE}'`);
  const [
    daily,
    pages,
    sources,
    campaigns,
    devices,
    enquiriesByDay,
    enquiriesBySource,
    enquiriesByCampaign,
    enquiriesByKind,
  ] = await Promise.all([
    summedByDay(db, range),
    summed(db, "page", range, TOP_ROWS),
    summed(db, "referrer", range, TOP_ROWS),
    summed(db, "campaign", range, TOP_ROWS),
    summed(db, "device", range),
    enquiriesBy(db, range, sql<string>`((${enquiries.createdAt} at time zone ${london})::date)::text`),
    enquiriesBy(db, range, sql<string>`coalesce(${enquiries.sourceReferrer}, ${NOT_RECORDED})`),
    enquiriesBy(
      db,
      range,
      sql<string>`case when ${enquiries.utmCampaign} is null and ${enquiries.utmCta} is null then null
          else coalesce(${enquiries.utmCampaign}, '') || chr(31) || coalesce(${enquiries.utmCta}, '') end`,
    ),
    enquiriesBy(db, range, sql<string>`${enquiries.kind}`),
  ]);
  const formPaths = enquiryKindNames.map((kind) => enquiryKinds[kind].path);
  const formVisitors = await pageVisitors(db, range, formPaths);

  const days: TrafficReport["days"] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const counts = daily.get(day) ?? { views: 0, visitors: 0 };
    days.push({ day, ...counts, enquiries: enquiriesByDay.get(day) ?? 0 });
  }
  const sum = (key: "views" | "visitors" | "enquiries") => days.reduce((n, day) => n + day[key], 0);

  // The sources with most visitors, then any other that sent enquiries (few: they are people).
  const sourceRows = sources.rows.map((row) => ({
    referrer: row.key,
    views: row.views,
    visitors: row.visitors,
    enquiries: enquiriesBySource.get(row.key) ?? 0,
  }));
  const listed = new Set(sourceRows.map((row) => row.referrer));
  for (const [referrer, n] of [...enquiriesBySource].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (!listed.has(referrer)) sourceRows.push({ referrer, views: 0, visitors: 0, enquiries: n });
  }

  const campaignRows = campaigns.rows.map((row) => ({
    campaign: row.key,
    cta: row.detail,
    views: row.views,
    visitors: row.visitors,
    enquiries: enquiriesByCampaign.get(`${row.key}\u001f${row.detail}`) ?? 0,
  }));
  const campaignsListed = new Set(campaignRows.map((row) => `${row.campaign}\u001f${row.cta}`));
  for (const [id, n] of enquiriesByCampaign) {
    if (id === null || campaignsListed.has(id)) continue;
    const [campaign = "", cta = ""] = id.split("\u001f");
    campaignRows.push({ campaign, cta, views: 0, visitors: 0, enquiries: n });
  }

  const deviceCounts = new Map(devices.rows.map((row) => [row.key, row]));
  return {
    range,
    counting,
    days,
    total: { views: sum("views"), visitors: sum("visitors"), enquiries: sum("enquiries") },
    pages: pages.rows.map((row) => ({ path: row.key, views: row.views, visitors: row.visitors })),
    pagesCount: pages.count,
    sources: sourceRows,
    sourcesCount: Math.max(sources.count, sourceRows.length),
    campaigns: campaignRows,
    devices: deviceClasses.map((device: DeviceClass) => ({
      device,
      views: deviceCounts.get(device)?.views ?? 0,
      visitors: deviceCounts.get(device)?.visitors ?? 0,
    })),
    forms: enquiryKindNames.map((kind) => ({
      kind,
      label: enquiryKinds[kind].label,
      path: enquiryKinds[kind].path,
      visitors: formVisitors.get(enquiryKinds[kind].path) ?? 0,
      enquiries: enquiriesByKind.get(kind) ?? 0,
    })),
  };
}

/** Views and visitors of each day of the range (days without figures are absent). */
async function summedByDay(db: Database, range: TrafficRange) {
  const rows = await db
    .select({ day: trafficTotals.day, views: trafficTotals.views, visitors: trafficTotals.visitors })
    .from(trafficTotals)
    .where(inRange("all", range));
  return new Map(rows.map((row) => [row.day, { views: Number(row.views), visitors: Number(row.visitors) }]));
}

/** Visitors of each of `paths` over the range. */
async function pageVisitors(db: Database, range: TrafficRange, paths: string[]) {
  const rows = rowsOf<{ key: string; visitors: number }>(
    await db.execute(sql`
      select key, sum(visitors)::int as visitors from traffic_totals
      where dimension = 'page' and day between ${range.from}::date and ${range.to}::date
        and key in (${sql.join(
          paths.map((path) => sql`${path}`),
          sql`, `,
        )})
      group by key`),
  );
  return new Map(rows.map((row) => [row.key, Number(row.visitors)]));
}

/** Visitors and enquiries of one London day: the digest's line. */
export async function dayFigures(db: Database, day: string) {
  const range = { from: day, to: day };
  const [visits] = await db
    .select({ views: trafficTotals.views, visitors: trafficTotals.visitors })
    .from(trafficTotals)
    .where(inRange("all", range));
  const [received] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(receivedIn(range));
  return {
    day,
    views: Number(visits?.views ?? 0),
    visitors: Number(visits?.visitors ?? 0),
    enquiries: Number(received?.n ?? 0),
  };
}
