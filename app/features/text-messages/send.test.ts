/**
 * Text messages on the durable path, on both engines (./send.server.ts): the
 * communication endpoint stores one row per recipient before trying it; what
 * the provider cannot take yet is sent by the worker later (202, never lost);
 * a refusal is given up at once (502, its text kept on the message); retries that all fail
 * are dead-lettered into the console's banner and "Text messages", where an
 * admin retries them; and a phone number's data is found, exported and
 * erased (rows, jobs, outbox files) like an address's.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createLogger } from "~/platform/log.server";
import {
  COMMUNICATION_TEST_KEY as KEY,
  callCommunicationApi,
  serveCommunicationApi,
} from "../../../test/support/communication-api";
import { bothEngines } from "../../../test/support/engines";
import { testEnv } from "../../../test/support/pglite";
import { waitFor } from "../../../test/support/wait";
import { createServices } from "~/site.server";
import { auditLog } from "~/features/audit/tables.server";
import { staffUsers } from "~/features/sign-in/tables.server";
import { openSite, type Site } from "~/site.server";
import { rowsOf } from "~/platform/db/db.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { SendError, type SmsTransport } from "~/platform/mail/transport.server";
import { outboxDir } from "~/platform/mail/outbox.server";

const admin = { id: "staff-admin-sms", email: "admin@maternis.test", name: "Ada Admin", role: "admin" as const };
const by = { member: admin, meta: { fingerprint: "f00dfeedf00dfeed" } };
const { engines, open, cleanups } = bothEngines<Site>();

/** An SMS provider that answers as `answer` says for each number, and records what it accepted. */
function scriptedSms(answer: (to: string) => "ok" | "busy" | "refused") {
  const accepted: { to: string; message: string }[] = [];
  const transport: SmsTransport = {
    name: "acs",
    async sendSms({ to, message }) {
      const verdict = answer(to[0]!);
      if (verdict === "busy") throw new SendError("Service unavailable");
      if (verdict === "refused") throw new SendError("Invalid To phone number format.", { permanent: true });
      accepted.push({ to: to[0]!, message });
      return { messageId: `sms-${accepted.length}` };
    },
  };
  return { transport, accepted };
}

/** A pipeline serving the endpoint; without `sms`, the one SMS_TRANSPORT chooses (the file outbox, DATA_DIR/outbox). */
async function start(
  engine: (typeof engines)[number],
  sms?: SmsTransport,
  env: Record<string, string> = {},
  { graceMs = 300 }: { graceMs?: number } = {},
) {
  const parsed = testEnv({ COMMUNICATION_API_KEY: KEY, ...env, ...(await engine.database()) });
  const pipeline = await openSite({
    env: parsed,
    log: createLogger("silent"),
    ...(sms ? { sms } : {}),
    smsGraceMs: graceMs,
  });
  open.push(pipeline);
  const { store } = pipeline.platform;
  await store.db.insert(staffUsers).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
  const console = await createServices(pipeline.platform);
  const server = await serveCommunicationApi(pipeline.services.communicationApi);
  cleanups.push(server.close);
  const send = (to: string | string[], message: string) =>
    callCommunicationApi(server.url, KEY, { action: "send_sms", data: { to, message } });
  const rows = () => store.db.select().from(textMessages).orderBy(textMessages.recipient);
  return { pipeline, console, store, send, rows, outbox: outboxDir(parsed) };
}

