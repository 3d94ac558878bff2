/**
 * The communication endpoint's limits on recipients (docs/operations.md,
 * "Communication API"): only allowed e-mail domains and E.164 prefixes (a
 * 403 naming the position, nothing of the request sent), and each key's
 * quota of recipients per minute and per day (its arithmetic: ./quota.test.ts).
 */
import { describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { textMessages } from "~/features/text-messages/tables.server";
import {
  COMMUNICATION_TEST_KEY as KEY,
  communicationApiPerFile,
  exampleEmail as email,
} from "../../../test/support/communication-api";

const { smtp, serve, post, store } = communicationApiPerFile();

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
    const texts = async () => (await store().db.select().from(textMessages)).length;
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
