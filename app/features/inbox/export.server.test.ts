import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { exportBatches } from "./inbox.server";
import { bothEngines } from "../../../test/support/engines";
import { drain, inboxActor as by, inboxMember as member, openInbox } from "../../../test/support/inbox";
import { staffUsers } from "~/features/sign-in/tables.server";
import type { Site } from "~/site.server";

/** The inbox's export (filters, London days, batches, its audit row) on the embedded database and on PostgreSQL. */
const { engines, open } = bothEngines<Site>();

describe.each(engines)("inbox export on $name", (engine) => {
  const start = () => openInbox(engine, open);

  test("export returns every row of the filter, and is audited without the search text", async () => {
    const { inbox, seed, audits } = await start();
    for (let i = 0; i < 60; i++) await seed();
    const grace = await seed({
      payload: { name: '=HYPERLINK("http://evil")', email: "grace@example.org", organization: "Navy" },
      deliveries: [{ kind: "notification", status: "dead" }],
    });
    expect((await drain(await inbox.export({}, by))).rows).toHaveLength(61);
    const { rows } = await drain(await inbox.export({ q: "grace@", problem: true }, by));
    expect(rows).toEqual([
      {
        id: grace.id,
        receivedAt: expect.any(Date),
        kind: "contact",
        handledAt: null,
        assignee: null,
        payload: { name: '=HYPERLINK("http://evil")', email: "grace@example.org", organization: "Navy" },
        deliveries: { notification: "dead" },
      },
    ]);
    const exported = (await audits()).filter((a) => a.action === "export");
    expect(exported.map((a) => a.detail)).toEqual([
      { rows: 61, kind: null, state: null, problem: false, search: false, from: null, to: null, assigned: null },
      { rows: 1, kind: null, state: null, problem: true, search: true, from: null, to: null, assigned: null },
    ]);
    expect(JSON.stringify(exported)).not.toContain("grace");
  });

  test("each row says who it is assigned to: their name (their address when they have none) and address", async () => {
    const { store, inbox, seed } = await start();
    await store.db.insert(staffUsers).values({ id: "staff-2", email: "grace@maternis.test", name: "" });
    const [a, b, c] = [await seed(), await seed(), await seed()];
    await inbox.bulk([a.id], { action: "assign", memberId: member.id }, by);
    await inbox.bulk([b.id], { action: "assign", memberId: "staff-2" }, by);
    const assignees = Object.fromEntries(
      (await drain(await inbox.export({}, by))).rows.map((row) => [row.id, row.assignee]),
    );
    expect(assignees).toEqual({
      [a.id]: { name: "Ada Lovelace", email: "ada@maternis.test" },
      [b.id]: { name: "grace@maternis.test", email: "grace@maternis.test" },
      [c.id]: null,
    });
  });

  test("a date range is whole London days, in summer time and in winter", async () => {
    const { inbox, seed, audits } = await start();
    const at = (iso: string) => seed({ at: new Date(iso) });
    // 1 July 2026 in London (BST) runs from 30 June 23:00 UTC to 1 July 23:00 UTC.
    await at("2026-06-30T22:59:59.999Z");
    const firstJuly = [await at("2026-06-30T23:00:00.000Z"), await at("2026-07-01T22:59:59.999Z")];
    await at("2026-07-01T23:00:00.000Z");
    // 1 December 2026 (GMT) is the UTC day.
    const firstDecember = await at("2026-12-01T00:00:00.000Z");
    await at("2026-11-30T23:59:59.999Z");
    await at("2026-12-02T00:00:00.000Z");

    const ids = async (from?: string, to?: string) =>
      (await drain(await inbox.export({ from, to }, by))).rows.map((row) => row.id).sort();
    expect(await ids("2026-07-01", "2026-07-01")).toEqual(firstJuly.map((row) => row.id).sort());
    expect(await ids("2026-12-01", "2026-12-01")).toEqual([firstDecember.id]);
    // Open-ended: from a day on, up to a day.
    expect(await ids("2026-12-01")).toHaveLength(2);
    expect(await ids(undefined, "2026-06-30")).toHaveLength(1);
    // The inbox's list applies the same range (positive control: without it, all seven).
    expect((await inbox.list({ from: "2026-07-01", to: "2026-07-01" }, 1)).total).toBe(2);
    expect((await inbox.list({}, 1)).total).toBe(7);
    const detail = (await audits()).filter((a) => a.action === "export")[0]?.detail;
    expect(detail).toMatchObject({ rows: 2, from: "2026-07-01", to: "2026-07-01" });
  });

  test("an export reads a batch at a time, with no row lost or repeated where received times differ by microseconds", async () => {
    const { store, seed } = await start();
    for (let i = 0; i < 20; i++) await seed();
    // Twelve rows within one millisecond (a JavaScript Date cannot tell them apart), several at the same microsecond.
    await store.db.execute(sql`
      update enquiries set created_at = '2026-03-01 10:00:00.123000+00'::timestamptz
        + make_interval(secs => (ascii(right(id::text, 1)) % 3) * 0.000001)
      where id in (select id from enquiries order by id limit 12)`);
    const once = await drain(exportBatches(store.db, {}, { batchSize: 1000 }));
    const batched = await drain(exportBatches(store.db, {}, { batchSize: 3 }));
    expect(once.sizes).toEqual([20]);
    expect(batched.sizes).toEqual([3, 3, 3, 3, 3, 3, 2]);
    expect(batched.rows.map((row) => row.id)).toEqual(once.rows.map((row) => row.id));
    expect(new Set(batched.rows.map((row) => row.id)).size).toBe(20);
    // A limit stops mid-batch.
    expect((await drain(exportBatches(store.db, {}, { batchSize: 3, limit: 7 }))).sizes).toEqual([3, 3, 1]);
  });
});
