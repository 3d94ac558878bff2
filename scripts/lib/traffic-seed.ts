/**
 * The traffic figures of `npm run bench:traffic` (../bench-traffic.ts), made
 * straight in the database: 16 pages (the site's 15 and the not-found page)
 * × 50 sources over three devices, per London day.
 */
import { sql } from "drizzle-orm";
import { addDays } from "~/platform/calendar";
import type { Store } from "../../app/platform/db/db.server";
import { pages } from "../../app/pages.ts";

export const PAGES = [...pages.map((page) => page.path), "404"];
export const SOURCES = 50;

/**
 * A year of figures, made in the database: source s is another site (s < 30), a page of this
 * site (30 ≤ s < 40) or an e-mail campaign's button (s ≥ 40: direct, with utm_* values).
 */
export async function seedTraffic(store: Store, today: string, days: number) {
  const first = addDays(today, -(days - 1));
  const pagesArray = `{${PAGES.map((p) => `"${p}"`).join(",")}}`;
  await store.db.execute(sql`
    insert into traffic_daily (day, path, referrer, utm_source, utm_medium, utm_campaign, utm_variant, utm_cta, device, views, visitors)
    select d::date, (${pagesArray}::text[])[p],
      case when s < 30 then 'site' || s || '.example' when s < 40 then (${pagesArray}::text[])[1 + (s % 15)] else 'direct' end,
      case when s >= 40 then 'email' else '' end, case when s >= 40 then 'transactional' else '' end,
      case when s >= 40 then 'campaign-' || (s % 5) else '' end, '', case when s >= 40 then 'button-' || (s % 2) else '' end,
      (array['phone', 'tablet', 'desktop'])[1 + ((p + s) % 3)],
      1 + ((p * 7 + s * 13 + extract(doy from d)::int) % 40), 1 + ((p * 3 + s * 5 + extract(doy from d)::int) % 20)
    from generate_series(${first}::date, ${today}::date, '1 day') d, generate_series(1, ${PAGES.length}) p,
      generate_series(0, ${SOURCES - 1}) s`);
  // What the counter adds for them, one dimension at a time (visitors here: the rows' sum, at most).
  for (const [dimension, key, detail, where] of [
    ["all", sql`''`, sql`''`, sql`true`],
    ["page", sql`path`, sql`''`, sql`true`],
    ["referrer", sql`referrer`, sql`''`, sql`true`],
    ["device", sql`device`, sql`''`, sql`true`],
    ["campaign", sql`utm_campaign`, sql`utm_cta`, sql`(utm_campaign <> '' or utm_cta <> '')`],
  ] as const) {
    await store.db.execute(sql`
      insert into traffic_totals (dimension, day, key, detail, views, visitors)
      select ${dimension}, day, ${key}, ${detail}, sum(views), sum(visitors) from traffic_daily where ${where}
      group by 2, 3, 4`);
  }
  // And per month, as the counter adds them (every dimension but "all").
  await store.db.execute(sql`
    insert into traffic_months (dimension, month, key, detail, views, visitors)
    select dimension, date_trunc('month', day)::date, key, detail, sum(views), sum(visitors) from traffic_totals
    where dimension <> 'all' group by 1, 2, 3, 4`);
  // 10 enquiries a day, each from one of the sources, one in ten of them from a campaign.
  await store.db.execute(sql`
    insert into enquiries (id, kind, payload, email, client_fingerprint, created_at, source_referrer, utm_source, utm_campaign, utm_cta)
    select gen_random_uuid(), (array['contact', 'demo', 'advisory'])[1 + (n % 3)],
      jsonb_build_object('name', 'Bench Person ' || n, 'email', 'bench' || n || '@example.org'),
      'bench' || n || '@example.org', '0123456789abcdef',
      ${first}::date + (n / 10) * interval '1 day' + interval '10 hours',
      case when n % 10 = 0 then 'direct' when n % 3 = 0 then 'site' || (n % 30) || '.example' else '/' end,
      case when n % 10 = 0 then 'email' end, case when n % 10 = 0 then 'campaign-' || (n % 5) end,
      case when n % 10 = 0 then 'button-' || (n % 2) end
    from generate_series(0, ${days * 10 - 1}) n`);
  await store.db.execute(sql`analyze traffic_daily, traffic_totals, traffic_months, enquiries`);
}
