import { createHmac, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import { addDays, londonDate, londonMidnight } from "~/platform/calendar";
import { rowsOf, type Store } from "~/platform/db/db.server";
import type { Logger } from "~/platform/log.server";
import type { DeviceClass } from "~/platform/user-agent";
import { UTM_KEYS, type Utm } from "~/platform/visit-source";
import { USER_AGENT_KEPT } from "./rules";
import { createSourceLimit } from "./sources.server";
import { OTHER_SOURCES } from "./traffic";
import { SEP, writeTrafficDay, type Row } from "./write-day.server";

/**
 * Counting page views and visitors on the server
 * (docs/decisions/024-traffic-figures.md). The HTTP hook (server/traffic.ts)
 * calls `record` for each page view it counts: that adds to a buffer in
 * memory and returns at once, so counting never delays or fails a response.
 * Every few seconds (and when the process stops) the buffer is written in
 * one statement per London day that adds to the day's rows, so several web
 * processes on one PostgreSQL database add up exactly.
 *
 * Visitors are told apart without keeping anyone: the address and the user
 * agent stay in memory until the next write (a few seconds), which replaces
 * them by their hash under the day's secret (a random value per London day
 * in traffic_secrets, mixed with FINGERPRINT_KEY, which is never in the
 * database), and only marks derived from that hash reach the database
 * (traffic_marks), one per visitor and figure they count in; a mark already
 * there is not counted again. When the day is over its secret leaves this
 * process's memory, and its row and its marks leave the database: nothing
 * can tell who a mark was any more.
 *
 * Anyone can send page views with made-up sources and user agents, as fast
 * as the static layer answers (no rate limit applies to prerendered pages):
 * what a process keeps of them is bounded (TrafficLimits).
 */

/** A page view as the HTTP hook saw it. */
export type PageView = {
  /** The page's path ("/about"), or "404". */
  path: string;
  /** "direct", a host, or a path of this site (~/platform/visit-source). */
  referrer: string;
  /** The utm_* values of the page's URL. */
  utm: Utm;
  device: DeviceClass;
  /** The client address and user agent: held in memory until the next write, which hashes them; never written. */
  ip: string;
  userAgent: string;
};

export type TrafficCounterOptions = {
  store: Store;
  log: Logger;
  /** FINGERPRINT_KEY: mixed into each day's secret, so that the database alone can never tell who a mark was. */
  key: string;
  /** How often the buffer is written (default 5 s). */
  flushMs?: number;
  /** The clock (tests turn the day with it). */
  now?: () => Date;
  /** What this process keeps at most (tests set small ones). */
  limits?: TrafficLimits;
};

/**
 * What one process keeps at most, so that no stream of requests can make the
 * figures, the marks or the memory grow without end (docs/decisions/024-traffic-figures.md,
 * "Bounded"). Reaching one loses detail, not views.
 */
export type TrafficLimits = {
  /**
   * Sources a London day: another site's host, or any utm_* values. Beyond,
   * a new one counts as OTHER_SOURCES; one already kept that day, "direct"
   * and the site's own pages still count as themselves.
   */
  sourcesPerDay: number;
  /** Clients (address and user agent) held between two writes: beyond, a new one's views count, not the visitor. */
  clientsPerWrite: number;
  /** Marks written a London day: beyond, views count and new visitors do not. */
  marksPerDay: number;
  /**
   * Rows (page, source and device) waiting for one write: beyond, a view whose
   * row is not there yet counts in its page's OTHER_SOURCES row (at most one
   * per page and device more). Rows a failed write puts back are dropped past it.
   */
  rowsPerWrite: number;
};

export const TRAFFIC_LIMITS: TrafficLimits = {
  sourcesPerDay: 1_000,
  clientsPerWrite: 50_000,
  marksPerDay: 1_000_000,
  rowsPerWrite: 20_000,
};

/** Marks this process remembers having written today (beyond, it starts again: the database still counts each once). */
const MAX_REMEMBERED_MARKS = 200_000;

/** A row's key in the buffer. */
const keyOf = (path: string, referrer: string, utm: readonly string[], device: string) =>
  utm === NO_UTM
    ? path + SEP + referrer + SEP + device
    : path + SEP + referrer + SEP + utm.join(SEP) + SEP + SEP + device;
/** The utm_* values of a view without any (most views), shared. */
const NO_UTM: readonly string[] = UTM_KEYS.map(() => "");
/** A view's five utm_* values in UTM_KEYS order ("" for none), NO_UTM itself when it has none. */
function utmValues(utm: Utm): readonly string[] {
  let any = false;
  for (const name in utm) if (utm[name as keyof Utm]) any = true;
  return any ? UTM_KEYS.map((name) => utm[name] ?? "") : NO_UTM;
}

export type TrafficCounter = ReturnType<typeof createTrafficCounter>;

export function createTrafficCounter({
  store,
  log,
  key,
  flushMs = 5_000,
  now = () => new Date(),
  limits = TRAFFIC_LIMITS,
}: TrafficCounterOptions) {
  /** The secrets this process holds: today's and tomorrow's (ready at midnight), by London day. */
  const secrets = new Map<string, KeyObject>();
  /** Views not yet written, by London day and row. */
  const pending = new Map<string, Map<string, Row>>();
  let pendingRows = 0;
  /** Marks written today, by day (memory only: saves sending them again). */
  const remembered = new Map<string, Set<string>>();
  let dropped = 0;
  const sources = createSourceLimit({ store, log, limit: limits.sourcesPerDay });
  /** Marks sent, by London day, and the last day their limit was reported as reached. */
  const marksSent = new Map<string, number>();
  let marksReported = "";
  /** Clients held in the buffer, and views whose client could not be (the limit was reached). */
  let clientsHeld = 0;
  let unidentified = 0;
  let forgottenBefore = "";
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let warnedNoSecret = "";
  /** The London day of the last instant asked about, and when it ends (most calls fall in it). */
  let cached = { day: "", from: 0, until: 0 };

  function dayAt(time: number): string {
    if (time < cached.from || time >= cached.until) {
      const day = londonDate(new Date(time));
      cached = { day, from: londonMidnight(day).getTime(), until: londonMidnight(addDays(day, 1)).getTime() };
    }
    return cached.day;
  }

  /** Counts one page view (synchronous, never throws). */
  function record(view: PageView): void {
    const day = dayAt(now().getTime());
    let utm = utmValues(view.utm);
    let referrer = view.referrer;
    if (!sources.admits(day, referrer, utm)) [referrer, utm] = [OTHER_SOURCES, NO_UTM];
    let rowKey = keyOf(view.path, referrer, utm, view.device);
    let rows = pending.get(day);
    if (!rows) pending.set(day, (rows = new Map()));
    let row = rows.get(rowKey);
    if (!row && pendingRows >= limits.rowsPerWrite && referrer !== OTHER_SOURCES) {
      // The buffer is full: rather than lose the view, count it without its source.
      [referrer, utm] = [OTHER_SOURCES, NO_UTM];
      rowKey = keyOf(view.path, referrer, utm, view.device);
      row = rows.get(rowKey);
    }
    if (!row) {
      row = {
        path: view.path,
        referrer,
        utm,
        device: view.device,
        views: 0,
        clients: new Map(),
        visitors: new Set(),
      };
      rows.set(rowKey, row);
      pendingRows++;
    }
    row.views++;
    const userAgent = view.userAgent.slice(0, USER_AGENT_KEPT);
    const agents = row.clients.get(view.ip);
    if (agents?.has(userAgent)) return;
    if (clientsHeld >= limits.clientsPerWrite) {
      unidentified++;
      return;
    }
    clientsHeld++;
    if (agents) agents.add(userAgent);
    else row.clients.set(view.ip, new Set([userAgent]));
  }

  /** Replaces the clients of a day's rows by their hashes under the day's secret (none without it). */
  function hashClients(day: string, rows: Iterable<Row>) {
    const secret = secrets.get(day);
    for (const row of rows) {
      if (secret) {
        for (const [ip, agents] of row.clients) {
          for (const agent of agents) {
            row.visitors.add(createHmac("sha256", secret).update(`${ip}\n${agent}`).digest("base64url"));
          }
        }
      } else if (row.clients.size > 0 && warnedNoSecret !== day) {
        warnedNoSecret = day;
        log.warn("traffic: views counted without visitors: the day's secret could not be read", { day });
      }
      row.clients.clear();
    }
  }

  /** Today's and tomorrow's secrets, read (or made) in the database. */
  async function holdSecrets(today: string) {
    const days = [today, addDays(today, 1)];
    const missing = days.filter((day) => !secrets.has(day));
    if (missing.length === 0) return;
    const values = missing.map((day) => sql`(${day}::date, ${randomBytes(32).toString("base64url")})`);
    await store.db.execute(
      sql`insert into traffic_secrets (day, secret) values ${sql.join(values, sql`, `)} on conflict do nothing`,
    );
    const rows = await store.db.execute<{ day: string; secret: string }>(
      sql`select day::text as day, secret from traffic_secrets where day in (${sql.join(
        missing.map((day) => sql`${day}::date`),
        sql`, `,
      )})`,
    );
    for (const row of rowsOf<{ day: string; secret: string }>(rows)) {
      secrets.set(
        row.day,
        createSecretKey(createHmac("sha256", key).update(`traffic-day:${row.day}:${row.secret}`).digest()),
      );
    }
  }

  /**
   * Once the day has turned (and a few flushes have passed, so every process
   * has written the day before): its secret and its marks leave the database.
   */
  async function forgetEarlierDays(today: string, time: number) {
    if (forgottenBefore === today || time - londonMidnight(today).getTime() < 3 * flushMs) return;
    await store.db.execute(sql`delete from traffic_secrets where day < ${today}::date`);
    await store.db.execute(sql`delete from traffic_marks where day < ${today}::date`);
    for (const day of remembered.keys()) if (day < today) remembered.delete(day);
    forgottenBefore = today;
  }

  /** Writes one day's rows (./write-day.server.ts) and remembers the marks it wrote. */
  async function writeDay(day: string, rows: Row[]) {
    const sent = marksSent.get(day) ?? 0;
    if (sent >= limits.marksPerDay) {
      // The views still count; their visitors no longer do today.
      for (const row of rows) row.visitors.clear();
      if (marksReported !== day) {
        marksReported = day;
        log.warn("traffic: the day's visitor marks reached their limit; new visitors count as views only", {
          day,
          limit: limits.marksPerDay,
        });
      }
    }
    const marks = await writeTrafficDay(store, day, rows, remembered.get(day));
    marksSent.set(day, sent + marks.size);
    let memory = remembered.get(day);
    if (!memory || memory.size + marks.size > MAX_REMEMBERED_MARKS) remembered.set(day, (memory = new Set()));
    for (const mark of marks.keys()) memory.add(mark);
  }

  /** Puts rows that could not be written back into the buffer (their visitors too). */
  function putBack(day: string, rows: Row[]) {
    let buffer = pending.get(day);
    if (!buffer) pending.set(day, (buffer = new Map()));
    for (const row of rows) {
      const rowKey = keyOf(row.path, row.referrer, row.utm, row.device);
      const held = buffer.get(rowKey);
      if (held) {
        held.views += row.views;
        for (const [ip, agents] of row.clients) {
          const heldAgents = held.clients.get(ip);
          if (heldAgents) for (const agent of agents) heldAgents.add(agent);
          else held.clients.set(ip, agents);
        }
        for (const visitor of row.visitors) held.visitors.add(visitor);
      } else if (pendingRows < limits.rowsPerWrite) {
        buffer.set(rowKey, row);
        pendingRows++;
      } else dropped += row.views;
    }
  }

  /** Writes everything buffered, day by day; what fails stays buffered for the next time. */
  async function flushNow() {
    const days = [...pending.entries()].sort(([a], [b]) => a.localeCompare(b));
    pending.clear();
    pendingRows = 0;
    clientsHeld = 0;
    for (const [day, buffer] of days) {
      const rows = [...buffer.values()];
      if (rows.length === 0) continue;
      hashClients(day, rows);
      try {
        try {
          await writeDay(day, rows);
        } catch (error) {
          // A deadlock or serialisation failure (PostgreSQL chose this statement to undo): once more.
          const code =
            (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
          if (code !== "40P01" && code !== "40001") throw error;
          await writeDay(day, rows);
        }
      } catch (error) {
        putBack(day, rows);
        log.error("traffic figures could not be written; kept for the next try", { err: error, day });
      }
    }
    if (dropped > 0) {
      log.warn("traffic figures dropped: too many waiting to be written", { views: dropped });
      dropped = 0;
    }
    if (unidentified > 0) {
      log.warn("traffic: views counted without their visitors: too many clients between two writes", {
        views: unidentified,
      });
      unidentified = 0;
    }
  }

  /** One at a time: a flush, a secret read or a day forgotten waits for the one before. */
  function serially<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(fn, fn);
    chain = run.catch(() => {});
    return run;
  }

  /**
   * What the timer does: holds today's secret (and tomorrow's), writes the
   * buffer (the views of a day that has just ended with its secret), then
   * lets go of the secrets of the days before, and once the day has turned
   * (a few writes later) forgets them in the database.
   */
  function tick() {
    return serially(async () => {
      const time = now().getTime();
      const today = dayAt(time);
      try {
        await holdSecrets(today);
      } catch (error) {
        log.error("traffic: the day's secret could not be read", { err: error });
      }
      await flushNow();
      for (const held of [secrets, marksSent]) for (const day of held.keys()) if (day < today) held.delete(day);
      sources.forgetBefore(today);
      try {
        await sources.seed(today);
      } catch (error) {
        log.error("traffic: the day's sources could not be read", { err: error });
      }
      try {
        await forgetEarlierDays(today, time);
      } catch (error) {
        log.error("traffic: the days before could not be forgotten", { err: error });
      }
    });
  }

  return {
    record,
    /** Reads today's secret, then writes the buffer every `flushMs` (the timer does not keep the process alive). */
    async start() {
      await tick();
      timer ??= setInterval(() => void tick(), flushMs);
      timer.unref();
    },
    /** Writes what is buffered now. */
    flush: () => serially(flushNow),
    tick,
    /** Stops the timer and writes what is buffered (the process is stopping). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await serially(flushNow);
    },
    /** Tests: the London days whose secret this process holds. */
    heldSecretDays: () => [...secrets.keys()].sort(),
    /** Tests: views buffered, not yet written. */
    pendingViews: () =>
      [...pending.values()].reduce((sum, rows) => sum + [...rows.values()].reduce((n, row) => n + row.views, 0), 0),
  };
}
