import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { DELIVERY_QUEUE } from "~/features/enquiries/queues.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { staffUsers } from "~/features/sign-in/tables.server";
import { staffMailJobs } from "../../../test/support/staff-auth";
import { exportBatches } from "./inbox.server";
import { bothEngines } from "../../../test/support/engines";
import { drain, inboxActor as by, inboxMember as member, openInbox } from "../../../test/support/inbox";
import type { Site } from "~/site.server";

/** The inbox's changes (notes, handled, bulk triage, retry), each audited, on the embedded database and on PostgreSQL. */
const { engines, open } = bothEngines<Site>();

describe.each(engines)("inbox changes on $name", (engine) => {
  const start = () => openInbox(engine, open);

  test("notes, handled and reopen, each with its audit row", async () => {
    const { inbox, seed, audits } = await start();
    const { id } = await seed();
    expect(await inbox.addNote(id, "  Called back, sending pricing.  ", by)).toEqual({ ok: true });
    await expect(inbox.addNote(id, "   ", by)).rejects.toThrow(/Enter a note/);
    // A NUL would make the database refuse the row: the note is refused before it gets there.
    await expect(inbox.addNote(id, "Called\u0000 back", by)).rejects.toThrow(/characters that are not allowed/);
    expect(await inbox.addNote(randomUUID(), "Lost", by)).toEqual({ ok: false });

    expect(await inbox.markHandled(id, by)).toEqual({ ok: true });
    expect(await inbox.markHandled(id, by)).toEqual({ ok: false, reason: "unchanged" });
    const handled = await inbox.get(id, by);
    expect(handled!.handled).toMatchObject({ by: "Ada Lovelace" });
    expect(handled!.notes).toMatchObject([
      { author: "Ada Lovelace (ada@maternis.test)", body: "Called back, sending pricing." },
    ]);
    expect((await inbox.list({ state: "handled" }, 1)).rows.map((r) => r.id)).toEqual([id]);

    expect(await inbox.reopen(id, by)).toEqual({ ok: true });
    expect(await inbox.reopen(id, by)).toEqual({ ok: false, reason: "unchanged" });
    expect(await inbox.reopen(randomUUID(), by)).toEqual({ ok: false, reason: "not-found" });
    expect((await inbox.get(id, by))!.handled).toBeNull();

    expect((await audits()).map((a) => [a.action, a.target])).toEqual([
      ["note", id],
      ["marked-handled", id],
      ["enquiry-viewed", id],
      ["reopened", id],
      ["enquiry-viewed", id],
    ]);
  });

  test("bulk: mark handled, reopen, assign and move to spam in one go, one audit row per enquiry changed", async () => {
    const { store, inbox, seed, audits } = await start();
    const grace = { id: "staff-2", email: "grace@maternis.test", name: "Grace Hopper" };
    await store.db.insert(staffUsers).values(grace);
    const [a, b, c] = [(await seed()).id, (await seed({ handled: true })).id, (await seed()).id];
    const gone = randomUUID();

    // b is already handled, `gone` has no enquiry, "nope" is not an id: only a and c change.
    expect(await inbox.bulk([a, b, c, gone, "nope"], { action: "handled" }, by)).toEqual({
      changed: 2,
      unchanged: 1,
      missing: 2,
    });
    expect((await inbox.list({ state: "handled" }, 1)).rows.map((r) => r.id).sort()).toEqual([a, b, c].sort());
    expect(await inbox.bulk([a, b], { action: "reopen" }, by)).toEqual({ changed: 2, unchanged: 0, missing: 0 });
    expect((await inbox.list({ state: "new" }, 1)).rows.map((r) => r.id).sort()).toEqual([a, b].sort());

    expect(await inbox.bulk([a, b], { action: "assign", memberId: grace.id }, by)).toMatchObject({ changed: 2 });
    // Grace is told, in one e-mail: links to both and who assigned them (not in the subject, which is logged); nobody's words or name.
    const [told, ...more] = await staffMailJobs(store);
    expect(more).toEqual([]);
    expect(told!.data.message).toMatchObject({ to: [grace.email], subject: "2 enquiries assigned to you" });
    expect(told!.data.message.text).toContain("Ada Lovelace assigned you 2 enquiries");
    for (const id of [a, b])
      expect(told!.data.message.text).toContain(`https://www.maternis.health/staff/enquiries/${id}`);
    expect(told!.data.message.text).toContain("https://www.maternis.health/staff?assigned=mine");
    expect(told!.data.message.text).not.toMatch(/Person \d|@example/);
    // Nothing more: an assignment that changes nothing, one's own, a refused one, or taking one away.
    expect(await inbox.bulk([a], { action: "assign", memberId: grace.id }, by)).toMatchObject({
      changed: 0,
      unchanged: 1,
    });
    expect(await inbox.bulk([c], { action: "assign", memberId: member.id }, by)).toMatchObject({ changed: 1 });
    await expect(inbox.bulk([c], { action: "assign", memberId: "no-such-member" }, by)).rejects.toThrow(
      /no such member/,
    );
    const rows = (await inbox.list({}, 1)).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.assignee]))).toEqual({
      [a]: "Grace Hopper",
      [b]: "Grace Hopper",
      [c]: "Ada Lovelace",
    });
    expect((await inbox.get(a, by))!.assignee).toBe("Grace Hopper");

    // "Mine" is the member asking; nobody; a member by id. An export takes the same filter.
    expect((await inbox.list({ assigned: "mine" }, 1, by)).rows.map((r) => r.id)).toEqual([c]);
    expect((await inbox.list({ assigned: grace.id }, 1, by)).rows.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect((await inbox.list({ assigned: "nobody" }, 1, by)).total).toBe(0);
    expect(await inbox.bulk([b], { action: "assign", memberId: null }, by)).toMatchObject({ changed: 1 });
    expect(await staffMailJobs(store)).toHaveLength(1);
    expect((await inbox.list({ assigned: "nobody" }, 1, by)).rows.map((r) => r.id)).toEqual([b]);
    expect((await drain(await inbox.export({ assigned: "mine" }, by))).rows.map((r) => r.id)).toEqual([c]);
    // Without a member (the operator CLI), "mine" is nobody's.
    expect((await drain(exportBatches(store.db, { assigned: "mine" }))).rows).toEqual([]);

    // Moved to spam: out of the inbox, into the Spam view as moved by staff; a second move changes nothing.
    expect(await inbox.bulk([a, c], { action: "spam" }, by)).toMatchObject({ changed: 2 });
    expect(await inbox.bulk([a], { action: "spam" }, by)).toMatchObject({ changed: 0, unchanged: 1 });
    expect((await inbox.list({}, 1)).rows.map((r) => r.id)).toEqual([b]);
    const moved = await store.db.select({ reason: enquiries.spamReason }).from(enquiries).where(eq(enquiries.id, a));
    expect(moved).toEqual([{ reason: "staff" }]);

    const trail = (await audits()).filter((row) => row.action !== "enquiry-viewed" && row.action !== "export");
    expect(trail.map((row) => [row.action, row.target, row.detail])).toEqual(
      expect.arrayContaining([
        ["marked-handled", a, null],
        ["marked-handled", c, null],
        ["reopened", a, null],
        ["reopened", b, null],
        ["assigned", a, { to: grace.id }],
        ["assigned", b, { to: grace.id }],
        ["assigned", c, { to: member.id }],
        ["assigned", b, { to: null }],
        ["moved-to-spam", a, null],
        ["moved-to-spam", c, null],
      ]),
    );
    // One row per enquiry changed, none for those unchanged or missing.
    expect(trail).toHaveLength(10);
  });

  test("an enquiry in spam is no longer in the inbox: only a move to spam reaches it, nobody is told of it", async () => {
    const { store, inbox, seed, audits } = await start();
    const grace = { id: "staff-2", email: "grace@maternis.test", name: "Grace Hopper" };
    await store.db.insert(staffUsers).values(grace);
    // Suspected by the form's guard, moved there by staff, and (the positive control) one in the inbox.
    const [suspected, moved, kept] = [(await seed({ spam: true })).id, (await seed()).id, (await seed()).id];
    expect(await inbox.bulk([moved], { action: "spam" }, by)).toMatchObject({ changed: 1 });
    await store.db.update(enquiries).set({ handledAt: new Date() }).where(eq(enquiries.id, moved));

    const all = [suspected, moved, kept];
    expect(await inbox.bulk(all, { action: "handled" }, by)).toEqual({ changed: 1, unchanged: 0, missing: 2 });
    expect(await inbox.bulk(all, { action: "reopen" }, by)).toEqual({ changed: 1, unchanged: 0, missing: 2 });
    expect(await inbox.bulk(all, { action: "assign", memberId: grace.id }, by)).toEqual({
      changed: 1,
      unchanged: 0,
      missing: 2,
    });
    // Grace is told of the one in the inbox only.
    const [told, ...more] = await staffMailJobs(store);
    expect(more).toEqual([]);
    expect(told!.data.message.to).toEqual([grace.email]);
    expect(told!.data.message.text).toContain(`/staff/enquiries/${kept}`);
    for (const id of [suspected, moved]) expect(told!.data.message.text).not.toContain(id);
    // Already in spam: unchanged, not missing, for the one action that reaches them.
    expect(await inbox.bulk(all, { action: "spam" }, by)).toEqual({ changed: 1, unchanged: 2, missing: 0 });

    // One enquiry's page: in spam, neither marked handled nor reopened, and it says why.
    expect(await inbox.markHandled(suspected, by)).toEqual({ ok: false, reason: "spam" });
    expect(await inbox.reopen(moved, by)).toEqual({ ok: false, reason: "spam" });
    const rows = await store.db
      .select({ id: enquiries.id, handledAt: enquiries.handledAt, assignedTo: enquiries.assignedTo })
      .from(enquiries)
      .where(inArray(enquiries.id, [suspected, moved]));
    expect(
      rows.map((row) => [row.id === moved ? "moved" : "suspected", Boolean(row.handledAt), row.assignedTo]).sort(),
    ).toEqual([
      ["moved", true, null],
      ["suspected", false, null],
    ]);
    const touched = (await audits()).filter(
      (row) => row.target === suspected || (row.target === moved && row.action !== "moved-to-spam"),
    );
    expect(touched).toEqual([]);
  });

  test("retry re-queues only a dead-lettered e-mail, with a job for the worker, audited", async () => {
    const { store, inbox, seed, audits } = await start();
    const { id, deliveries: d } = await seed({
      deliveries: [
        { kind: "notification", status: "dead" },
        { kind: "acknowledgement", status: "sent" },
      ],
    });
    expect(await inbox.retryDelivery(id, d.acknowledgement!, by)).toEqual({ ok: false, reason: "not-dead" });
    expect(await inbox.retryDelivery(id, randomUUID(), by)).toEqual({ ok: false, reason: "not-found" });
    // Another enquiry's page cannot retry this one's e-mail.
    expect(await inbox.retryDelivery(randomUUID(), d.notification!, by)).toEqual({ ok: false, reason: "not-found" });
    expect(await inbox.retryDelivery(id, d.notification!, by)).toEqual({ ok: true, enquiryId: id });

    const [row] = await store.db.select().from(deliveries).where(eq(deliveries.id, d.notification!));
    expect(row).toMatchObject({ status: "queued", lastError: null });
    const jobs = (await store.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${DELIVERY_QUEUE} and data->>'deliveryId' = ${d.notification!}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(jobs.rows[0]!.n)).toBe(1);
    // The Message-ID the worker will use is the one the page shows: derived from the delivery.
    const shown = (await inbox.get(id, by))!.deliveries.find((delivery) => delivery.kind === "notification");
    expect(shown!.messageId).toBe(`<${id}.notification@www.maternis.health>`);
    expect((await audits()).filter((a) => a.action === "retry")).toMatchObject([
      { target: d.notification, detail: { enquiry: id, kind: "notification" } },
    ]);
    const untouched = await store.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.id, d.acknowledgement!), eq(deliveries.status, "sent")));
    expect(untouched).toHaveLength(1);
  });
});
