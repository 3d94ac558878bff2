import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger, createMemoryLogger, type Logger } from "~/platform/log.server";
import { tempDataDir, testEnv } from "../../../test/support/pglite";
import { freePort } from "../../../test/support/server-process";
import { startSmtpServer, type TestSmtpServer } from "../../../test/support/smtp";
import {
  COMMUNICATION_PATH,
  MAX_BODY_BYTES,
  bearerMatches,
  communicationPolicyFromEnv,
  communicationRouter,
} from "./api.server";
import {
  SendError,
  fileSmsTransport,
  smtpMailTransport,
  type MailTransport,
  type SmsTransport,
} from "~/platform/mail/transport.server";
import { openSite, type Site } from "~/site.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { sendTextMessages } from "~/features/text-messages/send.server";

/** POST /functions/v1/azure-communication against real transports: an SMTP server on loopback and the file SMS outbox. */
const KEY = "test-key-0123456789abcdefghijklmnop";
const log = createLogger("silent");
let smtp: TestSmtpServer;
const data = tempDataDir();
const servers: { close(): void }[] = [];
const transports: MailTransport[] = [];

/**
 * The endpoint on its own server. Recipients at example.org are allowed (the
 * default is the company's own domain), with a quota out of the way unless
 * `env` sets one; `log` captures what it logs.
 */
