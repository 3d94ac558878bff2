import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { describe, expect, test } from "vitest";
import { createLogger, createMemoryLogger, type Logger } from "~/platform/log.server";
import type { Env } from "~/platform/env.server";
import { openSite, type Site } from "~/site.server";
import { COMMUNICATION_PATH } from "~/features/communication-api/api.server";
import { deliveryMessageId } from "~/features/enquiries/emails.server";
import { deliveries } from "~/features/enquiries/tables.server";
import { textMessages } from "~/features/text-messages/tables.server";
import {
  TransportConfigError,
  acsOperationId,
  createMailTransport,
  createSmsTransport,
  type AcsClientSettings,
} from "./transport.server";
import { startAcsServer } from "../../../test/support/acs";
import { closedAfterEach, serverPerFile } from "../../../test/support/per-file";
import { preparedDataDir, testEnv, waitForDeliveriesSettled } from "../../../test/support/pglite";
import { waitFor } from "../../../test/support/wait";

/**
 * The ACS transports through the official SDKs (@azure/communication-email,
 * @azure/communication-sms; nothing of them is mocked) against a contract
 * server that speaks the service's REST protocol on loopback over HTTPS and
 * verifies every request's HMAC signature (test/support/acs.ts).
 */
const log = createLogger("silent");
const ENQUIRIES = "enquiries@maternis.test";
const API_KEY = "test-key-0123456789abcdefghijklmnop";
// Registered first, so that its reset runs after the test's pipelines are closed.
const acs = serverPerFile("ACS contract server", startAcsServer, (server) => server.reset());
const { open, cleanups } = closedAfterEach<Site>();

/** The SDK trusts the contract server's throwaway certificate through its own pipeline option. */
const trust = (extra: AcsClientSettings = {}): AcsClientSettings => ({ tlsOptions: { ca: acs.ca }, ...extra });

function acsEnv(overrides: Record<string, string> = {}): Env {
  return testEnv({
    MAIL_TRANSPORT: "acs",
    SMS_TRANSPORT: "acs",
    ACS_CONNECTION_STRING: acs.connectionString,
    SMS_FROM: "+447700900001",
    MAIL_FROM: "Maternis <no-reply@maternis.test>",
    ...overrides,
  });
}

/** A pipeline whose transports are the ones MAIL_TRANSPORT/SMS_TRANSPORT choose, trusting the contract server. */
async function startPipeline(
  overrides: Record<string, string> = {},
  settings: AcsClientSettings = {},
  options: { log?: Logger; smsGraceMs?: number } = {},
) {
  const data = await preparedDataDir();
  cleanups.push(data.remove);
  const env = acsEnv({ DATA_DIR: data.dir, ...overrides });
  const pipeline = await openSite({
    env,
    log: options.log ?? log,
    mail: createMailTransport(env, log, trust(settings)),
    sms: createSmsTransport(env, log, trust(settings)),
    // Unset: a text message is the worker's only after the endpoint's own attempt has surely ended
    // (a shorter grace lets the worker send it too while a slow first attempt is still under way).
    smsGraceMs: options.smsGraceMs,
  });
  open.push(pipeline);
  return { pipeline, store: pipeline.platform.store };
}

/** A contact enquiry (a notification and an acknowledgement to send), accepted. */
async function submitContact(pipeline: Site, name: string, email: string, ip: string) {
  const result = await pipeline.services.enquiries.submitEnquiry(
    "contact",
    { name, email, interest: "general", message: "Hello" },
    { ip },
  );
  expect(result.ok).toBe(true);
}

