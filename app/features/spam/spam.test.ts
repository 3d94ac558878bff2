import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Services } from "~/site.server";
import type { StaffMember } from "~/features/console/types";
import { listEnquiries } from "~/features/enquiries/operations.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { purgeSpam } from "~/features/enquiries/keep-spam.server";
import { openPipeline, testEnv, waitForDeliveriesSettled } from "../../../test/support/pglite";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { waitFor } from "../../../test/support/wait";
import { auditLog } from "~/features/audit/tables.server";
import { createServices } from "~/site.server";

/**
 * Suspected spam end to end on both engines: kept by the enquiry service
 * (no e-mail, bounded, outside the rate limits, 30 days), then listed,
 * released (delivered as if accepted, through a real SMTP server) or deleted
 * from the console, with audit rows; and the dead-letter count of the banner.
 */
const { engines, open, smtp } = bothEnginesWithSmtp();

const ENQUIRIES = "enquiries@maternis.test";
const member: StaffMember = { id: "staff-1", email: "sam@maternis.test", name: "Sam", role: "staff" };
const by = { member, meta: { fingerprint: "f00dfeedf00dfeed" } };

const contact = (email: string, message = "Please call me about a pilot.") => ({
  name: "Ama Owusu",
  email,
  organization: "Korle Bu",
  role: "Midwife",
  interest: "partnership",
  message,
});
const demo = (email: string) => ({ fullName: "Kwame Boateng", email, organization: "GHS", role: "government" });