async function serve(
  options: {
    apiKey?: string;
    mail?: MailTransport;
    sms?: SmsTransport;
    env?: Record<string, string>;
    log?: Logger;
  } = {},
) {
  const mail = options.mail ?? smtpMailTransport({ from: "Maternis <no-reply@maternis.test>", url: smtp.url });
  transports.push(mail);
  const env = testEnv({
    COMMUNICATION_EMAIL_DOMAINS: "example.org",
    COMMUNICATION_RECIPIENTS_PER_MINUTE: "100000",
    COMMUNICATION_RECIPIENTS_PER_DAY: "100000",
    ...options.env,
  });
  const app = express();
  app.use(
    communicationRouter({
      apiKey: options.apiKey,
      mail,
      // Text messages are stored (in this file's one pipeline) before they are sent through `sms`.
      sendSms: (request) =>
        sendTextMessages(
          {
            ...pipeline.platform,
            sms: options.sms ?? fileSmsTransport({ outbox: path.join(data.dir, "outbox"), log }),
            log,
          },
          request,
        ),
      store: pipeline.platform.store,
      policy: communicationPolicyFromEnv(env),
      log: options.log ?? log,
    }),
  );
  app.use((_req, res) => void res.status(404).send("page 404"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${COMMUNICATION_PATH}`;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${KEY}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const email = {
  to: "partner@example.org",
  subject: "Quarterly report",
  htmlContent: "<p>Attached</p>",
  textContent: "Attached",
};

let pipeline: Site;
const pipelineData = tempDataDir();

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No worker: what the endpoint could not send stays stored, for the tests to read.
  pipeline = await openSite({
    env: testEnv({ DATA_DIR: pipelineData.dir }),
    log,
    runWorker: false,
  });
});
afterAll(async () => {
  for (const server of servers) server.close();
  for (const transport of transports) transport.close();
  await smtp.stop();
  await pipeline?.close();
  data.remove();
  pipelineData.remove();
});

describe("the communication endpoint", () => {
  test("answers 404 when no key is configured", async () => {
    const url = await serve({});
    const res = await post(url, { action: "send_email", data: email });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  test("401 without the right bearer key", async () => {
    const url = await serve({ apiKey: KEY });
    for (const authorization of ["", "Bearer wrong-key", `Basic ${KEY}`, `Bearer ${KEY}x`]) {
      const res = await post(url, { action: "send_email", data: email }, { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ error: "Unauthorized" });
    }
    expect(bearerMatches(`Bearer ${KEY}`, KEY)).toBe(true);
    expect(bearerMatches("Bearer ", KEY)).toBe(false);
  });

  test("415 unless the body is JSON", async () => {
    const url = await serve({ apiKey: KEY });
    const res = await post(url, "action=send_email", { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/application\/json/);
  });

  test("413 over 64 KB", async () => {
    const url = await serve({ apiKey: KEY });
    const res = await post(url, { action: "send_email", data: { ...email, htmlContent: "x".repeat(MAX_BODY_BYTES) } });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/65536 bytes/);
  });

  test("400 with a message for invalid JSON or data", async () => {
    const url = await serve({ apiKey: KEY });
    const cases: [unknown, RegExp][] = [
      ["{not json", /not valid JSON/],
      [{ action: "send_fax", data: {} }, /send_email or send_sms/],
      [{ action: "send_email", data: { ...email, to: "nobody" } }, /to/],
      [{ action: "send_email", data: { ...email, subject: "Hi\r\nBcc: victim@example.org" } }, /single line/],
      [{ action: "send_email", data: { to: "a@example.org", subject: "Hi" } }, /htmlContent or textContent/],
      [{ action: "send_sms", data: { to: "07700 900123", message: "Hi" } }, /E\.164/],
      [{ action: "send_sms", data: { to: "+447700900123" } }, /message/],
    ];
    for (const [body, message] of cases) {
      const res = await post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { error: string };
      expect(json.error).toMatch(message);
      expect(json.error).not.toMatch(/at .*\.ts/); // never a stack trace
    }
  });

  test("200 with the message id when the e-mail is sent through SMTP", async () => {
    const url = await serve({ apiKey: KEY });
    const before = smtp.received.length;
    const res = await post(url, { action: "send_email", data: email });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { success: boolean; messageId: string };
    expect(json.success).toBe(true);
    expect(json.messageId).toMatch(/^<.+@.+>$/);
    const mail = smtp.received[before]!;
    expect(mail.subject).toBe("Quarterly report");
    expect(mail.envelopeTo).toEqual(["partner@example.org"]);
    expect(mail.messageId).toBe(json.messageId);
    expect(mail.text?.trim()).toBe("Attached");
  });

  test("200 for an SMS through the file transport", async () => {
    const url = await serve({ apiKey: KEY });
    const res = await post(url, {
      action: "send_sms",
      data: { to: "+447700900123", message: "Your appointment is at 10:00" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).messageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("502 with the spec's fallback text when sending fails; the provider's text goes to the log only", async () => {
    smtp.reject.add("bounce@example.org");
    const captured = createMemoryLogger();
    const url = await serve({ apiKey: KEY, log: captured });
    const rejected = await post(url, { action: "send_email", data: { ...email, to: "bounce@example.org" } });
    expect(rejected.status).toBe(502);
    expect(await rejected.json()).toEqual({ error: "Failed to send email" });
    const failure = captured.entries.find((entry) => entry.msg === "communication failed");
    expect(failure).toMatchObject({
      action: "send_email",
      position: "to",
      error: expect.stringMatching(/Mailbox unavailable/),
    });
    expect(JSON.stringify(captured.entries)).not.toContain("bounce@example.org");

    const downLog = createMemoryLogger();
    const down = await serve({
      apiKey: KEY,
      mail: smtpMailTransport({ from: "x@maternis.test", url: `smtp://127.0.0.1:${await freePort()}` }),
      log: downLog,
    });
    const refused = await post(down, { action: "send_email", data: email });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: "Failed to send email" });
    expect(downLog.entries.find((entry) => entry.msg === "communication failed")?.error).toMatch(/ECONNREFUSED/);

    const blocked = path.join(data.dir, "blocked");
    writeFileSync(blocked, "not a folder");
    const smsDown = await serve({ apiKey: KEY, sms: fileSmsTransport({ outbox: blocked, log }) });
    const sms = await post(smsDown, { action: "send_sms", data: { to: "+447700900124", message: "Hi" } });
    // The outbox cannot be written now, which may pass: the message is kept for the worker's retries.
    expect(sms.status).toBe(202);
    expect(await sms.json()).toEqual({ success: true, queued: true });
    const [kept] = await pipeline.platform.store.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.recipient, "+447700900124"));
    expect(kept).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/\S/) });
  });

  test("an SMS the provider refuses: 502 'Failed to send SMS', its text logged without the number", async () => {
    const refusing: SmsTransport = {
      name: "acs",
      sendSms: ({ to }) =>
        Promise.reject(new SendError(`Invalid To phone number ${to[0]} for this route.`, { permanent: true })),
    };
    const captured = createMemoryLogger();
    const url = await serve({ apiKey: KEY, sms: refusing, log: captured });
    const res = await post(url, { action: "send_sms", data: { to: "+447700900130", message: "Hi" } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "Failed to send SMS" });
    const failure = captured.entries.find((entry) => entry.msg === "communication failed");
    expect(failure).toMatchObject({ action: "send_sms", position: "to", outcome: "failed" });
    expect(String(failure?.error)).toMatch(/^Invalid To phone number \[phone\] for this route\.$/);
    expect(JSON.stringify(captured.entries)).not.toContain("+447700900130");
    // Positive control: the same request through a provider that takes it.
    const ok = await post(await serve({ apiKey: KEY }), {
      action: "send_sms",
      data: { to: "+447700900130", message: "Hi" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("one message per recipient", () => {
  test("two recipients get two e-mails, each with only their own address and its own Message-ID", async () => {
    const url = await serve({ apiKey: KEY });
    const res = await post(url, {
      action: "send_email",
      data: { ...email, to: ["first@example.org", "second@example.org"] },
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { success: boolean; messageId: string; results: unknown[] };
    const byRecipient = ["first@example.org", "second@example.org"].map((address) => {
      const mine = smtp.received.filter((mail) => mail.envelopeTo.includes(address));
      expect(mine, address).toHaveLength(1);
      return mine[0]!;
    });
    for (const [i, mail] of byRecipient.entries()) {
      const address = ["first@example.org", "second@example.org"][i]!;
      expect(mail.envelopeTo).toEqual([address]);
      const to = Array.isArray(mail.to) ? mail.to.flatMap((t) => t.value) : (mail.to?.value ?? []);
      expect(to.map((t) => t.address)).toEqual([address]);
      expect(mail.headers.has("cc")).toBe(false);
      expect(mail.headers.has("bcc")).toBe(false);
    }
    const [first, second] = byRecipient;
    expect(first!.messageId).not.toBe(second!.messageId);
    expect(json).toEqual({
      success: true,
      messageId: `${first!.messageId},${second!.messageId}`,
      results: [
        { index: 0, status: "sent", messageId: first!.messageId },
        { index: 1, status: "sent", messageId: second!.messageId },
      ],
    });
  });

  test("one recipient refused by the provider: 502 with each recipient's result, the other still sent", async () => {
    smtp.reject.add("gone@example.org");
    const url = await serve({ apiKey: KEY });
    const res = await post(url, {
      action: "send_email",
      data: { ...email, to: ["kept@example.org", "gone@example.org"] },
    });
    expect(res.status).toBe(502);
    const kept = smtp.received.find((mail) => mail.envelopeTo.includes("kept@example.org"));
    expect(await res.json()).toEqual({
      error: "Failed to send email",
      results: [
        { index: 0, status: "sent", messageId: kept?.messageId },
        { index: 1, status: "failed" },
      ],
    });
  });
});

describe("allowed recipients", () => {
  test("an e-mail recipient outside the allowed domains: 403 naming its position, nothing of the request sent", async () => {
    const captured = createMemoryLogger();
    const url = await serve({ apiKey: KEY, log: captured });
    const before = smtp.received.length;
    for (const [to, where] of [
      ["someone@elsewhere.test", "to"],
      [["ok-1@example.org", "someone@elsewhere.test"], "to[1]"],
      [["ok-1@example.org", "someone@mail.example.org"], "to[1]"],
      [["someone@example.org.evil.test"], "to[0]"],
    ] as const) {
      const res = await post(url, { action: "send_email", data: { ...email, to } });
      expect(res.status, JSON.stringify(to)).toBe(403);
      const { error } = (await res.json()) as { error: string };
      expect(error).toBe(`${where}: the recipient's domain is not allowed (allowed: example.org)`);
    }
    expect(smtp.received.length).toBe(before);
    const refusals = captured.entries.filter((entry) => entry.msg === "communication refused: recipient not allowed");
    expect(refusals).toHaveLength(4);
    expect(JSON.stringify(captured.entries)).not.toMatch(/someone@|ok-1@/);

    // Positive control: the allowed recipient alone (any case) is sent.
    const res = await post(url, { action: "send_email", data: { ...email, to: ["OK-1@Example.ORG"] } });
    expect(res.status).toBe(200);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.envelopeTo.map((address) => address.toLowerCase())).toEqual(["ok-1@example.org"]);
  });

  test("by default only the company's own domain: another is refused, maternis.health is sent", async () => {
    const url = await serve({ apiKey: KEY, env: { COMMUNICATION_EMAIL_DOMAINS: "" } });
    const refused = await post(url, { action: "send_email", data: email });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/allowed: maternis\.health\)$/);
    const sent = await post(url, { action: "send_email", data: { ...email, to: "ops@maternis.health" } });
    expect(sent.status).toBe(200);
    expect(smtp.received.at(-1)!.envelopeTo).toEqual(["ops@maternis.health"]);
  });

  test("a number outside the allowed prefixes: 403 naming its position, nothing stored or sent", async () => {
    const captured = createMemoryLogger();
    const url = await serve({ apiKey: KEY, log: captured });
    const texts = async () => (await pipeline.platform.store.db.select().from(textMessages)).length;
    const before = await texts();
    for (const [to, where] of [
      ["+19005550100", "to"],
      [["+447700900140", "+88213300001"], "to[1]"],
      [["+2330201234567", "+23520123456"], "to[1]"],
    ] as const) {
      const res = await post(url, { action: "send_sms", data: { to, message: "Hi" } });
      expect(res.status, JSON.stringify(to)).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe(
        `${where}: the number's country code is not allowed (allowed: +233, +234, +44)`,
      );
    }
    expect(await texts()).toBe(before);
    expect(JSON.stringify(captured.entries)).not.toMatch(/\+\d{7}/);

    // Positive control: Ghana, Nigeria and the UK (the defaults) are stored and sent.
    const res = await post(url, {
      action: "send_sms",
      data: { to: ["+233201234560", "+2348031234560", "+447700900141"], message: "Hi" },
    });
    expect(res.status).toBe(200);
    expect(await texts()).toBe(before + 3);
  });
});

describe("the key's recipient quota", () => {
  test("beyond the quota per minute: 429 with Retry-After, nothing sent and nothing counted; within it, sent", async () => {
    const key = "quota-minute-key-0123456789abcdef";
    const captured = createMemoryLogger();
    const url = await serve({
      apiKey: key,
      log: captured,
      env: { COMMUNICATION_RECIPIENTS_PER_MINUTE: "3", COMMUNICATION_RECIPIENTS_PER_DAY: "100" },
    });
    const call = (to: string[]) =>
      post(url, { action: "send_email", data: { ...email, to } }, { authorization: `Bearer ${key}` });
    const sentTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address)).length;

    expect((await call(["q1@example.org", "q2@example.org"])).status).toBe(200);
    const over = await call(["q3@example.org", "q4@example.org"]);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await over.json()).toEqual({
      error: `Recipient quota reached: this key may send to 3 recipients per minute; try again in ${retryAfter} s`,
    });
    expect(sentTo("q3@example.org") + sentTo("q4@example.org")).toBe(0);
    expect(captured.entries.find((e) => e.msg === "communication refused: recipient quota reached")).toMatchObject({
      action: "send_email",
      recipients: 2,
      window: "minute",
      limit: 3,
    });
    // An SMS counts against the same quota.
    const text = await post(
      url,
      { action: "send_sms", data: { to: ["+447700900150", "+447700900151"], message: "Hi" } },
      { authorization: `Bearer ${key}` },
    );
    expect(text.status).toBe(429);

    // Positive control: the refused requests took nothing, so one more recipient still fits.
    expect((await call(["q5@example.org"])).status).toBe(200);
    expect(sentTo("q5@example.org")).toBe(1);
    expect((await call(["q6@example.org"])).status).toBe(429);
    // Another key has a quota of its own.
    expect((await post(await serve({ apiKey: KEY }), { action: "send_email", data: email })).status).toBe(200);
  });

  test("a request with more recipients than the quota allows at all is a 400", async () => {
    const key = "quota-size-key-0123456789abcdefgh";
    const url = await serve({ apiKey: key, env: { COMMUNICATION_RECIPIENTS_PER_MINUTE: "2" } });
    const call = (to: string[]) =>
      post(url, { action: "send_email", data: { ...email, to } }, { authorization: `Bearer ${key}` });
    const res = await call(["s1@example.org", "s2@example.org", "s3@example.org"]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "to: 3 recipients, but this key may send to at most 2 per minute" });
    expect(smtp.received.some((mail) => mail.envelopeTo.includes("s1@example.org"))).toBe(false);
    // Positive control: two fit.
    expect((await call(["s1@example.org", "s2@example.org"])).status).toBe(200);
  });
});
