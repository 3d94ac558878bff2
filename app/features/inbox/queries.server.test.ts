import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { maintainEmbedded } from "~/features/enquiries/operations.server";
import { bothEngines } from "../../../test/support/engines";
import { inboxActor as by, inboxMember as member, openInbox } from "../../../test/support/inbox";
import type { Site } from "~/site.server";

/** The inbox's reads (list, filters, search, one enquiry) on the embedded database and on PostgreSQL. */
const { engines, open } = bothEngines<Site>();

describe.each(engines)("inbox reads on $name", (engine) => {
  const start = () => openInbox(engine, open);

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

  test("a range from the first to the last day the inbox takes lists without failing", async () => {
    const { inbox, seed } = await start();
    const { id } = await seed();
    for (const filters of [{ from: "2000-01-01" }, { from: "2000-01-01", to: "2999-12-31" }, { to: "2999-12-31" }])
      expect((await inbox.list(filters, 1)).rows.map((r) => r.id)).toEqual([id]);
    expect((await inbox.list({ to: "2000-01-01" }, 1)).total).toBe(0);
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

  test("the senders' names of enquiries by id, for the audit log: spam too, none for an id with no enquiry", async () => {
    const { inbox, seed } = await start();
    const named = await seed();
    const nameless = await seed({ payload: { name: "", email: "x@example.org" } });
    const spam = await seed({ spam: true });
    const names = await inbox.senderNames([named.id, nameless.id, spam.id, randomUUID(), "not-an-id"]);
    expect(names).toEqual({ [named.id]: "Person 1", [nameless.id]: "", [spam.id]: "Person 3" });
    expect(await inbox.senderNames([])).toEqual({});
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
