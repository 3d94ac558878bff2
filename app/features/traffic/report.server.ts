import { and, between, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { addDays, londonMidnight, SITE_TIME_ZONE } from "~/platform/calendar";
import { rowsOf, type Database } from "~/platform/db/db.server";
import { deviceClasses, type DeviceClass } from "~/platform/user-agent";
import { enquiryKindNames, enquiryKinds } from "~/features/enquiries";
import { enquiries } from "~/features/enquiries/tables.server";
import { trafficTotals, type TrafficDimension } from "./tables.server";
import { monthsAndDays, NOT_RECORDED, TOP_ROWS, type TrafficRange, type TrafficReport } from "./traffic";

/**
 * The figures of the console's Traffic page, the digest's line and their
 * conversion rates, in two statements (on the embedded database each
 * statement costs a round trip through its single connection): one over
 * traffic_totals (one row per day and value of each dimension: a year is a
 * few tens of thousands of rows), every dimension at once, ranked; one over
 * the enquiries (non-spam, received in the range's London days), counted by
 * day, source, campaign and form at once (grouping sets).
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

type TotalRow = {
  dimension: TrafficDimension;
  /** The day, for the "all" dimension only ("" for the others: summed over the range). */
  day: string;
  key: string;
  detail: string;
  views: number;
  visitors: number;
  /** How many values the dimension has in the range. */
  n: number;
};

/**
 * Each dimension summed over the range, most visitors first: every day of
 * "all", every device, the first TOP_ROWS of the others, and the form pages.
 */
async function totalsOf(db: Database, range: TrafficRange, formPaths: readonly string[]): Promise<TotalRow[]> {
  // Every day of "all" (the chart); the other dimensions from whole months where the range has them.
  const { months, days } = monthsAndDays(range);
  const dimensions = sql`('page', 'referrer', 'campaign', 'device')`;
  const parts = [
    sql`select dimension, day::text as day, key, detail, views, visitors from traffic_totals
        where dimension = 'all' and day between ${range.from}::date and ${range.to}::date`,
    ...days.map(
      (part) => sql`select dimension, '' as day, key, detail, views, visitors from traffic_totals
        where dimension in ${dimensions} and day between ${part.from}::date and ${part.to}::date`,
    ),
    ...(months
      ? [
          sql`select dimension, '' as day, key, detail, views, visitors from traffic_months
            where dimension in ${dimensions} and month between ${months.from}::date and ${months.to}::date`,
        ]
      : []),
  ];
  const [result] = rowsOf<{ rows: unknown }>(
    await db.execute(sql`
      with parts as (${sql.join(parts, sql` union all `)}), grouped as (
        select dimension, day, key, detail, sum(views)::int as views, sum(visitors)::int as visitors
        from parts group by 1, 2, 3, 4
      ), ranked as (
        select *, row_number() over (partition by dimension order by visitors desc, views desc, key, detail) as rank,
          (count(*) over (partition by dimension))::int as n
        from grouped
      )
      select coalesce(json_agg(json_build_array(dimension, day, key, detail, views, visitors, n) order by dimension, rank), '[]') as rows
      from ranked
      where dimension in ('all', 'device') or rank <= ${TOP_ROWS}
        or (dimension = 'page' and key in (${sql.join(
          formPaths.map((path) => sql`${path}`),
          sql`, `,
        )}))`),
  );
  return jsonRows<[TrafficDimension, string, string, string, number, number, number]>(result?.rows).map(
    ([dimension, day, key, detail, views, visitors, n]) => ({ dimension, day, key, detail, views, visitors, n }),
  );
}

/**
 * A statement's rows as one JSON array: on the embedded database each row a
 * statement returns costs more to hand over than a JSON value's parse.
 */
