/**
 * The delivery pipeline end to end, against the embedded database and a real
 * PostgreSQL server, with a real SMTP server on loopback: what each kind's
 * e-mails carry, their order, and that every e-mail is delivered exactly once
 * through an SMTP outage, a busy relay and a worker restart. What a
 * submission stores or refuses: ./submit.test.ts; the operators' tools:
 * ./operations.test.ts.
 */
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { deliveryMessageId } from "./emails.server";
import { DELIVERY_QUEUE } from "./queues.server";
import { rowsOf } from "~/platform/db/db.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { kwameDemo } from "../../../test/support/fixtures";
import { waitForDeliveriesSettled } from "../../../test/support/pglite";
import type { ReceivedMail } from "../../../test/support/smtp";
import { waitFor } from "../../../test/support/wait";

const { smtp, engines, closeNow, pipelinesOn } = bothEnginesWithSmtp();

const ENQUIRIES = "enquiries@maternis.test";

describe.each(engines)("enquiry pipeline on $name", (engine) => {
  const start = pipelinesOn(engine);

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
      { ...kwameDemo, preferredDate: "2026-03-12", message: "A morning slot, please." },
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

  /**
   * On a pipeline started with `env`, an advisory signup whose welcome to `address` the SMTP server
   * refuses (`refusals`: smtp.defer, a temporary failure; smtp.reject, for good) is given up: while
   * the welcome is still being tried no notification exists; then the notification goes, flagged.
   * Answers the welcome's row and the pipeline's store.
   */
  async function welcomeGivenUp(env: Record<string, string>, refusals: Set<string>, address: string) {
    const { pipeline, store } = await start(env);
    refusals.add(address);
    const result = await pipeline.services.enquiries.submitEnquiry(
      "advisory",
      { fullName: "Chidi Eze", email: address, role: "doctor", country: "Nigeria", reason: "Interested" },
      { ip: "198.51.100.7" },
    );
    expect(result.ok).toBe(true);
    const welcome = await waitFor(
      async () => {
        const rows = await store.db.select().from(deliveries);
        const w = rows.find((r) => r.kind === "welcome");
        if (w?.status !== "dead") expect(rows.filter((r) => r.kind === "notification")).toHaveLength(0);
        return w?.status === "dead" ? w : undefined;
      },
      { what: "the welcome to be dead-lettered", intervalMs: 50 },
    );
    // Settled: the worker records "sent" only after the SMTP exchange, so wait for the rows, not the mailbox.
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received).toHaveLength(1);
    const notification = bySubject("New Advisory Network Signup - Chidi Eze");
    expect(notification.envelopeTo).toEqual([ENQUIRIES]);
    expect(content(notification)).toContain("could not be delivered");
    const [row] = await store.db.select().from(deliveries).where(eq(deliveries.kind, "notification"));
    expect(row?.status).toBe("sent");
    return { welcome, store };
  }

  test("the notification waits for the welcome; a welcome that keeps failing is given up after its retries, and still yields a flagged notification", async () => {
    const { welcome } = await welcomeGivenUp({ DELIVERY_RETRY_LIMIT: "2" }, smtp.defer, "later@example.org");
    expect(welcome.attempts).toBe(3);
    expect(welcome.lastError).toContain("Temporary failure");
  });

  test("a welcome its address refuses for good (550) is given up at once, not retried for half a day; the job rows keep the refusal without the address", async () => {
    const { welcome, store } = await welcomeGivenUp({ DELIVERY_RETRY_LIMIT: "10" }, smtp.reject, "bounce@example.org");
    expect(welcome.attempts).toBe(1);
    expect(welcome.lastError).toContain("Mailbox unavailable");
    // ADR 013, no personal data in a job row: the delivery's own row, beside the enquiry that holds
    // the address anyway, keeps the refusal whole; the job rows keep it without the address.
    expect(welcome.lastError).toContain("bounce@example.org");
    const outputs = rowsOf<{ output: string }>(
      await store.db.execute(
        sql`select output::text as output from pgboss.job where name = ${DELIVERY_QUEUE} and output is not null`,
      ),
    ).map((job) => job.output);
    expect(outputs.join("\n")).toContain("Mailbox unavailable");
    expect(outputs.join("\n")).not.toContain("bounce@example.org");
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
});
