/**
 * The traffic figures' tests (app/features/traffic): visitors, their page
 * views, a clock the test turns, a counter on a test store, and the figures
 * as the database holds them.
 */
import { sql } from "drizzle-orm";
import { londonMidnight } from "~/platform/calendar";
import { rowsOf, type Store } from "~/platform/db/db.server";
import { createMemoryLogger } from "~/platform/log.server";
import type { DeviceClass } from "~/platform/user-agent";
import type { Utm } from "~/platform/visit-source";
import { createTrafficCounter, type PageView, type TrafficCounterOptions } from "~/features/traffic/counter.server";
import { TEST_KEYS } from "./test-keys";

/** A browser per visitor: the address and user agent tell them apart. */
export const visitor = (name: string, device: DeviceClass = "desktop") => ({
  ip: `198.51.100.${(Number.parseInt(name.replace(/\D/g, "") || "0", 10) % 250) + 1}`,
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 visitor-${name}`,
  device,
});
type Visitor = ReturnType<typeof visitor>;

export function view(who: Visitor, path: string, referrer = "direct", utm: Utm = {}): PageView {
  return { path, referrer, utm, device: who.device, ip: who.ip, userAgent: who.userAgent };
}

/** A clock the test turns: noon, London time, on `day`. */
export function clock(day: string) {
  const state = { now: new Date(londonMidnight(day).getTime() + 12 * 3_600_000) };
  return {
    state,
    now: () => state.now,
    at: (d: string, ms = 12 * 3_600_000) => (state.now = new Date(londonMidnight(d).getTime() + ms)),
  };
}

/** A web process's counter on `store`, writing every second (tests mostly flush it themselves). */
export const counterOn = (
  store: Store,
  now: () => Date,
  log = createMemoryLogger(),
  options: Pick<TrafficCounterOptions, "limits"> = {},
) => createTrafficCounter({ store, log, key: TEST_KEYS.FINGERPRINT_KEY, now, flushMs: 1000, ...options });

export async function one<T>(store: Store, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await store.db.execute(query));
}

/** A dimension's total (all days, or `day`), as the console reads it. */
export async function total(store: Store, dimension: string, key: string, day?: string) {
  const [row] = await one<{ views: number; visitors: number }>(
    store,
    sql`select coalesce(sum(views), 0)::int as views, coalesce(sum(visitors), 0)::int as visitors from traffic_totals
        where dimension = ${dimension} and key = ${key} ${day ? sql`and day = ${day}::date` : sql``}`,
  );
  return { views: Number(row!.views), visitors: Number(row!.visitors) };
}
