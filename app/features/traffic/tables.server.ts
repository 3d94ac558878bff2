import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The traffic figures (docs/decisions/024-traffic-figures.md): aggregates of
 * London days only. No address, user agent, full referrer or query string is
 * ever written here; the visitors are counted with keyed marks that live only
 * for their day (traffic_marks, traffic_secrets).
 */

/** One utm_* column: "" when the landing URL had none (so the unique key holds). */
const utm = (name: string) => text(name).notNull().default("");

/**
 * Views and visitors per London day and combination of page, referrer,
 * utm_* values and device class: every figure the site keeps, as
 * `npm run enquiries -- traffic --csv` exports it. `visitors` counts each
 * visitor once per row (a visitor of two rows counts in both: the console
 * reads traffic_totals for visitors per page, per source...).
 */
export const trafficDaily = pgTable(
  "traffic_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** A page's path ("/about"), or "404" for the page-not-found page. */
    path: text("path").notNull(),
    /** "direct", another site's host ("google.com"), or a path of this site ("/product"). */
    referrer: text("referrer").notNull(),
    utmSource: utm("utm_source"),
    utmMedium: utm("utm_medium"),
    utmCampaign: utm("utm_campaign"),
    utmVariant: utm("utm_variant"),
    utmCta: utm("utm_cta"),
    device: text("device").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({
      name: "traffic_daily_pk",
      columns: [t.day, t.path, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign, t.utmVariant, t.utmCta, t.device],
    }),
    check("traffic_daily_device_check", sql`${t.device} in ('phone', 'tablet', 'desktop')`),
  ],
);

/** What a row of traffic_totals adds up. */
export const trafficDimensions = ["all", "page", "referrer", "campaign", "device"] as const;
export type TrafficDimension = (typeof trafficDimensions)[number];

/** The columns of a total, by day or by month: what it adds up along and its value, and the counts. */
const addedUp = () => ({
  dimension: text("dimension").$type<TrafficDimension>().notNull(),
  key: text("key").notNull(),
  detail: text("detail").notNull().default(""),
  views: integer("views").notNull(),
  visitors: integer("visitors").notNull(),
});

/**
 * The same views per London day, added up along one dimension at a time,
 * with visitors counted once per day and value: "all" (key ""), "page" (key
 * the path), "referrer", "campaign" (key utm_campaign, detail utm_cta) and
 * "device". What the console's Traffic page and the digest read: a year of
 * it is a few tens of thousands of rows.
 */
export const trafficTotals = pgTable(
  "traffic_totals",
  { ...addedUp(), day: date("day", { mode: "string" }).notNull() },
  (t) => [
    primaryKey({ name: "traffic_totals_pk", columns: [t.dimension, t.day, t.key, t.detail] }),
    check("traffic_totals_dimension_check", sql`${t.dimension} in ('all', 'page', 'referrer', 'campaign', 'device')`),
  ],
);

/**
 * traffic_totals added up per calendar month (London days), apart from
 * "all": what a range of whole months reads instead of each of its days (a
 * year is then a few thousand rows). Its visitors are the sum of the days'
 * visitors, as a range's always are, so both give the same figures.
 */
export const trafficMonths = pgTable(
  "traffic_months",
  {
    ...addedUp(),
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "traffic_months_pk", columns: [t.dimension, t.month, t.key, t.detail] }),
    check("traffic_months_dimension_check", sql`${t.dimension} in ('page', 'referrer', 'campaign', 'device')`),
  ],
);

/**
 * A random secret per London day, shared by every web process through the
 * database. The visitors' marks are keyed with it mixed with FINGERPRINT_KEY
 * (which is never in the database or a backup); a day's row is deleted once
 * the day is over, and with it any way to tell who a mark was.
 */
export const trafficSecrets = pgTable("traffic_secrets", {
  day: date("day", { mode: "string" }).primaryKey(),
  secret: text("secret").notNull(),
});

/**
 * The visitors seen today: one keyed mark (128 bits of a hash) per visitor
 * and row or total they were counted in, so that the same visitor is counted
 * once however many processes see them. Deleted with the day's secret.
 */
export const trafficMarks = pgTable(
  "traffic_marks",
  {
    day: date("day", { mode: "string" }).notNull(),
    mark: text("mark").notNull(),
  },
  (t) => [primaryKey({ name: "traffic_marks_pk", columns: [t.day, t.mark] })],
);
