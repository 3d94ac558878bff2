/**
 * Webhook, Slack and Teams deliveries end to end on both engines
 * (docs/decisions/022-integrations.md): endpoints added through the console's
 * service, enquiries submitted through the pipeline, the worker posting to a
 * local HTTPS receiver (test/support/tls.ts) that fails for a while and then
 * recovers. The receiver verifies every generic webhook with the Standard
 * Webhooks library itself.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import { formKinds, validFields } from "../../../test/support/fixtures";
import { acceptedEnquiry, asAdmin, integrationsSuite } from "../../../test/support/integrations";
import type { ReceivedRequest } from "../../../test/support/tls";
import { waitFor } from "../../../test/support/wait";
import { collectDigest } from "~/features/digest/digest.server";
import type { Site } from "~/site.server";
import { enquiries } from "~/features/enquiries/tables.server";
import { integrationDeliveries } from "~/features/integrations/tables.server";
import type { MailTransport } from "~/platform/mail/transport.server";
import type { Resolver } from "./endpoint-url.server";

const by = asAdmin;
const SITE = "https://www.maternis.health";

const { engines, receiver, openSite, endpointTo } = integrationsSuite();

async function start(
  engine: (typeof engines)[number],
  env: Record<string, string> = {},
  mail?: MailTransport,
  lookup?: Resolver,
) {
  receiver.reset();
  const { site, console, store } = await openSite(engine, {
    env,
    ...(mail ? { mail } : {}),
    ...(lookup ? { lookup } : {}),
  });
  return { pipeline: site, console, store };
}

const rowsOf = (store: Site["platform"]["store"]) =>
  store.db.select().from(integrationDeliveries).orderBy(integrationDeliveries.createdAt);

function bodyOf(request: ReceivedRequest) {
  return JSON.parse(request.body) as Record<string, unknown>;
}

async function settled(store: Site["platform"]["store"], expected: number) {
  return waitFor(
    async () => {
      const rows = await rowsOf(store);
      return rows.length === expected && rows.every((row) => row.status === "sent" || row.status === "dead")
        ? rows
        : null;
    },
    { timeoutMs: 60_000, what: `${expected} webhook deliveries to be final` },
  );
}

describe.each(engines)("integrations on $name", (engine) => {
  test("every event reaches every endpoint through a receiver that fails for a while; repeats carry the same webhook-id", async () => {
    const { pipeline, console, store } = await start(engine);
    const webhook = await console.integrations.add(endpointTo("webhook", "/hooks/crm", { detail: "summary" }), by);
    const slack = await console.integrations.add(endpointTo("slack", "/services/T000/B000/XXXX"), by);
    const teams = await console.integrations.add(endpointTo("teams", "/workflows/abc", { detail: "summary" }), by);
    if (!webhook.ok || !slack.ok || !teams.ok) throw new Error("an endpoint was refused");
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(slack.secret).toBeUndefined();

    // The first five requests fail (503), whichever endpoint they are for.
    let failures = 5;
    receiver.respondWith(() => (failures-- > 0 ? { status: 503, body: "busy" } : { status: 200, body: "ok" }));

    const ids: string[] = [];
    for (const [n, kind] of formKinds.entries()) {
      ids.push(await acceptedEnquiry(pipeline, kind, `lead${n}@example.org`, `192.0.2.${50 + n}`, n));
    }
    const rows = await settled(store, 9);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
    expect(rows.filter((row) => row.status === "sent").map((row) => row.httpStatus)).toEqual(Array(9).fill(200));
    expect(rows.every((row) => row.response === "ok" && row.latencyMs !== null)).toBe(true);

    // Generic webhook: each request verified by the Standard Webhooks library; one id per event, kept on repeats.
    const verifier = new Webhook(webhook.secret!);
    const crm = receiver.requests.filter((r) => r.path === "/hooks/crm");
    for (const request of crm) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    const crmRows = rows.filter((row) => row.integrationId === webhook.id);
    const crmIds = new Set(crm.map((r) => r.headers["webhook-id"]));
    expect([...crmIds].sort()).toEqual(crmRows.map((row) => row.id).sort());
    const repeats = receiver.requests.length - 9;
    expect(repeats).toBeGreaterThanOrEqual(5);
    // Slack and Teams got each of their three events at least once.
    for (const prefix of ["/services", "/workflows"]) {
      const seen = receiver.requests.filter((r) => r.path.startsWith(prefix)).map((r) => bodyOf(r));
      expect(seen.length).toBeGreaterThanOrEqual(3);
    }
    // A signature made with another secret is refused by the same library (the check can fail).
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(
        crm[0]!.body,
        crm[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    // Summary: who and about what, never the message or the address.
    const first = crm.map(bodyOf).find((body) => (body.data as { enquiry: { id: string } }).enquiry.id === ids[0])!;
    const posted = validFields("contact", "lead0@example.org", 0);
    expect(first).toMatchObject({
      type: "enquiry.received",
      data: {
        enquiry: {
          id: ids[0],
          form: "contact",
          url: `${SITE}/staff/enquiries/${ids[0]}`,
          name: posted.name,
          organization: posted.organization,
          topic: expect.any(String),
        },
      },
    });
    for (const request of receiver.requests) {
      expect(request.body).not.toContain(posted.message);
      expect(request.body).not.toContain("@example.org");
    }

    // Slack (link only): Block Kit with a fallback text and a button to the enquiry; no name.
    const slackBodies = receiver.requests.filter((r) => r.path.startsWith("/services")).map(bodyOf);
    for (const body of slackBodies) {
      expect(body.text).toEqual(expect.stringContaining(`${SITE}/staff/enquiries/`));
      const blocks = body.blocks as { type: string; elements?: { type: string; url: string; text: object }[] }[];
      expect(blocks.map((block) => block.type)).toEqual(["header", "section", "actions"]);
      expect(blocks[2]!.elements![0]).toMatchObject({
        type: "button",
        text: { type: "plain_text", text: "Open in the console" },
        url: expect.stringMatching(new RegExp(`^${SITE}/staff/enquiries/[0-9a-f-]{36}$`)),
      });
      expect(JSON.stringify(body)).not.toContain("Tester");
    }

    // Teams (summary): a message with one Adaptive Card and an Action.OpenUrl.
    const teamsBodies = receiver.requests.filter((r) => r.path.startsWith("/workflows")).map(bodyOf);
    for (const body of teamsBodies) {
      expect(body).toMatchObject({
        type: "message",
        attachments: [
          {
            contentType: "application/vnd.microsoft.card.adaptive",
            content: {
              type: "AdaptiveCard",
              version: expect.any(String),
              body: expect.arrayContaining([expect.objectContaining({ type: "TextBlock" })]),
              actions: [{ type: "Action.OpenUrl", title: "Open in the console", url: expect.any(String) }],
            },
          },
        ],
      });
    }
    expect(teamsBodies.some((body) => JSON.stringify(body).includes(posted.name!))).toBe(true);

    // The console: the endpoint's log and the enquiry's page list them.
    const page = await console.integrations.get(webhook.id);
    expect(page!.deliveries).toHaveLength(3);
    expect(page!.integration.last).toMatchObject({ status: "sent", httpStatus: 200 });
    expect((await console.integrations.deliveriesOf(ids[0]!)).map((d) => d.integrationName).sort()).toEqual([
      "slack endpoint",
      "teams endpoint",
      "webhook endpoint",
    ]);
  });

  test("a receiver that never recovers: given up into the banner and digest; Resend later delivers with the same webhook-id", async () => {
    const { pipeline, console, store } = await start(engine, { WEBHOOK_RETRY_LIMIT: "1" });
    const added = await console.integrations.add(endpointTo("webhook", "/down"), by);
    if (!added.ok) throw new Error("refused");
    receiver.respondWith(() => ({ status: 500, body: "broken" }));
    await acceptedEnquiry(pipeline, "contact", "dead@example.org", "192.0.2.70");
    const [dead] = await settled(store, 1);
    expect(dead).toMatchObject({ status: "dead", attempts: 2, httpStatus: 500, response: "broken" });
    expect(await console.alerts.deadLetters()).toEqual({ emails: 0, webhooks: 1, texts: 0 });
    expect((await collectDigest(store, new Date())).deadIntegrationDeliveries).toEqual([
      { integrationId: added.id, name: "webhook endpoint", count: 1 },
    ]);

    receiver.respondWith(() => ({ status: 204 }));
    const before = receiver.requests.length;
    expect(await console.integrations.resend(dead!.id, by)).toBe("queued");
    const sent = await waitFor(async () => {
      const [row] = await store.db.select().from(integrationDeliveries).where(eq(integrationDeliveries.id, dead!.id));
      return row?.status === "sent" ? row : null;
    });
    expect(sent.httpStatus).toBe(204);
    expect(receiver.requests.slice(before).map((r) => r.headers["webhook-id"])).toEqual([dead!.id]);
    expect((await console.alerts.deadLetters()).webhooks).toBe(0);
    // A delivery already queued or retrying is not resent twice.
    await store.db
      .update(integrationDeliveries)
      .set({ status: "queued" })
      .where(eq(integrationDeliveries.id, dead!.id));
    expect(await console.integrations.resend(dead!.id, by)).toBeNull();
  });

  test("paused endpoints hear nothing new; released spam and given-up e-mails are events; erasure takes the log", async () => {
    const failing: MailTransport = {
      name: "file",
      sendEmail: () => Promise.reject(new Error("550 mailbox unavailable")),
      close() {},
    };
    const { pipeline, console, store } = await start(engine, { DELIVERY_RETRY_LIMIT: "0" }, failing);
    const added = await console.integrations.add(
      endpointTo("webhook", "/events", { events: ["enquiry.received", "enquiry.released", "delivery.dead_lettered"] }),
      by,
    );
    if (!added.ok) throw new Error("refused");

    // Received, and its notification e-mail given up (no retries): two events.
    const firstId = await acceptedEnquiry(pipeline, "contact", "one@example.org", "192.0.2.80");
    const events = await waitFor(async () => {
      const rows = await rowsOf(store);
      const sent = rows.filter((row) => row.status === "sent").map((row) => row.event);
      return sent.includes("enquiry.received") && sent.includes("delivery.dead_lettered") ? rows : null;
    });
    const deadEvent = receiver.requests.map(bodyOf).find((body) => body.type === "delivery.dead_lettered")!;
    expect(deadEvent).toMatchObject({
      data: {
        enquiry: { id: firstId },
        email: { kind: expect.stringMatching(/^(notification|acknowledgement)$/), attempts: 1 },
      },
    });
    expect(events.every((row) => row.enquiryId === firstId)).toBe(true);

    // Released from spam: an event (kept spam itself is not one).
    const kept = await pipeline.services.enquiries.keepSuspectedSpam(
      "advisory",
      validFields("advisory", "kept@example.org"),
      "honeypot",
      { ip: "192.0.2.81" },
    );
    if (!kept.kept) throw new Error("not kept");
    const spam = { id: kept.enquiryId };
    expect(await rowsOf(store).then((rows) => rows.filter((r) => r.enquiryId === spam!.id))).toEqual([]);
    expect(await console.spam.release(spam!.id, by)).toBe(true);
    await waitFor(async () =>
      receiver.requests.map(bodyOf).some((body) => body.type === "enquiry.released") ? true : null,
    );

    // Paused: a new enquiry queues nothing for it (positive control above: each enquiry did).
    expect(await console.integrations.setPaused(added.id, true, by)).toBe(true);
    const secondId = await acceptedEnquiry(pipeline, "demo", "two@example.org", "192.0.2.82");
    const rows = await rowsOf(store);
    expect(rows.filter((row) => row.enquiryId === secondId)).toEqual([]);
    expect(rows.filter((row) => row.enquiryId === firstId).length).toBeGreaterThan(0);

    // An enquiry's deliveries go with it (erasure, expiry): nothing of it stays in the log.
    await store.db.delete(enquiries).where(eq(enquiries.id, firstId));
    expect((await rowsOf(store)).filter((row) => row.enquiryId === firstId)).toEqual([]);
  });

  test("no request leaves for a private address: refused at save, and at connect time for a host name", async () => {
    // A host name that resolves to a public address when saved, then to loopback (DNS rebinding).
    let answer = "93.184.215.14";
    const lookup = async () => [{ address: answer, family: 4 as const }];
    const { pipeline, console, store } = await start(
      engine,
      { WEBHOOK_ALLOW_ADDRESSES: "", WEBHOOK_RETRY_LIMIT: "0" },
      undefined,
      lookup,
    );
    for (const url of ["http://example.org/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]:8443/x"]) {
      const refused = await console.integrations.add(endpointTo("webhook", "", { url }), by);
      expect(refused).toMatchObject({ ok: false, errors: { url: expect.any(String) } });
    }
    expect(await console.integrations.list()).toEqual([]);

    // Saved while it resolves to a public address, then refused at connect time once it resolves to loopback.
    const port = new URL(receiver.url).port;
    const added = await console.integrations.add(endpointTo("webhook", "", { url: `https://localhost:${port}/x` }), by);
    expect(added.ok).toBe(true);
    answer = "127.0.0.1";
    await acceptedEnquiry(pipeline, "contact", "ssrf@example.org", "192.0.2.90");
    const [row] = await settled(store, 1);
    expect(row).toMatchObject({ status: "dead", httpStatus: null });
    expect(row!.lastError).toMatch(/localhost resolves to 127\.0\.0\.1, a loopback/);
    expect(row!.lastError).not.toContain("/x");
    expect(receiver.requests).toEqual([]);
  });
});
