import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { openPipeline, testEnv } from "../../../test/support/pglite";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { waitFor } from "../../../test/support/wait";
import { sendDigest } from "./digest.server";
import { DIGEST_QUEUE } from "./digest.server";
import { queueStaffMail, STAFF_MAIL_QUEUE } from "~/platform/mail/staff-mail.server";

/**
 * The daily digest on both engines: an e-mail dead-lettered by an SMTP outage
 * and an enquiry still new after one business day appear in it, and it
 * reaches the enquiries mailbox through the staff-mail queue; with nothing to
 * say, nothing is queued. The worker schedules it at 08:00 Europe/London.
 */
const { engines, open, smtp } = bothEnginesWithSmtp();

const ENQUIRIES = "enquiries@maternis.test";
const contact = (name: string, email: string) => ({
  name,
  email,
  organization: "Korle Bu",
  role: "Midwife",
  interest: "partnership",
  message: "Hello.",
});

describe.each(engines)("daily digest on $name", (engine) => {
  async function start() {
    const env = testEnv({
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ENQUIRIES_EMAIL: ENQUIRIES,
      // One failed attempt and the e-mail is dead.
      DELIVERY_RETRY_LIMIT: "0",
      ...(await engine.database()),
    });
    const pipeline = await openPipeline(env);
    open.push(pipeline);
    const log = createMemoryLogger();
    const { store, boss } = pipeline.platform;
    const deps = { store, boss, log, siteUrl: env.SITE_URL, enquiriesEmail: ENQUIRIES, mailFrom: env.MAIL_FROM };
    return { pipeline, store, boss, deps, log };
  }

  test("an e-mail dead-lettered by an SMTP outage, and an enquiry still new, are in the digest", async () => {
    const { pipeline, store, deps } = await start();
    smtp.options.outage = "refuse-connect";
    const lost = await pipeline.services.enquiries.submitEnquiry("contact", contact("Ama Mensah", "ama@example.org"), {
      ip: "192.0.2.1",
    });
    if (!lost.ok) throw new Error("setup");
    await waitFor(async () => (await store.db.$count(deliveries, eq(deliveries.status, "dead"))) === 2, {
      timeoutMs: 30_000,
      what: "both e-mails dead-lettered",
    });
    expect(smtp.received).toEqual([]);
    smtp.options.outage = null;

    // A week-old enquiry nobody handled, one that was handled, and old suspected spam: only the first is overdue.
    const old = await pipeline.services.enquiries.submitEnquiry("contact", contact("Kofi Asante", "kofi@example.org"), {
      ip: "192.0.2.2",
    });
    const handled = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      contact("Efua Handled", "efua@example.org"),
      {
        ip: "192.0.2.3",
      },
    );
    const spam = await pipeline.services.enquiries.keepSuspectedSpam(
      "contact",
      contact("Spam Bot", "bot@example.org"),
      "honeypot",
      {
        ip: "192.0.2.4",
      },
    );
    if (!old.ok || !handled.ok || !spam.kept) throw new Error("setup");
    await store.db.execute(
      sql`update enquiries set created_at = now() - interval '8 days' where id <> ${lost.enquiryId}`,
    );
    await store.db.update(enquiries).set({ handledAt: new Date() }).where(eq(enquiries.id, handled.enquiryId));
    await waitFor(() => smtp.received.length >= 4, { what: "the later enquiries' e-mails" });
    smtp.received.length = 0;

    const outcome = await sendDigest(deps);
    expect(outcome).toMatchObject({ sent: true, deadLetters: 2, overdue: 1 });
    const digest = await waitFor(() => smtp.received.find((mail) => mail.subject?.startsWith("Enquiries digest")), {
      what: "the digest",
    });
    expect(digest.subject).toBe("Enquiries digest: 2 e-mails not delivered, 1 enquiry waiting");
    expect(digest.envelopeTo).toEqual([ENQUIRIES]);
    const text = digest.text ?? "";
    expect(text).toContain("Contact from Ama Mensah");
    expect(text).toContain("Notification to enquiries@maternis.test");
    expect(text).toContain("Acknowledgement to ama@example.org");
    expect(text).toContain(`/staff/enquiries/${lost.enquiryId}`);
    expect(text).toContain("/staff?problem=1");
    expect(text).toContain("Contact from Kofi Asante (Korle Bu)");
    expect(text).toContain(`/staff/enquiries/${old.enquiryId}`);
    expect(text).not.toContain("Efua");
    expect(text).not.toContain("Spam Bot");
    expect(digest.html).toContain("Kofi Asante");
  });

  test("with nothing to say, no digest is queued, and the skip is logged", async () => {
    const { pipeline, store, boss, deps, log } = await start();
    // A fresh enquiry (not yet a business day old) is nothing to say either.
    const fresh = await pipeline.services.enquiries.submitEnquiry("contact", contact("Ama Mensah", "ama@example.org"), {
      ip: "192.0.2.1",
    });
    expect(fresh.ok).toBe(true);
    await waitFor(async () => (await store.db.$count(deliveries, eq(deliveries.status, "sent"))) === 2, {
      what: "sent",
    });
    expect(await sendDigest(deps)).toEqual({ sent: false });
    expect(log.entries).toContainEqual(expect.objectContaining({ msg: "daily digest skipped: nothing to say" }));
    // No staff-mail job at all: nothing can send a digest later. The enquiry's
    // two e-mails above came through the same SMTP server (the positive control).
    expect(await boss.findJobs(STAFF_MAIL_QUEUE)).toEqual([]);
    expect(smtp.received.filter((mail) => mail.subject?.startsWith("Enquiries digest"))).toEqual([]);
    expect(smtp.received).toHaveLength(2);
    // The same query finds a staff e-mail once one is queued (the positive control of the first check).
    await queueStaffMail(boss, { to: ["team@maternis.test"], subject: "Control", text: "A control." });
    expect(await boss.findJobs(STAFF_MAIL_QUEUE)).toHaveLength(1);
  });

  test("the worker schedules the digest at 08:00 Europe/London", async () => {
    const { boss } = await start();
    const schedules = await boss.getSchedules(DIGEST_QUEUE);
    expect(schedules).toEqual([
      expect.objectContaining({ name: DIGEST_QUEUE, cron: "0 8 * * *", timezone: "Europe/London" }),
    ]);
  });
});