function jsonRows<T>(value: unknown): T[] {
  return (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T[];
}

/** The enquiries of the range counted by London day, by source, by campaign (utm_campaign and utm_cta) and by form. */
async function enquiryCounts(db: Database, range: TrafficRange) {
  const [result] = rowsOf<{ rows: unknown }>(
    await db.execute(sql`
      select coalesce(json_agg(json_build_array(day, referrer, campaign, kind, set, n)), '[]') as rows from (
        select day, referrer, campaign, kind, grouping(day, referrer, campaign, kind)::int as set, count(*)::int as n
        from (
          select ((${enquiries.createdAt} at time zone ${sql.raw(`'${SITE_TIME_ZONE}'`)})::date)::text as day,
            coalesce(${enquiries.sourceReferrer}, ${NOT_RECORDED}) as referrer,
            case when ${enquiries.utmCampaign} is null and ${enquiries.utmCta} is null then null
              else coalesce(${enquiries.utmCampaign}, '') || chr(31) || coalesce(${enquiries.utmCta}, '') end as campaign,
            ${enquiries.kind} as kind
          from ${enquiries}
          where ${receivedIn(range)}
        ) received
        group by grouping sets ((day), (referrer), (campaign), (kind))
      ) counted`),
  );
  const rows = jsonRows<[string | null, string | null, string | null, string | null, number, number]>(result?.rows).map(
    ([day, referrer, campaign, kind, set, n]) => ({ day, referrer, campaign, kind, set, n }),
  );
  // grouping(day, referrer, campaign, kind): the bits of the columns not grouped on, day's the highest.
  const by = {
    day: new Map<string, number>(),
    referrer: new Map<string, number>(),
    campaign: new Map<string, number>(),
    kind: new Map<string, number>(),
  };
  for (const row of rows) {
    const n = Number(row.n);
    const set = Number(row.set);
    if (set === 0b0111 && row.day !== null) by.day.set(row.day, n);
    else if (set === 0b1011 && row.referrer !== null) by.referrer.set(row.referrer, n);
    else if (set === 0b1101 && row.campaign !== null) by.campaign.set(row.campaign, n);
    else if (set === 0b1110 && row.kind !== null) by.kind.set(row.kind, n);
  }
  return by;
}

/** Every figure of the Traffic page for a range. */
export async function trafficReport(db: Database, range: TrafficRange, counting: boolean): Promise<TrafficReport> {
  const formPaths = enquiryKindNames.map((kind) => enquiryKinds[kind].path);
  const [totals, received] = await Promise.all([totalsOf(db, range, formPaths), enquiryCounts(db, range)]);
  const of = (dimension: TrafficDimension) => totals.filter((row) => row.dimension === dimension);
  const top = (dimension: TrafficDimension) => of(dimension).slice(0, TOP_ROWS);
  const countOf = (dimension: TrafficDimension) => of(dimension)[0]?.n ?? 0;

  const daily = new Map(of("all").map((row) => [row.day, row]));
  const days: TrafficReport["days"] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const counts = daily.get(day);
    days.push({
      day,
      views: counts?.views ?? 0,
      visitors: counts?.visitors ?? 0,
      enquiries: received.day.get(day) ?? 0,
    });
  }
  const sum = (key: "views" | "visitors" | "enquiries") => days.reduce((n, day) => n + day[key], 0);

  // The sources with most visitors, then any other that sent enquiries (few: they are people).
  const sources = top("referrer").map((row) => ({
    referrer: row.key,
    views: row.views,
    visitors: row.visitors,
    enquiries: received.referrer.get(row.key) ?? 0,
  }));
  const listed = new Set(sources.map((row) => row.referrer));
  for (const [referrer, n] of [...received.referrer].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (!listed.has(referrer)) sources.push({ referrer, views: 0, visitors: 0, enquiries: n });
  }

  const campaigns = top("campaign").map((row) => ({
    campaign: row.key,
    cta: row.detail,
    views: row.views,
    visitors: row.visitors,
    enquiries: received.campaign.get(`${row.key}\u001f${row.detail}`) ?? 0,
  }));
  const campaignsListed = new Set(campaigns.map((row) => `${row.campaign}\u001f${row.cta}`));
  for (const [id, n] of [...received.campaign].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (campaignsListed.has(id)) continue;
    const [campaign = "", cta = ""] = id.split("\u001f");
    campaigns.push({ campaign, cta, views: 0, visitors: 0, enquiries: n });
  }

  const devices = new Map(of("device").map((row) => [row.key, row]));
  const pageVisitors = new Map(of("page").map((row) => [row.key, row.visitors]));
  return {
    range,
    counting,
    days,
    total: { views: sum("views"), visitors: sum("visitors"), enquiries: sum("enquiries") },
    pages: top("page").map((row) => ({ path: row.key, views: row.views, visitors: row.visitors })),
    pagesCount: countOf("page"),
    sources,
    sourcesCount: Math.max(countOf("referrer"), sources.length),
    campaigns,
    devices: deviceClasses.map((device: DeviceClass) => ({
      device,
      views: devices.get(device)?.views ?? 0,
      visitors: devices.get(device)?.visitors ?? 0,
    })),
    forms: enquiryKindNames.map((kind) => ({
      kind,
      label: enquiryKinds[kind].label,
      path: enquiryKinds[kind].path,
      visitors: pageVisitors.get(enquiryKinds[kind].path) ?? 0,
      enquiries: received.kind.get(kind) ?? 0,
    })),
  };
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
