import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { createMemoryLogger } from "~/platform/log.server";
import type { StaffMember } from "~/features/console/types";
import type { Store } from "~/platform/db/db.server";
import { openTestStore, preparedDataDir } from "../../../test/support/pglite";
import { startPostgres, type TestPostgres } from "../../../test/support/postgres";
import { waitFor } from "../../../test/support/wait";
import { createBanner, type Banner } from "./banner.server";
import { auditLog } from "~/features/audit/tables.server";

const admin: StaffMember = { id: "u-admin", email: "admin@maternis.test", name: "Ada Admin", role: "admin" };
const by = { member: admin, meta: { fingerprint: "f00dfeedf00dfeed" } };
const input = {
  message: "Meet us at the Accra Health Summit.",
  linkLabel: "Book a meeting",
  linkHref: "/contact",
  startsAt: null,
  endsAt: null,
};

describe.each(["pglite", "postgres"] as const)("the published banner on %s", (engine) => {
  let store: Store;
  let banner: Banner;
  let postgres: TestPostgres | undefined;
  let databaseUrl: string | undefined;
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    if (engine === "postgres") {
      postgres = await startPostgres();
      databaseUrl = await postgres.createDatabase();
      store = await openTestStore({ DATABASE_URL: databaseUrl });
    } else {
      const data = await preparedDataDir();
      store = await openTestStore({ DATA_DIR: data.dir });
      cleanups.push(data.remove);
    }
    banner = await createBanner({ store, log: createMemoryLogger(), auditSecret: "test-secret" });
  }, 120_000);

  afterAll(async () => {
    await banner?.close();
    await store?.close();
    for (const cleanup of cleanups) await cleanup();
    await postgres?.stop();
  });

  test("defaults to the content module's announcement until staff publish one", () => {
    expect(banner.source.state(new Date())).toEqual({ kind: "default" });
  });

  test("publishing shows a new announcement with a new id, and is audited", async () => {
    const changes: number[] = [];
    banner.onChange(() => changes.push(1));
    const first = await banner.editor.publish(input, by);
    const state = banner.source.state(new Date());
    expect(state).toEqual({
      kind: "published",
      announcement: { id: first.id, message: input.message, link: { label: "Book a meeting", to: "/contact" } },
    });
    const second = await banner.editor.publish({ ...input, message: "Now in Lagos." }, by);
    expect(second.id).not.toBe(first.id);
    expect(banner.source.state(new Date())).toMatchObject({
      announcement: { id: second.id, message: "Now in Lagos." },
    });
    expect(changes.length).toBeGreaterThanOrEqual(2);
    const audit = await store.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "banner-published"))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.target)).toEqual([first.id, second.id]);
    expect(audit.map((row) => row.actor)).toEqual([admin.email, admin.email]);
  });

  test("an announcement shows only within its window", async () => {
    const startsAt = new Date("2030-01-10T09:00:00Z");
    const endsAt = new Date("2030-01-12T17:00:00Z");
    await banner.editor.publish({ ...input, startsAt, endsAt }, by);
    expect(banner.source.state(new Date("2030-01-10T08:59:59Z"))).toEqual({ kind: "published", announcement: null });
    expect(banner.source.state(new Date("2030-01-10T09:00:00Z"))).toMatchObject({
      announcement: { message: input.message },
    });
    expect(banner.source.state(new Date("2030-01-12T17:00:00Z"))).toEqual({ kind: "published", announcement: null });
  });

  test("unpublishing leaves no banner (not the default), and is audited", async () => {
    await banner.editor.publish(input, by);
    expect(await banner.editor.unpublish(by)).toBe(true);
    expect(banner.source.state(new Date())).toEqual({ kind: "published", announcement: null });
    expect(await banner.editor.unpublish(by)).toBe(false);
    const audit = await store.db.select().from(auditLog).where(eq(auditLog.action, "banner-unpublished"));
    expect(audit).toHaveLength(1);
  });
});

describe("the published banner on PostgreSQL with two web processes", () => {
  let postgres: TestPostgres;
  let databaseUrl: string;
  let store: Store;
  let banner: Banner;

  beforeAll(async () => {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
    store = await openTestStore({ DATABASE_URL: databaseUrl });
    banner = await createBanner({ store, log: createMemoryLogger(), auditSecret: "test-secret" });
  }, 120_000);

  afterAll(async () => {
    await banner?.close();
    await store?.close();
    await postgres?.stop();
  });

  test("another process sees a publish within seconds (LISTEN/NOTIFY)", async () => {
    const otherStore = await openTestStore({ DATABASE_URL: databaseUrl });
    const other = await createBanner({ store: otherStore, log: createMemoryLogger(), auditSecret: "test-secret" });
    try {
      let notified = 0;
      other.onChange(() => notified++);
      const published = await banner.editor.publish({ ...input, message: "Seen everywhere." }, by);
      await waitFor(() => notified > 0, { timeoutMs: 5000 });
      expect(other.source.state(new Date())).toMatchObject({ announcement: { id: published.id } });
    } finally {
      await other.close();
      await otherStore.close();
    }
  });
});
