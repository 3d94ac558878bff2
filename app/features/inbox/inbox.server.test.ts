import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { InboxActor } from "~/features/inbox/inbox";
import type { DeliveryKind, EnquiryKind } from "~/features/enquiries/kinds";
import type { Site } from "~/site.server";
import { DELIVERY_QUEUE } from "~/features/enquiries/queues.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import type { DeliveryStatus } from "~/platform/db/columns.server";
import { openPipeline, testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import { staffMailJobs } from "../../../test/support/staff-auth";
import { maintainEmbedded } from "~/features/enquiries/operations.server";
import { createInbox, exportBatches } from "./inbox.server";
import type { ExportBatches, ExportRow } from "~/features/inbox/inbox";

/** Every row of an export, its batches joined, and the size of each batch. */
async function drain(batches: ExportBatches) {
  const rows: ExportRow[] = [];
  const sizes: number[] = [];
  for await (const batch of batches) {
    rows.push(...batch);
    sizes.push(batch.length);
  }
  return { rows, sizes };
}
import { auditLog } from "~/features/audit/tables.server";
import { staffUsers } from "~/features/sign-in/tables.server";

/** The inbox's queries and actions on the embedded database and on PostgreSQL. */
const { engines, open } = bothEngines<Site>();

const member = { id: "staff-1", email: "ada@maternis.test", name: "Ada Lovelace", role: "staff" as const };
const by: InboxActor = { member, meta: { fingerprint: "fp-0123456789abcd" } };

type Seed = {
  kind?: EnquiryKind;
  payload?: Record<string, string>;
  minutesAgo?: number;
  /** Received at this instant (instead of minutesAgo). */
  at?: Date;
  handled?: boolean;
  spam?: boolean;
  deliveries?: { kind: DeliveryKind; status: DeliveryStatus; minutesAgo?: number; providerMessageId?: string }[];
};

describe.each(engines)("inbox on $name", (engine) => {
  async function start() {
    const pipeline = await openPipeline(testEnv(await engine.database()), false);
    open.push(pipeline);
    const { store, boss } = pipeline.platform;
    await store.db.insert(staffUsers).values({ id: member.id, email: member.email, name: member.name });
    const secret = pipeline.platform.keys.FINGERPRINT_KEY;
    const inbox = createInbox({
      store,
      boss,
      secret,
      siteUrl: "https://www.maternis.health",
      mailFrom: "Maternis <hello@maternis.test>",
    });
    let n = 0;
    async function seed(s: Seed = {}) {
      const id = randomUUID();
      const kind = s.kind ?? "contact";
      n++;
      const payload = s.payload ?? {
        name: `Person ${n}`,
        email: `person${n}@example.org`,
        organization: `Clinic ${n}`,
        interest: "partnership",
        message: "Hello",
      };
      const at = s.at ?? new Date(Date.now() - (s.minutesAgo ?? n) * 60_000);
      await store.db.insert(enquiries).values({
        id,
        kind,
        payload,
        email: payload.email!.toLowerCase(),
        clientFingerprint: "fp",
        createdAt: at,
        handledAt: s.handled ? at : null,
        handledBy: s.handled ? member.id : null,
        spamReason: s.spam ? "honeypot" : null,
      });
      const ids: Record<string, string> = {};
      for (const d of s.deliveries ?? [{ kind: "notification", status: "sent" }]) {
        ids[d.kind] = randomUUID();
        await store.db.insert(deliveries).values({
          id: ids[d.kind]!,
          enquiryId: id,
          kind: d.kind,
          recipient: d.kind === "notification" ? "enquiries@maternis.test" : payload.email!,
          status: d.status,
          attempts: d.status === "queued" ? 0 : 3,
          lastError: d.status === "dead" || d.status === "failed" ? "421 try later" : null,
          providerMessageId: d.providerMessageId ?? null,
          sentAt: d.status === "sent" ? at : null,
          createdAt: new Date(Date.now() - (d.minutesAgo ?? s.minutesAgo ?? n) * 60_000),
        });
      }
      return { id, deliveries: ids };
    }
    async function audits() {
      return store.db.select().from(auditLog).orderBy(auditLog.id);
    }
    return { store, boss, inbox, seed, audits };
  }

  test("lists newest first, 50 a page, without suspected spam", async () => {
    const { inbox, seed } = await start();
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) ids.push((await seed({ minutesAgo: 100 - i })).id);
    await seed({ spam: true, minutesAgo: 1 });

    const first = await inbox.list({}, 1);
    expect(first).toMatchObject({ total: 55, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(5).reverse());
    expect(first.rows[0]).toMatchObject({
      name: "Person 55",
      organisation: "Clinic 55",
      kind: "contact",
      topic: "Partnership Opportunities",
      handled: false,
      deliveries: [{ kind: "notification", state: "sent", stuck: false }],
    });
    const second = await inbox.list({}, 2);
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(0, 5).reverse());
    // A page past the end shows the last one.
    expect((await inbox.list({}, 9)).page).toBe(2);
  });

  test("filters by form, state and delivery problem", async () => {
    const { inbox, seed } = await start();
    const demo = await seed({
      kind: "demo",
      payload: { name: "Dee Mo", email: "dee@example.org", organization: "NHS Lothian", role: "healthcare" },
      deliveries: [{ kind: "welcome", status: "dead" }],
    });
    const handled = await seed({ handled: true });
    const failed = await seed({
      deliveries: [
        { kind: "notification", status: "failed" },
        { kind: "acknowledgement", status: "sent" },
      ],
    });
    const stuck = await seed({ deliveries: [{ kind: "notification", status: "queued", minutesAgo: 20 }] });
    const fresh = await seed({ deliveries: [{ kind: "notification", status: "queued", minutesAgo: 1 }] });

    const ids = async (filters: Parameters<typeof inbox.list>[0]) =>
      (await inbox.list(filters, 1)).rows.map((r) => r.id).sort();
    expect(await ids({ kind: "demo" })).toEqual([demo.id]);
    expect(await ids({ state: "handled" })).toEqual([handled.id]);
    expect(await ids({ state: "new" })).toEqual([demo.id, failed.id, stuck.id, fresh.id].sort());
    expect(await ids({ problem: true })).toEqual([demo.id, failed.id, stuck.id].sort());
    expect(await ids({ problem: true, kind: "contact" })).toEqual([failed.id, stuck.id].sort());

    const demoRow = (await inbox.list({ kind: "demo" }, 1)).rows[0];
    expect(demoRow).toMatchObject({ topic: "Healthcare Provider", deliveries: [{ kind: "welcome", state: "dead" }] });
    const stuckRow = (await inbox.list({ problem: true }, 1)).rows.find((r) => r.id === stuck.id);
    expect(stuckRow?.deliveries).toEqual([{ kind: "notification", state: "queued", stuck: true }]);
  });

  test("searches name, address and organisation, case-insensitively, with LIKE characters taken literally", async () => {
    const { inbox, seed } = await start();
    const grace = await seed({
      payload: { name: "Grace Hopper", email: "G.Hopper@Navy.example", organization: "Naval_Lab 100%" },
    });
    const other = await seed({ payload: { name: "Alan Turing", email: "alan@bletchley.example" } });
    await seed({ payload: { name: "Spam Hopper", email: "spam@example.org" }, spam: true });

    const search = async (q: string) => (await inbox.list({ q }, 1)).rows.map((r) => r.id);
    expect(await search("hopper")).toEqual([grace.id]);
    expect(await search("NAVY.EX")).toEqual([grace.id]);
    expect(await search("naval_lab")).toEqual([grace.id]);
    expect(await search("100%")).toEqual([grace.id]);
    expect(await search("l_b")).toEqual([]);
    expect(await search("%%")).toEqual([]);
    expect(await search("bletchley")).toEqual([other.id]);
    expect((await inbox.list({ q: "ALAN", kind: "demo" }, 1)).total).toBe(0);
  });

  test("an enquiry's page: fields in form order with labels, e-mails with Message-IDs, notes; the view is audited", async () => {
    const { inbox, seed, audits } = await start();
    const { id, deliveries: d } = await seed({
      kind: "demo",
      payload: {
        name: "Dee Mo",
        email: "dee@example.org",
        organization: "NHS Lothian",
        role: "healthcare",
        preferredTime: "2026-12-01",
        message: "Please call",
      },
      deliveries: [
        { kind: "welcome", status: "sent", providerMessageId: "<provider-1@mail.example>" },
        { kind: "notification", status: "dead" },
      ],
    });
    const detail = await inbox.get(id, by);
    expect(detail).not.toBeNull();
    expect(detail!.fields).toEqual([
      { key: "name", label: "Full Name", value: "Dee Mo" },
      { key: "organization", label: "Organization / Institution", value: "NHS Lothian" },
      { key: "email", label: "Email Address", value: "dee@example.org" },
      { key: "role", label: "Role", value: "Healthcare Provider" },
      { key: "preferredTime", label: "Preferred Date", value: "2026-12-01" },
      { key: "message", label: "Message", value: "Please call" },
    ]);
    expect(detail!.deliveries).toMatchObject([
      { id: d.welcome, kind: "welcome", state: "sent", messageId: "<provider-1@mail.example>", attempts: 3 },
      {
        id: d.notification,
        kind: "notification",
        state: "dead",
        recipient: "enquiries@maternis.test",
        lastError: "421 try later",
        messageId: `<${id}.notification@www.maternis.health>`,
        sentAt: null,
      },
    ]);
    expect(detail!.handled).toBeNull();
    expect(await inbox.get(randomUUID(), by)).toBeNull();
    expect(await inbox.get("not-a-uuid", by)).toBeNull();
    expect((await audits()).map((a) => [a.action, a.target, a.actorId, a.actor, a.clientFingerprint])).toEqual([
      ["enquiry-viewed", id, member.id, member.email, "fp-0123456789abcd"],
    ]);
  });

  test("notes, handled and reopen, each with its audit row", async () => {
    const { inbox, seed, audits } = await start();
    const { id } = await seed();
    expect(await inbox.addNote(id, "  Called back, sending pricing.  ", by)).toEqual({ ok: true });
    await expect(inbox.addNote(id, "   ", by)).rejects.toThrow(/Enter a note/);
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

  test("retry re-queues only a dead-lettered e-mail, with a job for the worker, audited", async () => {
    const { store, inbox, seed, audits } = await start();
    const { id, deliveries: d } = await seed({
      deliveries: [
        { kind: "notification", status: "dead" },
        { kind: "acknowledgement", status: "sent" },
      ],
    });
    expect(await inbox.retryDelivery(d.acknowledgement!, by)).toEqual({ ok: false, reason: "not-dead" });
    expect(await inbox.retryDelivery(randomUUID(), by)).toEqual({ ok: false, reason: "not-found" });
    expect(await inbox.retryDelivery(d.notification!, by)).toEqual({ ok: true, enquiryId: id });

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
        payload: { name: '=HYPERLINK("http://evil")', email: "grace@example.org", organization: "Navy" },
        deliveries: { notification: "dead" },
        // Posted with no campaign link or referrer recorded (issue 44).
        source: null,
      },
    ]);
    const exported = (await audits()).filter((a) => a.action === "export");
    expect(exported.map((a) => a.detail)).toEqual([
      { rows: 61, kind: null, state: null, problem: false, search: false, from: null, to: null, assigned: null },
      { rows: 1, kind: null, state: null, problem: true, search: true, from: null, to: null, assigned: null },
    ]);
    expect(JSON.stringify(exported)).not.toContain("grace");
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

  test("the daily maintenance vacuums the embedded database (PostgreSQL has autovacuum)", async () => {
    const { store, seed } = await start();
    for (let i = 0; i < 20; i++) await seed();
    const visible = async () =>
      Number(
        (
          (await store.db.execute(
            sql`select relallvisible as n from pg_class where relname = 'enquiries'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    expect(await visible()).toBe(0);
    expect(await maintainEmbedded(store)).toBe(engine.name === "pglite");
    expect(await visible()).toBe(engine.name === "pglite" ? 1 : 0);
  });
});
