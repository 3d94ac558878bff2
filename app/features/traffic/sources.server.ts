import { and, eq, ne } from "drizzle-orm";
import type { Store } from "~/platform/db/db.server";
import type { Logger } from "~/platform/log.server";
import { DIRECT, THIS_SITE } from "~/platform/visit-source";
import { trafficDaily } from "./tables.server";
import { OTHER_SOURCES } from "./traffic";
import { SEP } from "./write-day.server";

/**
 * The sources one process keeps a London day (TrafficLimits.sourcesPerDay in
 * ./counter.server.ts; docs/decisions/024-traffic-figures.md, "Bounded"). A
 * source is another site's host, or any utm_* values: anyone can make up
 * new ones with every request. Once the day has its limit, a new one counts
 * as OTHER_SOURCES; one already kept, "direct" and the site's own pages (a
 * few, known in advance) still count as themselves. The day's sources in
 * the database are read once a day, so a restart admits no more.
 */
export function createSourceLimit({ store, log, limit }: { store: Store; log: Logger; limit: number }) {
  const kept = new Map<string, Set<string>>();
  let seeded = "";
  let reported = "";

  /** A source's key, or null for one that is always kept (direct, or a page of this site, without utm_* values). */
  function keyOf(referrer: string, utm: readonly string[]): string | null {
    if ((referrer === DIRECT || referrer === THIS_SITE || referrer.startsWith("/")) && utm.every((v) => v === ""))
      return null;
    return referrer + SEP + utm.join(SEP);
  }

  function keptOn(day: string) {
    let sources = kept.get(day);
    if (!sources) kept.set(day, (sources = new Set()));
    return sources;
  }

  return {
    /** Whether a view's source counts as itself on `day` (synchronous: a view is recorded in memory). */
    admits(day: string, referrer: string, utm: readonly string[]): boolean {
      const key = keyOf(referrer, utm);
      if (key === null) return true;
      const sources = keptOn(day);
      if (sources.has(key)) return true;
      if (sources.size < limit) {
        sources.add(key);
        return true;
      }
      if (reported !== day) {
        reported = day;
        log.warn("traffic: the day's sources reached their limit; new ones count as other sources", { day, limit });
      }
      return false;
    },

    /**
     * Adds today's sources as the database holds them (once a day: after a restart, or when another
     * process began the day). There are few: the limits bound what any process wrote.
     */
    async seed(today: string) {
      if (seeded === today) return;
      const rows = await store.db
        .selectDistinct({
          referrer: trafficDaily.referrer,
          source: trafficDaily.utmSource,
          medium: trafficDaily.utmMedium,
          campaign: trafficDaily.utmCampaign,
          variant: trafficDaily.utmVariant,
          cta: trafficDaily.utmCta,
        })
        .from(trafficDaily)
        .where(and(eq(trafficDaily.day, today), ne(trafficDaily.referrer, OTHER_SOURCES)));
      const sources = keptOn(today);
      for (const row of rows) {
        const key = keyOf(row.referrer, [row.source, row.medium, row.campaign, row.variant, row.cta]);
        if (key !== null && sources.size < limit) sources.add(key);
      }
      seeded = today;
    },

    /** Lets go of the days before `today`. */
    forgetBefore(today: string) {
      for (const day of kept.keys()) if (day < today) kept.delete(day);
    },
  };
}