/** POST /functions/v1/azure-communication served by a pipeline with the ACS transports; e-mail to example.org allowed. */
async function startEndpoint(
  overrides: Record<string, string> = {},
  options: { log?: Logger; smsGraceMs?: number } = {},
) {
  const { pipeline, store } = await startPipeline(
    { COMMUNICATION_API_KEY: API_KEY, COMMUNICATION_EMAIL_DOMAINS: "example.org", ...overrides },
    {},
    options,
  );
  const app = express();
  app.use(pipeline.services.communicationApi);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  cleanups.push(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${COMMUNICATION_PATH}`;
  const post = async (body: unknown) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${API_KEY}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return Object.assign(post, { store });
}

/** A request with no signature, trusting the server's certificate. */
function rawPost(pathAndQuery: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpsRequest(
      new URL(`${acs.endpoint.replace(/\/$/, "")}${pathAndQuery}`),
      { method: "POST", ca: acs.ca },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const email = {
  to: "partner@example.org",
  subject: "Quarterly report",
  htmlContent: "<p>Attached</p>",
  textContent: "Attached",
};

describe("the ACS contract server", () => {
  test("refuses a request without a valid signature with 401, and one signed with another key", async () => {
    const unsigned = await rawPost("/emails:send?api-version=2025-09-01", "{}");
    expect(unsigned.status).toBe(401);
    expect(JSON.parse(unsigned.body)).toMatchObject({ error: { code: "Denied" } });

    const wrongKey = createMailTransport(
      acsEnv({ ACS_CONNECTION_STRING: acs.connectionStringWithKey(Buffer.alloc(64, 7).toString("base64")) }),
      log,
      trust(),
    );
    await expect(wrongKey.sendEmail({ to: ["a@example.org"], subject: "Hi", text: "Hi" })).rejects.toThrow(
      /ACS_CONNECTION_STRING/,
    );
    expect(acs.requests).toContainEqual(expect.objectContaining({ route: "email-send", verified: false, status: 401 }));
    expect(acs.emails).toHaveLength(0);

    // Positive control: the right key passes the same check.
    const right = createMailTransport(acsEnv(), log, trust());
    await right.sendEmail({ to: ["a@example.org"], subject: "Hi", text: "Hi" });
    expect(acs.emails).toHaveLength(1);
    expect(acs.requests.filter((r) => r.verified).map((r) => r.route)).toEqual([
      "email-send",
      "email-poll",
      "email-poll",
    ]);
  });
});

describe("each e-mail sent once", () => {
  const message = (messageId: string) => ({
    to: ["once@example.org"],
    subject: "Once",
    text: "Once",
    messageId,
  });

  test("a retry of an e-mail the service already sent sends nothing and answers its operation", async () => {
    const transport = createMailTransport(acsEnv(), log, trust());
    const first = await transport.sendEmail(message("<m1@maternis.test>"));
    expect(first.messageId).toBe(acsOperationId("<m1@maternis.test>", 0));
    const again = await transport.sendEmail(message("<m1@maternis.test>"));
    expect(again).toEqual(first);
    expect(acs.emails).toHaveLength(1);
    // Positive control: another Message-ID is another e-mail.
    await transport.sendEmail(message("<m2@maternis.test>"));
    expect(acs.emails.map((m) => m.headers["Message-ID"])).toEqual(["<m1@maternis.test>", "<m2@maternis.test>"]);
  });

  test("after a Failed operation the retry sends again, under the next operation id", async () => {
    const transport = createMailTransport(acsEnv(), log, trust());
    acs.settings.emailOutcome = () => ({ status: "Failed", error: { code: "Transient", message: "Try again" } });
    await expect(transport.sendEmail(message("<m3@maternis.test>"))).rejects.toThrow("Try again");
    acs.settings.emailOutcome = () => ({ status: "Succeeded" });
    const sent = await transport.sendEmail(message("<m3@maternis.test>"));
    expect(sent.messageId).toBe(acsOperationId("<m3@maternis.test>", 1));
    expect(acs.emails.map((m) => m.operationId)).toEqual([
      acsOperationId("<m3@maternis.test>", 0),
      acsOperationId("<m3@maternis.test>", 1),
    ]);
    // A third attempt finds the second one sent and sends nothing.
    expect(await transport.sendEmail(message("<m3@maternis.test>"))).toEqual(sent);
    expect(acs.emails).toHaveLength(2);
  });

  test("a status request that times out sends nothing; the next attempt sends", async () => {
    const transport = createMailTransport(acsEnv(), log, trust({ timeoutMs: 1_000 }));
    acs.fault("email-poll", "hang", 1, "unknown");
    await expect(transport.sendEmail(message("<m4@maternis.test>"))).rejects.toThrow(/did not answer within 1 s/);
    expect(acs.requests.filter((r) => r.route === "email-send")).toHaveLength(0);
    await transport.sendEmail(message("<m4@maternis.test>"));
    expect(acs.emails).toHaveLength(1);
  });
});

describe("enquiries through the ACS e-mail SDK", () => {
  test("each kind is delivered: sender from MAIL_FROM, Message-ID, Reply-To, HTML and plain text, UTF-8 names", async () => {
    const { pipeline, store } = await startPipeline();
    const submit = pipeline.services.enquiries.submitEnquiry;
    const contact = await submit(
      "contact",
      { name: "Zoë Ọlá-Ångström", email: "zoe@example.org", interest: "partnership", message: "Bonjour — ça va?" },
      { ip: "203.0.113.1" },
    );
    const demo = await submit(
      "demo",
      {
        fullName: "Kwame Boateng",
        email: "kwame@example.org",
        organization: "Ghana Health Service",
        role: "government",
      },
      { ip: "203.0.113.2" },
    );
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
    const { pipeline, store } = await startPipeline({ DELIVERY_RETRY_LIMIT: "3" }, { timeoutMs: 1_500 });
    acs.fault("email-send", "accept-then-hang");
    await submitContact(pipeline, "Lost Answer", "lost@example.org", "192.0.2.13");
    await waitForDeliveriesSettled(pipeline);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(acs.hungCount()).toBe(1);
    // Two deliveries, two e-mails: the one whose answer was lost was sent once.
    expect(acs.emails).toHaveLength(2);
    expect(new Set(acs.emails.map((m) => m.headers["Message-ID"])).size).toBe(2);
    expect(acs.requests.filter((r) => r.route === "email-send")).toHaveLength(2);
  });

  test("positive control: a send the service never received is sent by the retry", async () => {
    const { pipeline, store } = await startPipeline({ DELIVERY_RETRY_LIMIT: "3" }, { timeoutMs: 1_500 });
    acs.fault("email-send", "hang");
    await submitContact(pipeline, "Never Received", "never@example.org", "192.0.2.14");
    await waitForDeliveriesSettled(pipeline);
    const rows = await store.db.select().from(deliveries);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
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

describe("the communication endpoint with ACS", () => {
  test("send_email and send_sms reach ACS signed; the answer carries the provider's id", async () => {
    const post = await startEndpoint();
    const sent = await post({ action: "send_email", data: { ...email, to: ["a@example.org", "b@example.org"] } });
    expect(sent.status).toBe(200);
    // One e-mail per recipient, each with only its own address.
    expect(acs.emails).toHaveLength(2);
    const [a, b] = ["a@example.org", "b@example.org"].map((address) =>
      acs.emails.find((m) => m.to[0]?.address === address)!,
    );
    for (const [mail, address] of [
      [a, "a@example.org"],
      [b, "b@example.org"],
    ] as const) {
      expect(mail).toMatchObject({
        senderAddress: "no-reply@maternis.test",
        to: [{ address }],
        cc: [],
        bcc: [],
        subject: "Quarterly report",
        html: "<p>Attached</p>",
        plainText: "Attached",
        replyTo: [],
      });
    }
    expect(sent.body).toEqual({
      success: true,
      messageId: `${a!.operationId},${b!.operationId}`,
      results: [
        { index: 0, status: "sent", messageId: a!.operationId },
        { index: 1, status: "sent", messageId: b!.operationId },
      ],
    });

    const text = await post({
      action: "send_sms",
      data: { to: ["+447700900123", "+233201234567"], message: "Visit at 10:00 — OK?" },
    });
    expect(text.status).toBe(200);
    // One request per recipient: each is a stored message of its own (retried, erased and exported by number).
    const texts = [...acs.sms].sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
    expect(texts).toEqual([
      {
        from: "+447700900001",
        to: ["+233201234567"],
        message: "Visit at 10:00 — OK?",
        messageIds: [expect.any(String)],
      },
      {
        from: "+447700900001",
        to: ["+447700900123"],
        message: "Visit at 10:00 — OK?",
        messageIds: [expect.any(String)],
      },
    ]);
    expect(String(text.body.messageId).split(",").sort()).toEqual(texts.map((sms) => sms.messageIds[0]).sort());
    expect(text.body.success).toBe(true);
    expect(text.body.results).toEqual([
      { index: 0, status: "sent", messageId: texts[1]!.messageIds[0] },
      { index: 1, status: "sent", messageId: texts[0]!.messageIds[0] },
    ]);
    expect(
      (await post.store.db.select().from(textMessages)).map((row) => [row.recipient, row.status, row.attempts]).sort(),
    ).toEqual([
      ["+233201234567", "sent", 1],
      ["+447700900123", "sent", 1],
    ]);
    expect(acs.requests.every((r) => r.verified)).toBe(true);
  });

  test("a Failed operation, a 400 and a refused SMS recipient are a 502 with the spec's text; the service's is logged", async () => {
    const captured = createMemoryLogger();
    const post = await startEndpoint({}, { log: captured });
    const logged = () =>
      captured.entries.filter((entry) => entry.msg === "communication failed").map((entry) => entry.error);
    acs.settings.emailOutcome = () => ({
      status: "Failed",
      error: {
        code: "EmailDroppedAllRecipientsSuppressed",
        message: "Message dropped because all recipients were suppressed",
      },
    });
    expect(await post({ action: "send_email", data: email })).toEqual({
      status: 502,
      body: { error: "Failed to send email" },
    });

    acs.fault("email-send", {
      status: 400,
      code: "InvalidSenderDomain",
      message: "Sender domain has not been linked.",
    });
    expect(await post({ action: "send_email", data: email })).toEqual({
      status: 502,
      body: { error: "Failed to send email" },
    });
    expect(logged()).toEqual([
      "Message dropped because all recipients were suppressed",
      "Sender domain has not been linked.",
    ]);

    acs.settings.smsOutcome = (to) =>
      to === "+447700900999"
        ? { successful: false, httpStatusCode: 400, errorMessage: "Invalid To phone number format." }
        : { successful: true };
    const mixed = await post({ action: "send_sms", data: { to: ["+447700900123", "+447700900999"], message: "Hi" } });
    expect(mixed).toEqual({
      status: 502,
      body: {
        error: "Failed to send SMS",
        results: [
          { index: 0, status: "sent", messageId: expect.any(String) },
          { index: 1, status: "failed" },
        ],
      },
    });
    acs.settings.smsOutcome = () => ({ successful: false, httpStatusCode: 400 });
    expect(await post({ action: "send_sms", data: { to: "+447700900123", message: "Hi" } })).toEqual({
      status: 502,
      body: { error: "Failed to send SMS" },
    });
    expect(logged().slice(2)).toEqual(["Invalid To phone number format.", "Failed to send SMS"]);
    // Every one of these reached the service, signed (one request per recipient).
    expect(acs.requests.filter((r) => r.route === "sms-send" && r.verified)).toHaveLength(3);
    // A refused message is given up at once: retrying cannot help. Its text is kept on it.
    expect(
      (await post.store.db.select().from(textMessages)).filter((row) => row.status === "dead").map((r) => r.lastError),
    ).toEqual(expect.arrayContaining(["Invalid To phone number format.", "Failed to send SMS"]));
    // No recipient reached the log.
    expect(JSON.stringify(captured.entries)).not.toMatch(/partner@example\.org|\+447700900/);
  });

  test("an SMS the service cannot take yet (a 500 for its recipient) is accepted, stored and sent by the worker later", async () => {
    // The first attempt fails at once: the worker takes the message after a second, not a minute.
    const post = await startEndpoint({}, { smsGraceMs: 1000 });
    acs.settings.smsOutcome = () => ({ successful: false, httpStatusCode: 500 });
    expect(await post({ action: "send_sms", data: { to: "+447700900123", message: "Visit at 10:00" } })).toEqual({
      status: 202,
      body: { success: true, queued: true },
    });
    const [stored] = await post.store.db.select().from(textMessages);
    expect(stored).toMatchObject({ status: "failed", attempts: 1, lastError: "Failed to send SMS" });

    acs.settings.smsOutcome = () => ({ successful: true });
    const sent = await waitFor(async () => {
      const [row] = await post.store.db.select().from(textMessages).where(eq(textMessages.id, stored!.id));
      return row?.status === "sent" ? row : null;
    });
    expect(sent.attempts).toBe(2);
    expect(sent.providerMessageId).toBe(acs.sms.at(-1)!.messageIds[0]);
    expect(acs.sms.map((sms) => sms.to)).toEqual([["+447700900123"], ["+447700900123"]]);
  });

  test("a recipient outside the allowed domains or prefixes never reaches ACS", async () => {
    const post = await startEndpoint();
    expect(
      (await post({ action: "send_email", data: { ...email, to: ["a@example.org", "b@elsewhere.test"] } })).status,
    ).toBe(403);
    expect(
      (await post({ action: "send_sms", data: { to: ["+447700900123", "+15555550100"], message: "Hi" } })).status,
    ).toBe(403);
    expect(acs.requests).toHaveLength(0);
    // Positive control: allowed ones do.
    expect((await post({ action: "send_email", data: { ...email, to: ["a@example.org"] } })).status).toBe(200);
    expect(acs.emails.map((m) => m.to)).toEqual([[{ address: "a@example.org" }]]);
  });

  test("a number that is not E.164 is a 400 and never reaches ACS", async () => {
    const post = await startEndpoint();
    for (const to of ["07700900123", "+0447700900123", "+44 7700 900123", "+44770090012345678"]) {
      const res = await post({ action: "send_sms", data: { to, message: "Hi" } });
      expect(res.status, to).toBe(400);
      expect(res.body.error).toMatch(/E\.164/);
    }
    expect(acs.requests).toHaveLength(0);
    // Positive control: a valid number does reach it.
    expect((await post({ action: "send_sms", data: { to: "+447700900123", message: "Hi" } })).status).toBe(200);
    expect(acs.requests).toHaveLength(1);
  });
});

describe("ACS configuration at start-up", () => {
  test("a malformed ACS_CONNECTION_STRING or a missing SMS_FROM is one line naming the variable, never the key", () => {
    const secret = Buffer.alloc(48, 9).toString("base64");
    for (const value of [
      `endpoint=http://x.communication.azure.com/;accesskey=${secret}`,
      `accesskey=${secret}`,
      "endpoint=https://x/;accesskey=not base64!",
    ]) {
      const env = acsEnv({ ACS_CONNECTION_STRING: value });
      let error: unknown;
      try {
        createMailTransport(env, log);
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(TransportConfigError);
      expect((error as Error).message).toMatch(/^ACS_CONNECTION_STRING/);
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain("\n");
    }
    expect(() =>
      createSmsTransport(testEnv({ SMS_TRANSPORT: "acs", ACS_CONNECTION_STRING: acs.connectionString }), log),
    ).toThrow(/^SMS_TRANSPORT=acs needs SMS_FROM/);
    // Positive control: the contract server's own connection string is accepted.
    expect(createMailTransport(acsEnv(), log).name).toBe("acs");
  });
});
