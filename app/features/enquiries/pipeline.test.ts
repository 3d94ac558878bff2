import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { InvalidEnquiryError } from "./index.server";
import type { Site } from "~/site.server";
import { enqueueDelivery } from "./deliveries.server";
import { listEnquiries, type EnquiryRecord, purgeExpired, redriveDeadDeliveries } from "./operations.server";
import { RETENTION_QUEUE } from "~/platform/retention.server";
import { inboxCsv } from "~/features/inbox/csv";
import type { ExportRow } from "~/features/inbox/inbox";
import { exportBatches } from "~/features/inbox/inbox.server";
import { deliveryMessageId } from "./emails.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { bothEngines } from "../../../test/support/engines";
import { smtpServerPerFile } from "../../../test/support/per-file";
import { openPipeline, testEnv, waitForDeliveriesSettled } from "../../../test/support/pglite";
import type { ReceivedMail } from "../../../test/support/smtp";
import { waitFor } from "../../../test/support/wait";

/**
 * The delivery pipeline end to end, against the embedded database and a real
 * PostgreSQL server, with a real SMTP server on loopback.
 */
// Registered first, so that its reset runs after the test's pipelines are closed.
const smtp = smtpServerPerFile();
const { engines, open, closeNow } = bothEngines<Site>();

const ENQUIRIES = "enquiries@maternis.test";

