import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Store } from "~/platform/db/db.server";
import type { DeviceClass } from "~/platform/user-agent";

/** One row of the counter's buffer (./counter.server.ts): a day's views of one page, source and device. */
export type Row = {
  path: string;
  referrer: string;
  /** The five utm_* values, "" for none, in UTM_KEYS order. */
  utm: readonly string[];
  device: DeviceClass;
  views: number;
  /**
   * The clients seen since the last write: user agents by address, in memory only, for a few
   * seconds: the write replaces them by their hash under the day's secret (so a repeat view costs
   * no hash), and they never leave the process.
   */
  clients: Map<string, Set<string>>;
  /** The visitors' hashes under the day's secret (memory only). */
  visitors: Set<string>;
};

/** A total's dimension, key and detail (traffic_totals). */
type TotalKey = [dimension: string, key: string, detail: string];

/** Joins the parts of a buffer or scope key. */
export const SEP = "\u001f";

/**
 * Writes one day's rows in one statement: its new marks (a visitor counted
 * once per row and total), then what they and the views add to the rows,
 * the day's totals and the month's. `known` are the marks this process
 * already wrote today (not sent again). Returns the marks it sent.
 */
export async function writeTrafficDay(
  store: Store,
  day: string,
  rows: readonly Row[],
  known: ReadonlySet<string> | undefined,
): Promise<Map<string, number>> {
  const totals = new Map<string, { key: TotalKey; views: number; target: number }>();
  const marks = new Map<string, number>();
  const addMark = (visitor: string, scope: string, target: number) => {
    const mark = createHash("sha256").update(visitor).update("\n").update(scope).digest("base64url").slice(0, 22);
    if (!known?.has(mark) && !marks.has(mark)) marks.set(mark, target);
  };
  rows.forEach((row, target) => {
    const totalKeys: TotalKey[] = [
      ["all", "", ""],
      ["page", row.path, ""],
      ["referrer", row.referrer, ""],
      ["device", row.device, ""],
    ];
    const [campaign, cta] = [row.utm[2]!, row.utm[4]!];
    if (campaign || cta) totalKeys.push(["campaign", campaign, cta]);
    const scopes = totalKeys.map((totalKey) => {
      const id = totalKey.join(SEP);
      let total = totals.get(id);
      if (!total) totals.set(id, (total = { key: totalKey, views: 0, target: rows.length + totals.size }));
      total.views += row.views;
      return [id, total.target] as const;
    });
    const rowScope = ["row", row.path, row.referrer, ...row.utm, row.device].join(SEP);
    for (const visitor of row.visitors) {
      addMark(visitor, rowScope, target);
      for (const [scope, totalTarget] of scopes) addMark(visitor, scope, totalTarget);
    }
  });
  const markList = [...marks].map(([m, t]) => ({ m, t }));
  const rowList = rows.map((row, t) => ({
    t,
    p: row.path,
    r: row.referrer,
    s: row.utm[0],
    m: row.utm[1],
    c: row.utm[2],
    v: row.utm[3],
    a: row.utm[4],
    d: row.device,
    n: row.views,
  }));
  const totalList = [...totals.values()].map(({ key: [dimension, k, detail], views, target }) => ({
    t: target,
    x: dimension,
    k,
    e: detail,
    n: views,
  }));
  // One statement: the marks first (a mark another process wrote is not returned, so not counted
  // again), then the rows, the day's totals and the month's, each added to; every insert in a fixed
  // order, so two processes writing at once wait for each other instead of deadlocking.
  await store.db.execute(sql`
    with marks_in as (
      select * from json_to_recordset(${JSON.stringify(markList)}::json) as m(m text, t int)
    ), fresh as (
      insert into traffic_marks (day, mark)
      select ${day}::date, m from marks_in order by m
      on conflict do nothing
      returning mark
    ), counted as (
      select marks_in.t, count(*)::int as n from marks_in join fresh on fresh.mark = marks_in.m group by marks_in.t
    ), rows_in as (
      select * from json_to_recordset(${JSON.stringify(rowList)}::json)
        as r(t int, p text, r text, s text, m text, c text, v text, a text, d text, n int)
    ), daily as (
      insert into traffic_daily (day, path, referrer, utm_source, utm_medium, utm_campaign, utm_variant, utm_cta, device, views, visitors)
      select ${day}::date, r.p, r.r, r.s, r.m, r.c, r.v, r.a, r.d, r.n, coalesce(counted.n, 0)
      from rows_in r left join counted on counted.t = r.t
      order by r.p, r.r, r.s, r.m, r.c, r.v, r.a, r.d
      on conflict (day, path, referrer, utm_source, utm_medium, utm_campaign, utm_variant, utm_cta, device)
      do update set views = traffic_daily.views + excluded.views, visitors = traffic_daily.visitors + excluded.visitors
      returning 1
    ), totals_in as (
      select * from json_to_recordset(${JSON.stringify(totalList)}::json) as x(t int, x text, k text, e text, n int)
    ), monthly as (
      insert into traffic_months (dimension, month, key, detail, views, visitors)
      select x.x, date_trunc('month', ${day}::date)::date, x.k, x.e, x.n, coalesce(counted.n, 0)
      from totals_in x left join counted on counted.t = x.t
      where x.x <> 'all'
      order by x.x, x.k, x.e
      on conflict (dimension, month, key, detail)
      do update set views = traffic_months.views + excluded.views, visitors = traffic_months.visitors + excluded.visitors
      returning 1
    )
    insert into traffic_totals (dimension, day, key, detail, views, visitors)
    select x.x, ${day}::date, x.k, x.e, x.n, coalesce(counted.n, 0)
    from totals_in x left join counted on counted.t = x.t
    order by x.x, x.k, x.e
    on conflict (dimension, day, key, detail)
    do update set views = traffic_totals.views + excluded.views, visitors = traffic_totals.visitors + excluded.visitors`);
  return marks;
}
