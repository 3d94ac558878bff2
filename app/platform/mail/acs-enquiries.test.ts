/**
 * Enquiries delivered through the ACS e-mail SDK against the contract server
 * (test/support/acs.ts): what each kind's e-mails carry, the worker's send
 * gate under a 429, and a retry that never sends an e-mail twice when a poll
 * hangs or an answer is lost (docs/decisions/016-acs-contract-tests.md).
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { deliveryMessageId } from "~/features/enquiries/emails.server";
import { deliveries } from "~/features/enquiries/tables.server";
import { acsOperationId } from "./transport.server";
import type { AcsFault } from "../../../test/support/acs";
import { acsPerFile } from "../../../test/support/acs-site";
import { kwameDemo } from "../../../test/support/fixtures";
import { waitForDeliveriesSettled } from "../../../test/support/pglite";
import { waitFor } from "../../../test/support/wait";

const ENQUIRIES = "enquiries@maternis.test";
const { acs, startPipeline } = acsPerFile();

/** A contact enquiry (a notification and an acknowledgement to send), accepted. */
async function submitContact(pipeline: Site, name: string, email: string, ip: string) {
  const result = await pipeline.services.enquiries.submitEnquiry(
    "contact",
    { name, email, interest: "general", message: "Hello" },
    { ip },
  );
  expect(result.ok).toBe(true);
}

/**
 * A contact enquiry whose first e-mail send meets `fault` (one send's
 * deadline 1.5 s, retries allowed): both its deliveries end sent, one of them
 * at the second attempt. Answers the delivery rows.
 */
async function sentOnRetryAfter(fault: AcsFault, name: string, email: string, ip: string) {
  const { pipeline, store } = await startPipeline({ DELIVERY_RETRY_LIMIT: "3" }, { timeoutMs: 1_500 });
  acs.fault("email-send", fault);
  await submitContact(pipeline, name, email, ip);
  await waitForDeliveriesSettled(pipeline);
  const rows = await store.db.select().from(deliveries);
  expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
  return rows;
}

