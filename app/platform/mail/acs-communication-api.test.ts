/**
 * The communication endpoint with the ACS transports, against the contract
 * server (test/support/acs.ts): one signed request per recipient, the
 * provider's ids in the answer, its refusals as the spec's 502 (its own text
 * logged), a text message the service cannot take yet sent later by the
 * worker, and recipients the endpoint refuses never reaching the service.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { acsPerFile } from "../../../test/support/acs-site";
import { waitFor } from "../../../test/support/wait";

const { acs, startEndpoint } = acsPerFile();

const email = {
  to: "partner@example.org",
  subject: "Quarterly report",
  htmlContent: "<p>Attached</p>",
  textContent: "Attached",
};

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
