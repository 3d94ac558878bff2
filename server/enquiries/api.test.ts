import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "~/lib/log.server";
import { tempDataDir, testEnv } from "../../test/support/pglite";
import { freePort } from "../../test/support/server-process";
import { startSmtpServer, type TestSmtpServer } from "../../test/support/smtp";
import { COMMUNICATION_PATH, MAX_BODY_BYTES, bearerMatches, communicationRouter } from "./api.server";
import { fileSmsTransport, smtpMailTransport, type MailTransport, type SmsTransport } from "../emails/transport.server";
import { createEnquiryPipeline, type EnquiryPipeline } from ".";
import { textMessages } from "../db/schema.server";
import { sendTextMessages } from "./sms.server";

/** POST /functions/v1/azure-communication against real transports: an SMTP server on loopback and the file SMS outbox. */
const KEY = "test-key-0123456789abcdefghijklmnop";
const log = createLogger("silent");
let smtp: TestSmtpServer;
const data = tempDataDir();
const servers: { close(): void }[] = [];
const transports: MailTransport[] = [];

async function serve(options: { apiKey?: string; mail?: MailTransport; sms?: SmsTransport }) {
  const mail = options.mail ?? smtpMailTransport({ from: "Maternis <no-reply@maternis.test>", url: smtp.url });
  transports.push(mail);
  const app = express();
  app.use(
    communicationRouter({
      apiKey: options.apiKey,
      mail,
      // Text messages are stored (in this file's one pipeline) before they are sent through `sms`.
      sendSms: (request) =>
        sendTextMessages(
          {
            ...pipeline.internals,
            sms: options.sms ?? fileSmsTransport({ outbox: path.join(data.dir, "outbox"), log }),
            log,
          },
          request,
        ),
      log,
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

let pipeline: EnquiryPipeline;
const pipelineData = tempDataDir();

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No worker: what the endpoint could not send stays stored, for the tests to read.
  pipeline = await createEnquiryPipeline({
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

  test("502 with the provider's error text when sending fails", async () => {
    smtp.reject.add("bounce@example.org");
    const url = await serve({ apiKey: KEY });
    const rejected = await post(url, { action: "send_email", data: { ...email, to: "bounce@example.org" } });
    expect(rejected.status).toBe(502);
    expect((await rejected.json()).error).toMatch(/Mailbox unavailable/);

    const down = await serve({
      apiKey: KEY,
      mail: smtpMailTransport({ from: "x@maternis.test", url: `smtp://127.0.0.1:${await freePort()}` }),
    });
    const refused = await post(down, { action: "send_email", data: email });
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toMatch(/ECONNREFUSED/);

    const blocked = path.join(data.dir, "blocked");
    writeFileSync(blocked, "not a folder");
    const smsDown = await serve({ apiKey: KEY, sms: fileSmsTransport({ outbox: blocked, log }) });
    const sms = await post(smsDown, { action: "send_sms", data: { to: "+447700900124", message: "Hi" } });
    // The outbox cannot be written now, which may pass: the message is kept for the worker's retries.
    expect(sms.status).toBe(202);
    expect(await sms.json()).toEqual({ success: true, queued: true });
    const [kept] = await pipeline.internals.store.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.recipient, "+447700900124"));
    expect(kept).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/\S/) });
  });
});