describe.each(engines)("text messages on $name", (engine) => {
  test("what the provider cannot take yet is accepted (202), kept and sent by the worker; nothing is lost", async () => {
    let busy = 2;
    const sms = scriptedSms((to) => (to === "+447700900111" && busy-- > 0 ? "busy" : "ok"));
    const { send, rows } = await start(engine, sms.transport);

    expect(await send(["+447700900111", "+447700900222"], "Your visit is at 10:00")).toEqual({
      status: 202,
      body: {
        success: true,
        queued: true,
        results: [
          { index: 0, status: "queued" },
          { index: 1, status: "sent", messageId: "sms-1" },
        ],
      },
    });
    // The other recipient went at once; the busy one is stored, not lost.
    expect((await rows()).map((r) => [r.recipient, r.status])).toEqual([
      ["+447700900111", "failed"],
      ["+447700900222", "sent"],
    ]);
    const sent = await waitFor(async () => {
      const all = await rows();
      return all.every((r) => r.status === "sent") ? all : null;
    });
    expect(sent.map((r) => [r.recipient, r.attempts])).toEqual([
      ["+447700900111", 3],
      ["+447700900222", 1],
    ]);
    expect(sms.accepted.map((m) => m.to).sort()).toEqual(["+447700900111", "+447700900222"]);

    // Positive control for "at once": a provider that takes everything answers 200 with the ids.
    expect(await send("+447700900333", "Hello")).toEqual({ status: 200, body: { success: true, messageId: "sms-3" } });
  });

  test("a refusal is given up at once (502); retries that all fail are dead-lettered; an admin retries both", async () => {
    let mode: "refuse" | "busy" | "ok" = "refuse";
    const sms = scriptedSms(() => (mode === "refuse" ? "refused" : mode === "busy" ? "busy" : "ok"));
    const { send, rows, console } = await start(engine, sms.transport, { DELIVERY_RETRY_LIMIT: "1" });

    // The spec's fallback text answers; the provider's is kept on the message (and logged).
    expect(await send("+447700900444", "Hi")).toEqual({ status: 502, body: { error: "Failed to send SMS" } });
    const [refused] = await rows();
    expect(refused).toMatchObject({ status: "dead", attempts: 1, lastError: "Invalid To phone number format." });

    mode = "busy";
    expect((await send("+447700900555", "Hi")).status).toBe(202);
    await waitFor(async () => ((await rows()).every((r) => r.status === "dead") ? true : null));
    expect((await rows()).map((r) => [r.recipient, r.attempts])).toEqual([
      ["+447700900444", 1],
      ["+447700900555", 3],
    ]);
    expect(await console.alerts.deadLetters()).toEqual({ emails: 0, webhooks: 0, texts: 2 });
    const page = await console.textMessages.list({ dead: true });
    expect(page).toMatchObject({ total: 2, dead: 2 });

    mode = "ok";
    for (const row of page.rows) expect(await console.textMessages.retry(row.id, by)).toBe(true);
    await waitFor(async () => ((await rows()).every((r) => r.status === "sent") ? true : null));
    expect(await console.alerts.deadLetters()).toEqual({ emails: 0, webhooks: 0, texts: 0 });
    // Not given up any more: a second retry is refused.
    expect(await console.textMessages.retry(page.rows[0]!.id, by)).toBe(false);
  });

  test("an admin's retry of a refused message whose stored job is still waiting sends it once: that job, made due", async () => {
    let refuse = true;
    const sms = scriptedSms(() => (refuse ? "refused" : "ok"));
    const { send, rows, console, store } = await start(engine, sms.transport, {}, { graceMs: 120_000 });
    expect((await send("+447700900666", "Hi")).status).toBe(502);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "dead", attempts: 1 });

    refuse = false;
    expect(await console.textMessages.retry(row!.id, by)).toBe(true);
    const jobs = async () =>
      rowsOf<{ state: string }>(
        await store.db.execute(
          sql`select state::text as state from pgboss.job where data->>'textMessageId' = ${row!.id}`,
        ),
      ).map((job) => job.state);
    // One job, the one stored with the message, done long before its two minutes: nothing left to send it again.
    expect(await waitFor(async () => ((await jobs()).every((state) => state === "completed") ? jobs() : null))).toEqual(
      ["completed"],
    );
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(sms.accepted).toHaveLength(1);
  });

  test("a phone number's text messages are found, exported and erased: rows, jobs and outbox files", async () => {
    const { send, console, store, rows, outbox } = await start(engine);
    const number = "+233201234567";
    expect((await send([number, "+447700900666"], "Clinic visit on Monday")).status).toBe(200);
    expect(readdirSync(outbox).filter((f) => readFileSync(path.join(outbox, f), "utf8").includes(number))).toHaveLength(
      1,
    );

    // Found by the number as people write it.
    const found = await console.dataRequests.find("+233 20 123 4567");
    expect(found.email).toBe(number);
    expect(found.texts.map((t) => [t.recipient, t.body, t.status])).toEqual([
      [number, "Clinic visit on Monday", "sent"],
    ]);
    expect(found.counts).toMatchObject({ enquiries: 0, texts: 1 });
    const exported = JSON.parse((await console.dataRequests.access(number, by)).json) as {
      textMessages: { to: string; message: string }[];
    };
    expect(exported.textMessages).toMatchObject([{ to: number, message: "Clinic visit on Monday" }]);

    const erased = await console.dataRequests.erase(number, by);
    expect(erased.counts).toMatchObject({ texts: 1, outboxFiles: 1 });
    expect(erased.counts.jobs).toBeGreaterThanOrEqual(1);
    expect((await rows()).map((r) => r.recipient)).toEqual(["+447700900666"]);
    expect(readdirSync(outbox).some((f) => readFileSync(path.join(outbox, f), "utf8").includes(number))).toBe(false);
    const jobs = rowsOf<{ n: number | string }>(
      await store.db.execute(
        sql`select count(*) as n from pgboss.job where data::text like ${`%${found.texts[0]!.id}%`}`,
      ),
    );
    expect(Number(jobs[0]!.n)).toBe(0);
    // The other recipient's message and file stay (positive control of "only theirs").
    expect(readdirSync(outbox)).toHaveLength(1);
    const [audit] = await store.db.select().from(auditLog).where(eq(auditLog.action, "erasure"));
    expect(JSON.stringify(audit)).not.toContain(number);
  });
});