describe("enquiries through the ACS e-mail SDK", () => {
  test("each kind is delivered: sender from MAIL_FROM, Message-ID, Reply-To, HTML and plain text, UTF-8 names", async () => {
    const { pipeline, store } = await startPipeline();
    const submit = pipeline.services.enquiries.submitEnquiry;
    const contact = await submit(
      "contact",
      { name: "Zoë Ọlá-Ångström", email: "zoe@example.org", interest: "partnership", message: "Bonjour — ça va?" },
      { ip: "203.0.113.1" },
    );
    const demo = await submit("demo", kwameDemo, { ip: "203.0.113.2" });
    const advisory = await submit(
      "advisory",
      { fullName: "Ngozi Okafọ", email: "ngozi@example.org", role: "midwife", country: "Nigeria", reason: "Records" },
      { ip: "203.0.113.3" },
    );
    if (!contact.ok || !demo.ok || !advisory.ok) throw new Error("an enquiry was refused");

    await waitForDeliveriesSettled(pipeline);
    expect(acs.emails).toHaveLength(6);
    expect(acs.requests.every((r) => r.verified)).toBe(true);
    for (const mail of acs.emails) {
      expect(mail.senderAddress).toBe("no-reply@maternis.test");
      expect(mail.html).toMatch(/<html|<table|<p/i);
      expect(mail.plainText?.trim()).toBeTruthy();
      expect(mail.headers["Message-ID"]).toMatch(
        /^<[0-9a-f-]+\.(notification|acknowledgement|welcome)@www\.maternis\.health>$/,
      );
    }
    const to = (address: string) => acs.emails.filter((m) => m.to.some((r) => r.address === address));

    const notifications = to(ENQUIRIES);
    expect(notifications).toHaveLength(3);
    const contactNotification = notifications.find((m) => m.headers["Message-ID"]?.startsWith(`<${contact.enquiryId}`));
    expect(contactNotification?.headers["Message-ID"]).toBe(
      deliveryMessageId(contact.enquiryId, "notification", "https://www.maternis.health"),
    );
    expect(contactNotification?.replyTo).toEqual([{ address: "zoe@example.org", displayName: "Zoë Ọlá-Ångström" }]);
    expect(contactNotification?.plainText).toContain("Zoë Ọlá-Ångström");
    expect(contactNotification?.plainText).toContain("Bonjour — ça va?");
    const advisoryNotification = notifications.find((m) => m.subject === "New Advisory Network Signup - Ngozi Okafọ");
    expect(advisoryNotification?.replyTo).toEqual([{ address: "ngozi@example.org", displayName: "Ngozi Okafọ" }]);

    const acknowledgement = to("zoe@example.org");
    expect(acknowledgement).toHaveLength(1);
    expect(acknowledgement[0]!.replyTo).toEqual([]);
    expect(acknowledgement[0]!.plainText).toContain("Hi Zoë,");
    expect(to("kwame@example.org").map((m) => m.subject)).toEqual(["Thank you for requesting a demo"]);
    expect(to("ngozi@example.org").map((m) => m.subject)).toEqual(["Welcome to the Advisory Network"]);

    const rows = await store.db.select().from(deliveries);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // The provider's id of each e-mail is the operation's id.
    expect(new Set(rows.map((r) => r.providerMessageId))).toEqual(new Set(acs.emails.map((m) => m.operationId)));
  });

  test("a 429 closes the worker's send gate for its Retry-After; the e-mail goes later, no retry burned", async () => {
    // No retries at all: a send that failed its job would be dead-lettered at once.
    const { pipeline, store } = await startPipeline({ DELIVERY_RETRY_LIMIT: "0", WORKER_CONCURRENCY: "1" });
    acs.fault("email-send", { status: 429, retryAfter: "1" });
    await submitContact(pipeline, "Busy Service", "busy@example.org", "192.0.2.10");
    await waitForDeliveriesSettled(pipeline);

    const sends = acs.requests.filter((r) => r.route === "email-send");
    const limited = sends.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    const after = sends.filter((r) => r.at > limited!.at);
    // Positive control: sends did happen after the 429, and none before the second it asked for.
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const send of after) expect(send.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(acs.emails).toHaveLength(2);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status).sort()).toEqual(["sent", "sent"]);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
  });

  test("a poll that hangs times out; the retry asks the service first and does not send the e-mail again", async () => {
    const { pipeline, store } = await startPipeline({ DELIVERY_RETRY_LIMIT: "3" }, { timeoutMs: 1_500 });
    // A poll of a send in progress hangs (asking about an operation the service never had still answers 404).
    acs.fault("email-poll", "hang", 1, "known");
    await submitContact(pipeline, "Slow Service", "slow@example.org", "192.0.2.11");
    const failed = await waitFor(
      async () =>
        (await store.db.select().from(deliveries).where(eq(deliveries.status, "failed"))).find((r) => r.lastError),
      { what: "the send whose poll hung to fail" },
    );
    expect(failed.lastError).toBe("Azure Communication Services did not answer within 1.5 s");
    expect(acs.hungCount()).toBe(1);

    await waitForDeliveriesSettled(pipeline);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    const retried = rows.find((r) => r.id === failed.id)!;
    expect(retried.attempts).toBe(2);
    // The service had the e-mail: the retry found its operation and waited for it, sending nothing.
    const mine = acs.emails.filter((m) => m.to[0]?.address === failed.recipient);
    expect(mine).toHaveLength(1);
    expect(retried.providerMessageId).toBe(mine[0]!.operationId);
    expect(mine[0]!.operationId).toBe(acsOperationId(mine[0]!.headers["Message-ID"]!, 0));
    expect(acs.emails).toHaveLength(2);
  });

  test("a send whose answer is lost (accepted, then silence) is not sent again by the retry", async () => {
    await sentOnRetryAfter("accept-then-hang", "Lost Answer", "lost@example.org", "192.0.2.13");
    expect(acs.hungCount()).toBe(1);
    // Two deliveries, two e-mails: the one whose answer was lost was sent once.
    expect(acs.emails).toHaveLength(2);
    expect(new Set(acs.emails.map((m) => m.headers["Message-ID"])).size).toBe(2);
    expect(acs.requests.filter((r) => r.route === "email-send")).toHaveLength(2);
  });

  test("positive control: a send the service never received is sent by the retry", async () => {
    const rows = await sentOnRetryAfter("hang", "Never Received", "never@example.org", "192.0.2.14");
    // Three sends reached the service (one hung before it took the e-mail), and both e-mails went, once each.
    expect(acs.requests.filter((r) => r.route === "email-send")).toHaveLength(3);
    expect(acs.emails).toHaveLength(2);
    const retried = rows.find((r) => r.attempts === 2)!;
    const sent = acs.emails.find((m) => m.to[0]?.address === retried.recipient)!;
    // Sent under the first operation id: the service had never had it.
    expect(sent.operationId).toBe(acsOperationId(sent.headers["Message-ID"]!, 0));
  });

  test("a wrong access key: the delivery's error is one line naming ACS_CONNECTION_STRING", async () => {
    const wrong = acs.connectionStringWithKey(Buffer.alloc(64, 1).toString("base64"));
    const { pipeline, store } = await startPipeline({ ACS_CONNECTION_STRING: wrong, DELIVERY_RETRY_LIMIT: "0" });
    await submitContact(pipeline, "Wrong Key", "key@example.org", "192.0.2.12");
    await waitForDeliveriesSettled(pipeline);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status)).toEqual(["dead", "dead"]);
    for (const row of rows) {
      expect(row.lastError).toBe(
        "Azure Communication Services refused the request (401 Denied): check the access key in ACS_CONNECTION_STRING",
      );
      expect(row.lastError).not.toContain(Buffer.alloc(64, 1).toString("base64"));
    }
    expect(acs.emails).toHaveLength(0);
    expect(acs.requests.filter((r) => r.status === 401)).toHaveLength(2);
  });
});
