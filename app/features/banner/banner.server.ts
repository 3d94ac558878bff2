import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { desc, isNull, sql } from "drizzle-orm";
import pg from "pg";
import {
  showsAt,
  toAnnouncement,
  type AnnouncementInput,
  type BannerSource,
  type PublishedAnnouncement,
} from "~/features/banner/banner";
import type { StaffAct } from "~/features/audit";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/index.server";
import { siteAnnouncements } from "~/features/banner/tables.server";

/** The NOTIFY channel a publish or unpublish signals on, so every web process reloads. */
export const BANNER_CHANNEL = "site_announcements";

/** Timers longer than this are re-armed (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

type Deps = { store: Store; log: Logger; auditSecret: string; now?: () => Date };

/**
 * Each process keeps the newest announcement in memory (pages read it
 * synchronously while rendering). A change commits with a NOTIFY; on
 * PostgreSQL every process LISTENs on a connection of its own and reloads
 * within moments; the embedded database has only one process, which
 * reloads at once. A timer fires when a scheduled start or end passes.
 */
export async function createBanner({ store, log, auditSecret, now = () => new Date() }: Deps) {
  const events = new EventEmitter();
  let latest: PublishedAnnouncement | null = null;
  let boundaryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  async function reload() {
    const [row] = await store.db.select().from(siteAnnouncements).orderBy(desc(siteAnnouncements.publishedAt)).limit(1);
    latest = row ?? null;
    armBoundaryTimer();
  }

  function changed() {
    events.emit("change");
  }

  /** The next start or end of the current announcement, so pages follow it without a request. */
  function armBoundaryTimer() {
    clearTimeout(boundaryTimer);
    if (closed || !latest || latest.unpublishedAt) return;
    const at = now().getTime();
    const next = [latest.startsAt, latest.endsAt]
      .map((date) => date?.getTime())
      .filter((time): time is number => time !== undefined && time > at)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const wait = Math.min(next - at + 50, MAX_TIMER_MS);
    boundaryTimer = setTimeout(() => {
      armBoundaryTimer();
      if (now().getTime() >= next) changed();
    }, wait);
    boundaryTimer.unref();
  }

  async function afterCommit() {
    await reload();
    changed();
  }

  await reload();
  const listener = store.engine === "postgres" ? await listen() : undefined;

  async function listen() {
    const connection = store.bossConnection;
    if (!("connectionString" in connection)) return undefined;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (closed) return;
      const next = new pg.Client({
        connectionString: connection.connectionString,
        application_name: "maternis-banner",
      });
      next.on("notification", () => {
        reload().then(changed, (error: unknown) => log.error("banner reload failed", { err: error }));
      });
      next.on("error", (error) => {
        log.warn("banner listener lost its connection; reconnecting", { err: error });
        void next.end().catch(() => {});
        schedule();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${BANNER_CHANNEL}`);
        client = next;
        // Whatever changed while the connection was down.
        await afterCommit();
      } catch (error) {
        log.warn("banner listener could not connect; retrying", { err: error });
        void next.end().catch(() => {});
        schedule();
      }
    };
    const schedule = () => {
      if (closed) return;
      clearTimeout(retry);
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    await connect();
    return {
      async close() {
        clearTimeout(retry);
        await client?.end().catch(() => {});
      },
    };
  }

  /** The console's banner editor (admins). */
  const editor = {
    /** The newest published row (live, scheduled, expired or withdrawn), if any. */
    async latest(): Promise<PublishedAnnouncement | null> {
      await reload();
      return latest;
    },
    /** Publishes a new announcement (a new id), replacing the current one; audited. */
    async publish(input: AnnouncementInput, { member, meta }: StaffAct): Promise<PublishedAnnouncement> {
      const id = randomUUID();
      const row = await store.transaction(async (tx) => {
        await tx
          .update(siteAnnouncements)
          .set({ unpublishedAt: sql`now()`, unpublishedBy: member.email })
          .where(isNull(siteAnnouncements.unpublishedAt));
        const [inserted] = await tx
          .insert(siteAnnouncements)
          .values({ id, ...input, publishedBy: member.email })
          .returning();
        await recordAudit(tx, auditSecret, {
          action: "banner-published",
          actor: { member },
          target: id,
          detail: { startsAt: input.startsAt?.toISOString() ?? null, endsAt: input.endsAt?.toISOString() ?? null },
          meta,
        });
        await tx.execute(sql`select pg_notify(${BANNER_CHANNEL}, ${id})`);
        return inserted!;
      });
      await afterCommit();
      return row;
    },
    /** Withdraws the current announcement: no banner until the next publish; audited. */
    async unpublish({ member, meta }: StaffAct): Promise<boolean> {
      const withdrawn = await store.transaction(async (tx) => {
        const rows = await tx
          .update(siteAnnouncements)
          .set({ unpublishedAt: sql`now()`, unpublishedBy: member.email })
          .where(isNull(siteAnnouncements.unpublishedAt))
          .returning({ id: siteAnnouncements.id });
        if (rows.length === 0) return false;
        await recordAudit(tx, auditSecret, {
          action: "banner-unpublished",
          actor: { member },
          target: rows[0]!.id,
          meta,
        });
        await tx.execute(sql`select pg_notify(${BANNER_CHANNEL}, ${rows[0]!.id})`);
        return true;
      });
      if (withdrawn) await afterCommit();
      return withdrawn;
    },
  };

  const source: BannerSource = {
    state(at) {
      if (!latest) return { kind: "default" };
      return { kind: "published", announcement: showsAt(latest, at) ? toAnnouncement(latest) : null };
    },
  };
  return {
    editor,
    source,
    /** Called after the banner changed: a publish here or on another process, or a start or end time passing. */
    onChange(fn: () => void) {
      events.on("change", fn);
    },
    async close() {
      closed = true;
      clearTimeout(boundaryTimer);
      await listener?.close();
    },
  };
}

/** The banner: the console's editor, the site's source, and its change events. */
export type Banner = Awaited<ReturnType<typeof createBanner>>;
