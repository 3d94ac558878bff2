/**
 * POST /functions/v1/azure-communication against real transports (an SMTP
 * server on loopback and the file SMS outbox): how the endpoint answers a
 * request (its key, its body, a send that fails) and that every recipient
 * gets a message of their own. Who may be sent to, and how many: ./recipients.test.ts.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { SendError, fileSmsTransport, smtpMailTransport, type SmsTransport } from "~/platform/mail/transport.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { MAX_BODY_BYTES } from "./api.server";
import {
  COMMUNICATION_TEST_KEY as KEY,
  communicationApiPerFile,
  exampleEmail as email,
} from "../../../test/support/communication-api";
import { refusedPort } from "../../../test/support/server-process";

const { smtp, serve, post, log, store, scratchDir } = communicationApiPerFile();

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
    // Positive control: the right key in the same request is sent.
    expect((await post(url, { action: "send_email", data: email })).status).toBe(200);
  });

  test("during a rotation the previous key works too, each use logged without it; from the restart without it, 401", async () => {
    const previous = "communication-previous-key-0123456789";
    const captured = createMemoryLogger();
    const url = await serve({ apiKey: KEY, previousKey: previous, log: captured });
    const withPrevious = { authorization: `Bearer ${previous}` };
    expect((await post(url, { action: "send_email", data: email }, withPrevious)).status).toBe(200);
    const used = captured.entries.filter((entry) => entry.event === "previous-key-used");
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ endpoint: "/functions/v1/azure-communication" });
    expect(JSON.stringify(captured.entries)).not.toContain(previous);
    // The current key is not logged as the previous one.
    expect((await post(url, { action: "send_email", data: email })).status).toBe(200);
    expect(captured.entries.filter((entry) => entry.event === "previous-key-used")).toHaveLength(1);
    // Once the rotation ends (the previous key removed), it is refused.
    const after = await serve({ apiKey: KEY });
    expect((await post(after, { action: "send_email", data: email }, withPrevious)).status).toBe(401);
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
      [{ action: "send_sms", data: { to: "+447700900123", message: "Hi\u0000\r\nX-Injected: yes" } }, /control/],
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
      mail: smtpMailTransport({ from: "x@maternis.test", url: `smtp://127.0.0.1:${await refusedPort()}` }),
      log: downLog,
    });
    const refused = await post(down, { action: "send_email", data: email });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: "Failed to send email" });
    expect(downLog.entries.find((entry) => entry.msg === "communication failed")?.error).toMatch(/ECONNREFUSED/);

    const blocked = path.join(scratchDir, "blocked");
    writeFileSync(blocked, "not a folder");
    const smsDown = await serve({ apiKey: KEY, sms: fileSmsTransport({ outbox: blocked, log }) });
    const sms = await post(smsDown, { action: "send_sms", data: { to: "+447700900124", message: "Hi" } });
    // The outbox cannot be written now, which may pass: the message is kept for the worker's retries.
    expect(sms.status).toBe(202);
    expect(await sms.json()).toEqual({ success: true, queued: true });
    const [kept] = await store().db.select().from(textMessages).where(eq(textMessages.recipient, "+447700900124"));
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