describe.each(engines)("suspected spam on $name", (engine) => {
  async function start(overrides: Record<string, string> = {}) {
    const env = testEnv({
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ENQUIRIES_EMAIL: ENQUIRIES,
      ...(await engine.database()),
      ...overrides,
    });
    const pipeline = await openPipeline(env);
    open.push(pipeline);
    const console: Services = await createServices(pipeline.platform);
    return { pipeline, console, store: pipeline.platform.store, service: pipeline.services.enquiries };
  }

  test("a kept post is stored flagged, sends nothing, and is not an enquiry; invalid junk is dropped", async () => {
    const { pipeline, service, store } = await start();
    const kept = await service.keepSuspectedSpam("contact", contact("ama@example.org"), "honeypot", {
      ip: "203.0.113.5",
    });
    expect(kept).toMatchObject({ kept: true });
    const junk = await service.keepSuspectedSpam("contact", { name: "x", email: "nope" }, "honeypot", {
      ip: "203.0.113.5",
    });
    expect(junk).toEqual({ kept: false, reason: "invalid" });

    const rows = await store.db.select().from(enquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ spamReason: "honeypot", email: "ama@example.org", kind: "contact" });
    expect(await store.db.select().from(deliveries)).toEqual([]);
    const jobs = (await store.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'enquiry-delivery'`,
    )) as unknown as { n: number }[] | { rows: { n: number }[] };
    expect(Number((Array.isArray(jobs) ? jobs : jobs.rows)[0]!.n)).toBe(0);
    expect(await listEnquiries(store)).toEqual([]);
    // Positive control: an accepted enquiry after it goes out through the same
    // worker and SMTP server; once the worker has nothing left, only its two
    // e-mails have arrived.
    expect(await service.submitEnquiry("contact", contact("control@example.org"), { ip: "203.0.113.6" })).toMatchObject(
      { ok: true },
    );
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([ENQUIRIES, "control@example.org"].sort());
  });

  test("per-client and global daily caps bound what is kept", async () => {
    const { service, store } = await start({ SPAM_KEEP_PER_CLIENT_PER_DAY: "2", SPAM_KEEP_GLOBAL_PER_DAY: "3" });
    const keep = (ip: string, n: number) =>
      service.keepSuspectedSpam("contact", contact(`s${n}@example.org`), "time-trap", { ip });
    expect(await keep("198.51.100.1", 1)).toMatchObject({ kept: true });
    expect(await keep("198.51.100.1", 2)).toMatchObject({ kept: true });
    expect(await keep("198.51.100.1", 3)).toEqual({ kept: false, reason: "client-cap" });
    expect(await keep("198.51.100.2", 4)).toMatchObject({ kept: true });
    expect(await keep("198.51.100.3", 5)).toEqual({ kept: false, reason: "global-cap" });
    // Only the last day counts.
    await store.db.execute(sql`update enquiries set created_at = now() - interval '25 hours'`);
    expect(await keep("198.51.100.1", 6)).toMatchObject({ kept: true });
    expect(await store.db.$count(enquiries)).toBe(4);
  });

  test("spam does not count against a real submitter's rate limits", async () => {
    const { service } = await start({
      ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "1",
      ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "1",
      ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "2",
    });
    const ip = "192.0.2.44";
    // Kept before the first real enquiry (on PGlite, before the limit bounds are seeded)...
    for (const reason of ["honeypot", "time-trap"] as const)
      expect(await service.keepSuspectedSpam("contact", contact("ama@example.org"), reason, { ip })).toMatchObject({
        kept: true,
      });
    // ...and the same person's real post goes through.
    expect(await service.submitEnquiry("contact", contact("ama@example.org"), { ip })).toMatchObject({ ok: true });
    // Kept after (the seeded bounds are not touched by spam either).
    expect(
      await service.keepSuspectedSpam("demo", demo("kofi@example.org"), "honeypot", { ip: "192.0.2.45" }),
    ).toMatchObject({ kept: true });
    expect(await service.submitEnquiry("demo", demo("kofi@example.org"), { ip: "192.0.2.45" })).toMatchObject({
      ok: true,
    });
    // The limits still hold for real enquiries.
    expect(await service.submitEnquiry("contact", contact("ama@example.org"), { ip })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
  });

  test("the retention sweep deletes spam 30 days after it went there, and nothing else", async () => {
    const { service, console, store } = await start();
    await store.db.execute(
      sql`insert into staff_users (id, email, name) values (${member.id}, ${member.email}, ${member.name})`,
    );
    for (const n of [1, 2])
      await service.keepSuspectedSpam("contact", contact(`old${n}@example.org`), "honeypot", { ip: "192.0.2.1" });
    await service.submitEnquiry("contact", contact("real@example.org"), { ip: "192.0.2.2" });
    const moved = await service.submitEnquiry("contact", contact("moved@example.org"), { ip: "192.0.2.3" });
    if (!moved.ok) throw new Error("setup");
    await store.db.execute(
      sql`update enquiries set created_at = now() - interval '60 days', spam_at = spam_at - interval '31 days'`,
    );
    // Received 60 days ago and moved to spam today: kept until 30 days after the move.
    expect(await console.inbox.bulk([moved.enquiryId], { action: "spam" }, by)).toMatchObject({ changed: 1 });
    const fresh = await service.keepSuspectedSpam("contact", contact("new@example.org"), "honeypot", {
      ip: "192.0.2.1",
    });
    expect(await purgeSpam(store)).toBe(2);
    const left = await store.db.select({ email: enquiries.email }).from(enquiries);
    expect(left.map((row) => row.email).sort()).toEqual(["moved@example.org", "new@example.org", "real@example.org"]);
    expect(fresh.kept).toBe(true);
    // 30 days after the move, it goes too (and the enquiry never moved stays).
    await store.db.execute(
      sql`update enquiries set spam_at = now() - interval '31 days' where id = ${moved.enquiryId}`,
    );
    expect(await purgeSpam(store)).toBe(1);
    expect((await store.db.select({ email: enquiries.email }).from(enquiries)).map((row) => row.email).sort()).toEqual([
      "new@example.org",
      "real@example.org",
    ]);
  });

  test("the Spam view lists newest first, 50 a page, and gets one post", async () => {
    const { service, console, store } = await start();
    const ids: string[] = [];
    for (let n = 0; n < 52; n++) {
      const result = await service.keepSuspectedSpam(
        "contact",
        contact(`p${n}@example.org`, `Message ${n}`),
        "honeypot",
        {
          ip: `10.0.0.${n}`,
        },
      );
      if (result.kept) ids.push(result.enquiryId);
    }
    expect(ids).toHaveLength(52);
    await store.db.execute(
      sql`update enquiries set created_at = now() - make_interval(mins => (regexp_replace(email, '\\D', '', 'g'))::int)`,
    );
    await service.submitEnquiry("contact", contact("real@example.org"), { ip: "10.1.0.1" });

    const first = await console.spam.list();
    expect(first).toMatchObject({ page: 1, pages: 2, total: 52 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({
      email: "p0@example.org",
      name: "Ama Owusu",
      kind: "contact",
      reason: "honeypot",
      excerpt: "Message 0",
    });
    expect(first.rows[49]!.email).toBe("p49@example.org");
    const second = await console.spam.list({ page: 2 });
    expect(second.rows.map((row) => row.email)).toEqual(["p50@example.org", "p51@example.org"]);
    expect((await console.spam.list({ page: 99 })).page).toBe(2);

    const detail = await console.spam.get(ids[3]!);
    expect(detail?.payload).toMatchObject({ organization: "Korle Bu", message: "Message 3" });
    expect(await console.spam.get(randomUUID())).toBeNull();
    expect(await console.spam.get("not-a-uuid")).toBeNull();
  });

  test("release delivers the post exactly as if accepted, once, with an audit row", async () => {
    const { pipeline, service, console, store } = await start();
    const kept = await service.keepSuspectedSpam("demo", demo("kwame@example.org"), "honeypot", { ip: "192.0.2.9" });
    if (!kept.kept) throw new Error("not kept");
    expect(await console.spam.release(kept.enquiryId, by)).toBe(true);
    // The demo's welcome first, then its notification (the registry's order), as for any accepted demo.
    await waitFor(() => smtp.received.length >= 2, { what: "the welcome and the notification" });
    expect(smtp.received.map((mail) => mail.envelopeTo[0])).toEqual(["kwame@example.org", ENQUIRIES]);
    expect(smtp.received[0]!.messageId).toBe(`<${kept.enquiryId}.welcome@www.maternis.health>`);

    const [row] = await store.db.select().from(enquiries).where(eq(enquiries.id, kept.enquiryId));
    expect(row?.spamReason).toBeNull();
    expect(await console.spam.get(kept.enquiryId)).toBeNull();
    expect((await listEnquiries(store)).map((record) => record.id)).toEqual([kept.enquiryId]);
    // Released twice (a double click): nothing more.
    expect(await console.spam.release(kept.enquiryId, by)).toBe(false);
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(2);

    const audit = await store.db.select().from(auditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "spam-released",
        actorId: member.id,
        actor: member.email,
        target: kept.enquiryId,
        clientFingerprint: by.meta.fingerprint,
        detail: { kind: "demo", reason: "honeypot", queued: ["welcome"] },
      }),
    ]);
  });

  test("an enquiry staff move to spam from the inbox is listed as moved by staff; released, its e-mails are not sent again", async () => {
    const { pipeline, service, console, store } = await start();
    const real = await service.submitEnquiry("contact", contact("moved@example.org"), { ip: "192.0.2.12" });
    if (!real.ok) throw new Error("setup");
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(2);
    await store.db.execute(
      sql`insert into staff_users (id, email, name) values (${member.id}, ${member.email}, ${member.name})`,
    );

    expect(await console.inbox.bulk([real.enquiryId], { action: "spam" }, by)).toMatchObject({ changed: 1 });
    expect((await console.spam.list()).rows).toMatchObject([{ id: real.enquiryId, reason: "staff" }]);
    expect((await console.inbox.list({}, 1)).total).toBe(0);

    expect(await console.spam.release(real.enquiryId, by)).toBe(true);
    expect((await console.inbox.list({}, 1)).rows.map((row) => row.id)).toEqual([real.enquiryId]);
    await waitForDeliveriesSettled(pipeline);
    // The same two e-mails as before the move, no more: each kind is delivered once per enquiry.
    expect(smtp.received).toHaveLength(2);
    expect(await store.db.select({ kind: deliveries.kind }).from(deliveries)).toHaveLength(2);
    const audit = await store.db.select().from(auditLog);
    expect(audit.map((row) => [row.action, row.detail])).toEqual([
      ["moved-to-spam", null],
      ["spam-released", { kind: "contact", reason: "staff", queued: [] }],
    ]);
  });

  test("moved to spam before its e-mails went: they are withdrawn, and a release sends each once", async () => {
    // No worker at first: the e-mails are still queued when staff move the enquiry.
    const env = testEnv({
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ENQUIRIES_EMAIL: ENQUIRIES,
      ...(await engine.database()),
    });
    const quiet = await openPipeline(env, false);
    const console = await createServices(quiet.platform);
    const { store } = quiet.platform;
    await store.db.execute(
      sql`insert into staff_users (id, email, name) values (${member.id}, ${member.email}, ${member.name})`,
    );
    const demoed = await quiet.services.enquiries.submitEnquiry("demo", demo("early@example.org"), {
      ip: "192.0.2.13",
    });
    if (!demoed.ok) throw new Error("setup");
    expect(await store.db.select({ kind: deliveries.kind }).from(deliveries)).toEqual([{ kind: "welcome" }]);

    expect(await console.inbox.bulk([demoed.enquiryId], { action: "spam" }, by)).toMatchObject({ changed: 1 });
    expect(await store.db.select().from(deliveries)).toEqual([]);
    const [moved] = await store.db.select().from(auditLog).where(eq(auditLog.action, "moved-to-spam"));
    expect(moved!.detail).toEqual({ withdrawn: ["welcome"], integrationMessages: 0 });

    // With the worker running, nothing is sent while it is in the Spam view (its job finds no e-mail)...
    await quiet.close();
    const pipeline = await openPipeline(env);
    open.push(pipeline);
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toEqual([]);
    // ...and released, it is delivered as an accepted one is: the welcome, then the notification, once each.
    const live = await createServices(pipeline.platform);
    expect(await live.spam.release(demoed.enquiryId, by)).toBe(true);
    await waitFor(async () => (smtp.received.length === 2 ? true : null));
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual(["early@example.org", ENQUIRIES]);
  });

  test("a release keeps to its address's daily limit: past it, the company is told and the writer sent nothing", async () => {
    const { pipeline, service, console, store } = await start({ ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "1" });
    await store.db.execute(
      sql`insert into staff_users (id, email, name) values (${member.id}, ${member.email}, ${member.name})`,
    );
    const first = await service.submitEnquiry("contact", contact("ama@example.org"), { ip: "192.0.2.20" });
    // Over the limit at submission (a tag is the same mailbox): stored with the notification only.
    const quiet = await service.submitEnquiry("contact", contact("ama+again@example.org"), { ip: "192.0.2.21" });
    const kept = await service.keepSuspectedSpam("demo", demo("Ama+demo@example.org"), "honeypot", {
      ip: "192.0.2.22",
    });
    // Positive control: another address's kept post, released, gets its writer's e-mail.
    const other = await service.keepSuspectedSpam("demo", demo("kofi@example.org"), "honeypot", { ip: "192.0.2.23" });
    if (!first.ok || !quiet.ok || !kept.kept || !other.kept) throw new Error("setup");
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(3);

    // What the confirmation says before a release: the same mailbox is at its limit, the other is not.
    expect((await console.spam.get(kept.enquiryId))?.addressAtLimit).toBe(true);
    expect((await console.spam.get(other.enquiryId))?.addressAtLimit).toBe(false);

    // The quiet enquiry, moved to spam after its notification went and released: nothing to its writer.
    expect(await console.inbox.bulk([quiet.enquiryId], { action: "spam" }, by)).toMatchObject({ changed: 1 });
    expect(await console.spam.release(quiet.enquiryId, by)).toBe(true);
    // A kept post from the same mailbox: the notification at once, no welcome.
    expect(await console.spam.release(kept.enquiryId, by)).toBe(true);
    expect(await console.spam.release(other.enquiryId, by)).toBe(true);
    await waitFor(() => smtp.received.length >= 6, { what: "the released posts' e-mails" });
    await waitForDeliveriesSettled(pipeline);

    const to = (id: string) =>
      smtp.received.filter((mail) => mail.messageId?.startsWith(`<${id}.`)).map((mail) => mail.envelopeTo[0]);
    expect(to(quiet.enquiryId)).toEqual([ENQUIRIES]);
    expect(to(kept.enquiryId)).toEqual([ENQUIRIES]);
    expect(to(other.enquiryId)).toEqual(["kofi@example.org", ENQUIRIES]);
    expect(smtp.received).toHaveLength(6);
    const released = await store.db.select().from(auditLog).where(eq(auditLog.action, "spam-released"));
    expect(Object.fromEntries(released.map((row) => [row.target, row.detail]))).toEqual({
      [quiet.enquiryId]: { kind: "contact", reason: "staff", queued: [] },
      [kept.enquiryId]: { kind: "demo", reason: "honeypot", queued: ["notification"] },
      [other.enquiryId]: { kind: "demo", reason: "honeypot", queued: ["welcome"] },
    });
  });

  test("delete removes the post for good, with an audit row; a released or real enquiry cannot be deleted here", async () => {
    const { service, console, store } = await start();
    const kept = await service.keepSuspectedSpam("contact", contact("gone@example.org"), "time-trap", {
      ip: "192.0.2.10",
    });
    const real = await service.submitEnquiry("contact", contact("real@example.org"), { ip: "192.0.2.11" });
    if (!kept.kept || !real.ok) throw new Error("setup");
    expect(await console.spam.delete(real.enquiryId, by)).toBe(false);
    expect(await console.spam.release(real.enquiryId, by)).toBe(false);
    expect(await console.spam.delete(kept.enquiryId, by)).toBe(true);
    expect(await console.spam.delete(kept.enquiryId, by)).toBe(false);
    expect(await store.db.select({ email: enquiries.email }).from(enquiries)).toEqual([{ email: "real@example.org" }]);
    const audit = await store.db.select().from(auditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "spam-deleted",
        target: kept.enquiryId,
        detail: { kind: "contact", reason: "time-trap" },
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain("gone@example.org");
  });

  test("the banner's dead-letter count", async () => {
    const { service, console, store } = await start();
    expect((await console.alerts.deadLetters()).emails).toBe(0);
    const result = await service.submitEnquiry("contact", contact("dead@example.org"), { ip: "192.0.2.12" });
    if (!result.ok) throw new Error("setup");
    await waitFor(async () => (await store.db.$count(deliveries, eq(deliveries.status, "sent"))) === 2, {
      what: "both sent",
    });
    await store.db.update(deliveries).set({ status: "dead" });
    expect((await console.alerts.deadLetters()).emails).toBe(2);
  });
});