describe.each(engines)("enquiry pipeline on $name", (engine) => {
  async function start(
    overrides: Record<string, string> = {},
    { database, runWorker = true }: { database?: Record<string, string>; runWorker?: boolean } = {},
  ) {
    const env = testEnv({
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ...(database ?? (await engine.database())),
      ...overrides,
    });
    const pipeline = await openPipeline(env, runWorker);
    open.push(pipeline);
    return { pipeline, env, store: pipeline.platform.store };
  }

  const bySubject = (subject: string) => {
    const found = smtp.received.filter((m) => m.subject === subject);
    expect(found, `messages with subject "${subject}"`).toHaveLength(1);
    return found[0]!;
  };
  const content = (mail: ReceivedMail) => `${mail.text ?? ""}\n${mail.html || ""}`;

  test("each kind delivers exactly its e-mails, with subjects, recipients, Reply-To, greeting and payload", async () => {
    const { pipeline, store } = await start();
    const submit = pipeline.services.enquiries.submitEnquiry;
    const contact = await submit(
      "contact",
      {
        name: "Ama Kofi Mensah",
        email: "ama@example.org",
        organization: "Korle Bu Teaching Hospital",
        role: "Senior Midwife",
        interest: "partnership",
        message: "We run three clinics.\nCan we talk?",
      },
      { ip: "203.0.113.1" },
    );
    const demo = await submit(
      "demo",
      {
        fullName: "Kwame Boateng",
        email: "kwame@example.org",
        organization: "Ghana Health Service",
        role: "government",
        preferredDate: "2026-03-12",
        message: "A morning slot, please.",
      },
      { ip: "203.0.113.2" },
    );
    const advisory = await submit(
      "advisory",
      {
        fullName: "Ngozi Okafor",
        email: "ngozi@example.org",
        role: "midwife",
        country: "Nigeria",
        reason: "To bring records to rural clinics",
      },
      { ip: "203.0.113.3" },
    );
    for (const result of [contact, demo, advisory]) expect(result.ok).toBe(true);
    if (!contact.ok || !demo.ok || !advisory.ok) return;

    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(6);
    for (const mail of smtp.received) expect(mail.from?.value[0]?.address).toBe("no-reply@maternis.test");

    const contactNotification = bySubject("New Contact Form Submission - partnership");
    expect(contactNotification.envelopeTo).toEqual([ENQUIRIES]);
    expect(contactNotification.replyTo?.value[0]?.address).toBe("ama@example.org");
    expect(contactNotification.messageId).toBe(
      deliveryMessageId(contact.enquiryId, "notification", "https://www.maternis.health"),
    );
    for (const text of [
      "Ama Kofi Mensah",
      "ama@example.org",
      "Korle Bu Teaching Hospital",
      "Senior Midwife",
      "We run three clinics.",
    ]) {
      expect(content(contactNotification)).toContain(text);
    }

    const acknowledgement = smtp.received.find((m) => m.envelopeTo[0] === "ama@example.org")!;
    expect(acknowledgement).toBeDefined();
    expect(acknowledgement.replyTo).toBeUndefined();
    expect(acknowledgement.text).toContain("Hi Ama,");
    expect(acknowledgement.messageId).toBe(`<${contact.enquiryId}.acknowledgement@www.maternis.health>`);

    const demoWelcome = bySubject("Thank you for requesting a demo");
    expect(demoWelcome.envelopeTo).toEqual(["kwame@example.org"]);
    expect(demoWelcome.replyTo).toBeUndefined();
    expect(demoWelcome.text).toContain("Hi Kwame,");
    const demoNotification = bySubject("New Demo Request from Kwame Boateng");
    expect(demoNotification.envelopeTo).toEqual([ENQUIRIES]);
    expect(demoNotification.replyTo?.value[0]?.address).toBe("kwame@example.org");
    for (const text of [
      "kwame@example.org",
      "Ghana Health Service",
      "Government Official",
      "Preferred Date",
      "A morning slot, please.",
    ]) {
      expect(content(demoNotification)).toContain(text);
    }
    expect(content(demoNotification)).not.toContain("could not be delivered");

    const advisoryWelcome = bySubject("Welcome to the Advisory Network");
    expect(advisoryWelcome.envelopeTo).toEqual(["ngozi@example.org"]);
    expect(advisoryWelcome.text).toContain("Hi Ngozi,");
    const advisoryNotification = bySubject("New Advisory Network Signup - Ngozi Okafor");
    expect(advisoryNotification.envelopeTo).toEqual([ENQUIRIES]);
    expect(advisoryNotification.replyTo?.value[0]?.address).toBe("ngozi@example.org");
    for (const text of ["ngozi@example.org", "Midwife", "Nigeria", "To bring records to rural clinics"])
      expect(content(advisoryNotification)).toContain(text);

    // The notification of demo and advisory follows the welcome.
    const index = (mail: ReceivedMail) => smtp.received.indexOf(mail);
    expect(index(demoWelcome)).toBeLessThan(index(demoNotification));
    expect(index(advisoryWelcome)).toBeLessThan(index(advisoryNotification));

    const rows = await store.db.select().from(deliveries);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  test("the notification waits for the welcome; a dead-lettered welcome still yields a flagged notification", async () => {
    const { pipeline, store } = await start({ DELIVERY_RETRY_LIMIT: "2" });
    smtp.reject.add("bounce@example.org");
    const result = await pipeline.services.enquiries.submitEnquiry(
      "advisory",
      { fullName: "Chidi Eze", email: "bounce@example.org", role: "doctor", country: "Nigeria", reason: "Interested" },
      { ip: "198.51.100.7" },
    );
    expect(result.ok).toBe(true);
    // While the welcome is still being retried, no notification exists.
    const welcome = await waitFor(
      async () => {
        const rows = await store.db.select().from(deliveries);
        const w = rows.find((r) => r.kind === "welcome");
        if (w?.status !== "dead") expect(rows.filter((r) => r.kind === "notification")).toHaveLength(0);
        return w?.status === "dead" ? w : undefined;
      },
      { what: "the welcome to be dead-lettered", intervalMs: 50 },
    );
    expect(welcome.attempts).toBe(3);
    expect(welcome.lastError).toContain("Mailbox unavailable");

    // Settled: the worker records "sent" only after the SMTP exchange, so wait for the rows, not the mailbox.
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(1);
    const notification = bySubject("New Advisory Network Signup - Chidi Eze");
    expect(notification.envelopeTo).toEqual([ENQUIRIES]);
    expect(content(notification)).toContain("could not be delivered");
    const [row] = await store.db.select().from(deliveries).where(eq(deliveries.kind, "notification"));
    expect(row?.status).toBe("sent");
  });

  test("SMTP down: 50 enquiries are stored at once; SMTP back: every e-mail is delivered exactly once", async () => {
    const { pipeline, store } = await start({ DELIVERY_RETRY_LIMIT: "30", WORKER_CONCURRENCY: "8" });
    await smtp.stop();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pipeline.services.enquiries.submitEnquiry(
          "contact",
          { name: `Person ${i}`, email: `person${i}@example.org`, interest: "general", message: `Message number ${i}` },
          { ip: `192.0.2.${i}` },
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    // Stored the moment submitEnquiry resolved.
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(50);
    expect((await store.db.select({ n: count() }).from(deliveries))[0]?.n).toBe(100);

    await waitFor(
      async () => (await store.db.select().from(deliveries).where(eq(deliveries.status, "failed"))).length > 0,
      { what: "failed attempts" },
    );
    expect(smtp.received).toHaveLength(0);
    await smtp.start();

    await waitForDeliveriesSettled(pipeline, { timeoutMs: 60_000 });
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
    const expected = results.flatMap((r) =>
      r.ok ? ["notification", "acknowledgement"].map((k) => `<${r.enquiryId}.${k}@www.maternis.health>`) : [],
    );
    expect(new Set(ids)).toEqual(new Set(expected));
    const rows = await store.db.select().from(deliveries);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });

  test("delivery stats (for /metrics) count deliveries by status and the age of the oldest waiting", async () => {
    const { pipeline } = await start();
    await smtp.stop();
    const result = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "Stats Person", email: "stats@example.org", interest: "general", message: "Hello" },
      { ip: "192.0.2.201" },
    );
    expect(result.ok).toBe(true);
    const waiting = await waitFor(
      async () => {
        const stats = await pipeline.services.deliveryStats();
        return stats.oldestWaitingSeconds >= 1 ? stats : undefined;
      },
      { what: "the oldest waiting delivery to be a second old" },
    );
    expect((waiting.byStatus.queued ?? 0) + (waiting.byStatus.failed ?? 0)).toBe(2);
    expect(waiting.oldestWaitingSeconds).toBeGreaterThanOrEqual(1);
    await smtp.start();
    await waitFor(() => smtp.received.length >= 2, { what: "both e-mails", timeoutMs: 20_000 });
    await waitFor(async () => (await pipeline.services.deliveryStats()).byStatus.sent === 2, { what: "both sent" });
    expect((await pipeline.services.deliveryStats()).oldestWaitingSeconds).toBe(0);
  });

  test("a provider that says it is busy (451) slows the worker instead of using up retries", async () => {
    // No retries at all: a send that failed the job would be dead-lettered at once.
    const { pipeline, store } = await start({ DELIVERY_RETRY_LIMIT: "0" });
    smtp.options.outage = "defer-data";
    const result = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "Busy Relay", email: "busy@example.org", interest: "general", message: "Hello" },
      { ip: "192.0.2.200" },
    );
    expect(result.ok).toBe(true);
    // Two deferrals seen (the gate holds each retry back for SMTP_BUSY_DELAY_MS),
    // then the outage ends before any job could use up its throttled tries.
    await waitFor(() => smtp.refused.messages >= 2, { what: "two deferred sends" });
    smtp.options.outage = null;
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(2);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status).sort()).toEqual(["sent", "sent"]);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
  });

  test("a worker stopped mid-queue and restarted loses nothing and doubles nothing", async () => {
    const database = await engine.database();
    const producer = await start({}, { database, runWorker: false });
    for (let i = 0; i < 30; i++) {
      const r = await producer.pipeline.services.enquiries.submitEnquiry(
        "contact",
        { name: `Queued ${i}`, email: `queued${i}@example.org`, interest: "pricing", message: "Hello" },
        { ip: `192.0.2.${i}` },
      );
      expect(r.ok).toBe(true);
    }
    await closeNow(producer.pipeline);
    expect(smtp.received).toHaveLength(0);

    smtp.options.delayMs = 60;
    const first = await start({ WORKER_CONCURRENCY: "4" }, { database });
    await waitFor(() => smtp.received.length >= 10, { what: "ten e-mails" });
    await closeNow(first.pipeline);
    const deliveredBeforeRestart = smtp.received.length;
    expect(deliveredBeforeRestart).toBeLessThan(60);

    smtp.options.delayMs = 0;
    const second = await start({}, { database });
    await waitForDeliveriesSettled(second.pipeline);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const rows = await second.store.db.select().from(deliveries);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(60);
  });

  test("rate limits per client, per recipient and globally: rate-limited with retryAfterSeconds, nothing stored", async () => {
    const { pipeline, store } = await start(
      {
        ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "2",
        ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "2",
        ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "5",
      },
      { runWorker: false },
    );
    const submit = (email: string, ip: string) =>
      pipeline.services.enquiries.submitEnquiry(
        "demo",
        { fullName: "Efua Sarpong", email, organization: "Clinic", role: "healthcare" },
        { ip },
      );
    const stored = async () => (await store.db.select({ n: count() }).from(enquiries))[0]?.n;

    // Per client: the third from one address within the hour.
    expect((await submit("a1@example.org", "10.0.0.1")).ok).toBe(true);
    expect((await submit("a2@example.org", "10.0.0.1")).ok).toBe(true);
    const perClient = await submit("a3@example.org", "10.0.0.1");
    expect(perClient).toMatchObject({ ok: false, reason: "rate-limited" });
    if (perClient.ok || perClient.reason !== "rate-limited") return;
    expect(perClient.retryAfterSeconds).toBeGreaterThan(3500);
    expect(perClient.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await stored()).toBe(2);

    // Per recipient: the third welcome to one address within the day, whatever the client or case.
    expect((await submit("b@example.org", "10.0.0.2")).ok).toBe(true);
    expect((await submit("B@Example.org", "10.0.0.3")).ok).toBe(true);
    const perRecipient = await submit("b@example.org", "10.0.0.4");
    expect(perRecipient).toMatchObject({ ok: false, reason: "rate-limited" });
    if (perRecipient.ok || perRecipient.reason !== "rate-limited") return;
    expect(perRecipient.retryAfterSeconds).toBeGreaterThan(86_000);
    expect(await stored()).toBe(4);

    // Globally: the sixth within the hour.
    expect((await submit("c@example.org", "10.0.0.5")).ok).toBe(true);
    const global = await submit("d@example.org", "10.0.0.6");
    expect(global).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await stored()).toBe(5);
    expect((await store.db.select({ n: count() }).from(deliveries))[0]?.n).toBe(5);
    // The fingerprint stored is not the address.
    const rows = await store.db.select().from(enquiries);
    for (const row of rows) {
      expect(row.clientFingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(row)).not.toContain("10.0.0.");
    }
  });

  test("concurrent enquiries (one group commit on PGlite) still respect the limits, in order", async () => {
    const { pipeline, store } = await start(
      { ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "5", ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "2" },
      { runWorker: false },
    );
    const submit = (email: string, ip: string) =>
      pipeline.services.enquiries.submitEnquiry(
        "contact",
        { name: "Kofi Mensah", email, interest: "general", message: "Hello" },
        { ip },
      );
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => submit(`c${i}@example.org`, "10.2.0.1")),
      ...Array.from({ length: 3 }, (_, i) => submit("same@example.org", `10.2.1.${i}`)),
    ]);
    const fromOneClient = results.slice(0, 8);
    expect(fromOneClient.filter((r) => r.ok)).toHaveLength(5);
    for (const r of fromOneClient.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ ok: false, reason: "rate-limited" });
      if (!r.ok && r.reason === "rate-limited") expect(r.retryAfterSeconds).toBeGreaterThan(3500);
    }
    const toOneAddress = results.slice(8);
    expect(toOneAddress.filter((r) => r.ok)).toHaveLength(2);
    const refused = toOneAddress.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
    if (refused && !refused.ok && refused.reason === "rate-limited") {
      expect(refused.retryAfterSeconds).toBeGreaterThan(86_000);
    }
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(7);
    expect((await store.db.select({ n: count() }).from(deliveries))[0]?.n).toBe(14);
  });

  test("invalid payloads are refused with a typed error and nothing is stored", async () => {
    const { pipeline, store } = await start({}, { runWorker: false });
    const submit = pipeline.services.enquiries.submitEnquiry;
    const ip = { ip: "10.1.1.1" };
    const cases: [Parameters<typeof submit>[0], Record<string, string | undefined>][] = [
      ["contact", { name: "Ama", interest: "general", message: "Hi" }],
      ["contact", { name: "Ama", email: "ama@example.org", interest: "gossip", message: "Hi" }],
      ["contact", { name: "Ama", email: "ama@example.org", interest: "general", message: "x".repeat(5001) }],
      [
        "contact",
        { name: "Ama\r\nBcc: victim@example.org", email: "ama@example.org", interest: "general", message: "Hi" },
      ],
      ["demo", { fullName: "Kwame", email: "not-an-email", organization: "GHS", role: "government" }],
      [
        "demo",
        {
          fullName: "Kwame",
          email: "k@example.org",
          organization: "GHS",
          role: "government",
          preferredDate: "2026-02-30",
        },
      ],
      ["advisory", { fullName: "Ngozi", email: "n@example.org", role: "midwife", country: "Nigeria" }],
    ];
    for (const [kind, fields] of cases) {
      await expect(submit(kind, fields, ip), JSON.stringify(fields).slice(0, 80)).rejects.toBeInstanceOf(
        InvalidEnquiryError,
      );
    }
    await expect(submit("contact", { name: "Ama", interest: "general", message: "Hi" }, ip)).rejects.toMatchObject({
      fieldErrors: { email: "Enter your email address" },
    });
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(0);
  });

  test("the enquiry, its deliveries and their jobs commit or roll back together", async () => {
    const { pipeline, store } = await start({}, { runWorker: false });
    const { boss } = pipeline.platform;
    const countJobs = async (db: { execute(query: ReturnType<typeof sql>): Promise<unknown> }) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'enquiry-delivery'`)) as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const jobs = () => countJobs(store.db);
    const id = randomUUID();
    await expect(
      store.transaction(async (tx, bossDb) => {
        await tx.insert(enquiries).values({
          id,
          kind: "demo",
          payload: { name: "A", email: "a@example.org" },
          email: "a@example.org",
          clientFingerprint: "0123456789abcdef",
        });
        await enqueueDelivery(tx, bossDb, boss, { enquiryId: id, kind: "welcome", recipient: "a@example.org" });
        expect(await countJobs(tx)).toBe(1);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await jobs()).toBe(0);
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(0);

    const ok = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "B", email: "b@example.org", interest: "general", message: "Hi" },
      { ip: "10.2.2.2" },
    );
    expect(ok.ok).toBe(true);
    expect(await jobs()).toBe(2);
  });

  test("operators: list and export with delivery status, redrive dead-lettered e-mails, purge by retention", async () => {
    const { pipeline, store } = await start({ DELIVERY_RETRY_LIMIT: "0" });
    smtp.reject.add("gone@example.org");
    const r = await pipeline.services.enquiries.submitEnquiry(
      "demo",
      { fullName: "Yaw Darko", email: "gone@example.org", organization: "Clinic", role: "ngo" },
      { ip: "10.3.3.3" },
    );
    expect(r.ok).toBe(true);
    await waitFor(() => smtp.received.some((m) => m.subject === "New Demo Request from Yaw Darko"), {
      what: "the flagged notification",
    });

    // The message arrives a moment before the worker records it as sent.
    const [record] = await waitFor(
      async () => {
        const records: EnquiryRecord[] = await listEnquiries(store);
        return records[0]?.deliveries.every((d) => d.status !== "queued" && d.status !== "failed")
          ? records
          : undefined;
      },
      { what: "the deliveries to settle" },
    );
    expect(record).toMatchObject({ kind: "demo", payload: { name: "Yaw Darko" } });
    expect(Object.fromEntries(record!.deliveries.map((d) => [d.kind, d.status]))).toEqual({
      welcome: "dead",
      notification: "sent",
    });
    // The CSV export (console and CLI) shows the same: the welcome dead, the notification sent.
    const exported: ExportRow[] = [];
    for await (const batch of exportBatches(store.db, { kind: "demo" })) exported.push(...batch);
    expect(inboxCsv(exported)).toContain(",Dead-lettered,dead,Sent,sent,,\r\n");

    // Redrive: the welcome goes again, with the same Message-ID, and no second notification.
    smtp.reject.clear();
    expect(await redriveDeadDeliveries(store, pipeline.platform.boss)).toBe(1);
    await waitFor(() => smtp.received.some((m) => m.subject === "Thank you for requesting a demo"), {
      what: "the redriven welcome",
    });
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      "New Demo Request from Yaw Darko",
      "Thank you for requesting a demo",
    ]);
    expect(smtp.received[1]!.messageId).toBe(r.ok ? `<${r.enquiryId}.welcome@www.maternis.health>` : "");

    // Retention: only what is older than RETENTION_MONTHS goes, with its deliveries; it is scheduled daily.
    await store.db.update(enquiries).set({ createdAt: sql`now() - interval '25 months'` });
    const fresh = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "New", email: "new@example.org", interest: "general", message: "Hi" },
      { ip: "10.3.3.4" },
    );
    expect(await purgeExpired(store, 24)).toBe(1);
    const left = await store.db.select().from(enquiries);
    expect(left.map((row) => row.id)).toEqual([fresh.ok ? fresh.enquiryId : ""]);
    expect((await store.db.select().from(deliveries)).every((d) => d.enquiryId === left[0]!.id)).toBe(true);
    expect((await pipeline.platform.boss.getSchedules()).map((s) => s.name)).toContain(RETENTION_QUEUE);
  });
});
