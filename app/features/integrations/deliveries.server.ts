import { randomUUID } from "node:crypto";
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import type { IntegrationDetail, IntegrationEvent, IntegrationKind } from "~/features/integrations/integrations";
import { deliveryKindLabels, kindLabels, payloadLabel, payloadValue, topicKey } from "~/features/enquiries";
import { londonTime } from "~/platform/london-time";
import type { DeliveryKind, EnquiryKind } from "~/features/enquiries";
import type { Logger } from "~/platform/log.server";
import type { Database, Store, Transaction } from "~/platform/db/db.server";
import type { DataCipher } from "~/platform/keys.server";
import { INTEGRATION_QUEUE, type IntegrationJob } from "./queues.server";
import type { AllowList } from "./address-rules.server";
import type { Resolver } from "./endpoint-url.server";
import { postJson } from "./safe-fetch.server";
import { signedHeaders, signingSecrets } from "./secrets.server";
import { deliveries, enquiries } from "~/features/enquiries/index.server";
import { integrations, integrationDeliveries } from "~/features/integrations/tables.server";

/**
 * Webhook, Slack and Teams deliveries (docs/decisions/022-integrations.md),
 * on the e-mails' durable path: a row and a job stored in the transaction of
 * the event that caused them, sent by the worker, retried with backoff for
 * about a day (WEBHOOK_RETRY_LIMIT), then dead-lettered: the console's banner
 * and the daily digest count them. At least once, never exactly once: a
 * receiver deduplicates on `webhook-id`, which is the row's id and the same
 * on every attempt and every resend.
 */
/** How much of a receiver's answer the log keeps. */
export const RESPONSE_KEPT = 500;

/**
 * Queues `event` about each of `items` for every endpoint that is not paused
 * and listens to it, in the caller's transaction; an event already queued
 * for an endpoint is not queued twice. Returns how many deliveries it made.
 */
export async function queueIntegrationDeliveries(
  tx: Transaction | Database,
  bossDb: BossDb,
  boss: PgBoss,
  event: IntegrationEvent,
  items: readonly { enquiryId: string; deliveryId?: string | null }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const endpoints = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(isNull(integrations.pausedAt), sql`${integrations.events} @> ${JSON.stringify([event])}::jsonb`));
  if (endpoints.length === 0) return 0;
  const rows = endpoints.flatMap((endpoint) =>
    items.map((item) => ({
      id: randomUUID(),
      integrationId: endpoint.id,
      enquiryId: item.enquiryId,
      event,
      deliveryId: item.deliveryId ?? null,
    })),
  );
  const queued = await tx
    .insert(integrationDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: integrationDeliveries.id });
  if (queued.length > 0) {
    await boss.insert(
      INTEGRATION_QUEUE,
      queued.map((row) => ({ data: { webhookDeliveryId: row.id } satisfies IntegrationJob })),
      { db: bossDb },
    );
  }
  return queued.length;
}

/** What a message says about its event: built afresh at each attempt from the enquiry (no copy is stored). */
export type EventFacts = {
  /** The `webhook-id`. */
  id: string;
  event: IntegrationEvent;
  at: Date;
  detail: IntegrationDetail;
  enquiry: { id: string; kind: EnquiryKind; receivedAt: Date; url: string };
  /** With detail "summary" only: who wrote and about what (never the message). */
  summary?: { name: string; organization: string; topic: { label: string; value: string } | null };
  /** For delivery.dead_lettered: which e-mail was given up, after how many attempts. */
  email?: { kind: DeliveryKind; attempts: number };
};

/** The summary of a stored payload: name, organisation and the registry's topic, as the form showed them. */
export function summaryOf(kind: EnquiryKind, payload: Record<string, string | undefined>): EventFacts["summary"] {
  const key = topicKey(kind);
  const value = payload[key];
  return {
    name: payload.name ?? "",
    organization: payload.organization ?? "",
    topic: value ? { label: payloadLabel(kind, key), value: payloadValue(kind, key, value) } : null,
  };
}

/** One line saying what happened, for chat messages and their notifications. */
export function headline(facts: EventFacts): string {
  const form = kindLabels[facts.enquiry.kind];
  switch (facts.event) {
    case "enquiry.received":
      return `New ${form.toLowerCase()} enquiry`;
    case "enquiry.released":
      return `${form} enquiry released from spam`;
    case "delivery.dead_lettered":
      return `E-mail given up: ${deliveryKindLabels[facts.email?.kind ?? "notification"].toLowerCase()} for a ${form.toLowerCase()} enquiry`;
  }
}

/**
 * The facts a chat message lists, in order (summary fields only with detail "summary"); `typed`
 * marks what a visitor typed (a name, an organisation), which a chat must show as plain text.
 */
function factList(facts: EventFacts): { title: string; value: string; typed?: true }[] {
  const list: { title: string; value: string; typed?: true }[] = [
    { title: "Form", value: kindLabels[facts.enquiry.kind] },
    { title: "Received", value: londonTime(facts.enquiry.receivedAt) },
  ];
  if (facts.email) list.push({ title: "Attempts", value: String(facts.email.attempts) });
  const summary = facts.summary;
  if (summary) {
    if (summary.name) list.push({ title: "Name", value: summary.name, typed: true });
    if (summary.organization) list.push({ title: "Organisation", value: summary.organization, typed: true });
    if (summary.topic) list.push({ title: summary.topic.label, value: summary.topic.value });
  }
  return list;
}

const BUTTON = "Open in the console";

/**
 * The generic webhook's body, in the payload structure the Standard Webhooks
 * specification recommends: `type`, `timestamp` and `data`.
 */
export function webhookBody(facts: EventFacts) {
  return {
    type: facts.event,
    timestamp: facts.at.toISOString(),
    data: {
      enquiry: {
        id: facts.enquiry.id,
        form: facts.enquiry.kind,
        receivedAt: facts.enquiry.receivedAt.toISOString(),
        url: facts.enquiry.url,
        ...(facts.summary
          ? {
              name: facts.summary.name,
              organization: facts.summary.organization,
              topic: facts.summary.topic?.value ?? null,
            }
          : {}),
      },
      ...(facts.email ? { email: { kind: facts.email.kind, attempts: facts.email.attempts } } : {}),
    },
  };
}

/** Slack's mrkdwn treats these three as control characters. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A Slack incoming webhook's body: Block Kit blocks (a header, the facts as
 * fields, a button to the enquiry) and a top-level `text`, which Slack shows
 * in notifications and where blocks cannot be shown.
 */
export function slackBody(facts: EventFacts) {
  const title = headline(facts);
  return {
    text: `${title}: ${facts.enquiry.url}`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: title.slice(0, 150) } },
      {
        type: "section",
        fields: factList(facts).map((fact) => ({
          type: "mrkdwn",
          text: `*${slackEscape(fact.title)}*\n${slackEscape(fact.value)}`.slice(0, 2000),
        })),
      },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: BUTTON },
            url: facts.enquiry.url,
            action_id: "open-enquiry",
          },
        ],
      },
    ],
  };
}

/**
 * A Microsoft Teams workflow webhook's body ("When a Teams webhook request is
 * received"): a message with one Adaptive Card attachment, its facts and an
 * Action.OpenUrl button to the enquiry. Teams reads Markdown in a TextBlock
 * and a FactSet, so what a visitor typed goes in a RichTextBlock's TextRuns,
 * which it shows as written: a name such as "[Verify your account](https://…)"
 * from the public form would otherwise be a link in the team's channel.
 */
export function teamsBody(facts: EventFacts) {
  const list = factList(facts);
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: headline(facts), weight: "Bolder", size: "Medium", wrap: true },
            {
              type: "FactSet",
              facts: list.filter((fact) => !fact.typed).map(({ title, value }) => ({ title, value })),
            },
            ...list
              .filter((fact) => fact.typed)
              .map(({ title, value }) => ({
                type: "RichTextBlock",
                inlines: [
                  { type: "TextRun", text: `${title}: `, weight: "Bolder" },
                  { type: "TextRun", text: value },
                ],
              })),
          ],
          actions: [{ type: "Action.OpenUrl", title: BUTTON, url: facts.enquiry.url }],
        },
      },
    ],
  };
}

export const bodyBuilders: Record<IntegrationKind, (facts: EventFacts) => object> = {
  webhook: webhookBody,
  slack: slackBody,
  teams: teamsBody,
};

export type IntegrationDeliveryDeps = {
  store: Store;
  log: Logger;
  siteUrl: string;
  /** Private addresses integrations may reach (WEBHOOK_ALLOW_ADDRESSES). */
  allow: AllowList;
  /** Decrypts the endpoint's address and signing secret (stored encrypted with DATA_ENCRYPTION_KEY). */
  cipher: DataCipher;
  /** Tests: a certificate authority to trust besides the system's. */
  ca?: string;
  timeoutMs?: number;
  /** Tests: resolves host names (the system's resolver by default). */
  lookup?: Resolver;
};

/** The facts of one stored delivery, from its enquiry (and, for a dead letter, its e-mail). */
async function factsOf(deps: IntegrationDeliveryDeps, id: string) {
  const [row] = await deps.store.db
    .select({ delivery: integrationDeliveries, integration: integrations, enquiry: enquiries, email: deliveries })
    .from(integrationDeliveries)
    .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
    .innerJoin(enquiries, eq(enquiries.id, integrationDeliveries.enquiryId))
    .leftJoin(deliveries, eq(deliveries.id, integrationDeliveries.deliveryId))
    .where(eq(integrationDeliveries.id, id));
  if (!row) return null;
  const { delivery, integration, enquiry, email } = row;
  const facts: EventFacts = {
    id: delivery.id,
    event: delivery.event,
    at: new Date(),
    detail: integration.detail,
    enquiry: {
      id: enquiry.id,
      kind: enquiry.kind,
      receivedAt: enquiry.createdAt,
      url: new URL(`/staff/enquiries/${enquiry.id}`, deps.siteUrl).href,
    },
    ...(integration.detail === "summary" ? { summary: summaryOf(enquiry.kind, enquiry.payload) } : {}),
    ...(email ? { email: { kind: email.kind, attempts: email.attempts } } : {}),
  };
  return { delivery, integration, facts };
}

/**
 * Sends one webhook delivery. Skipped when already sent or given up, when the
 * endpoint or the enquiry is gone, or when the endpoint is paused (marked
 * "skipped": a Resend sends it later). Each attempt is recorded (status,
 * time, the answer's first 500 characters); anything but a 2xx answer throws,
 * so pg-boss retries it with backoff.
 */
export async function processIntegrationDelivery(
  deps: IntegrationDeliveryDeps,
  id: string,
): Promise<"sent" | "skipped"> {
  const { store, log } = deps;
  const found = await factsOf(deps, id);
  if (!found) return "skipped";
  const { delivery, integration, facts } = found;
  if (delivery.status === "sent" || delivery.status === "dead" || delivery.status === "skipped") return "skipped";
  const fields = { webhookDeliveryId: id, integrationId: integration.id, kind: integration.kind, event: facts.event };
  if (integration.pausedAt) {
    await store.db
      .update(integrationDeliveries)
      .set({ status: "skipped", lastError: "Not sent: the endpoint was paused." })
      .where(eq(integrationDeliveries.id, id));
    log.info("webhook not sent: endpoint paused", fields);
    return "skipped";
  }

  const body = JSON.stringify(bodyBuilders[integration.kind](facts));
  const url = await deps.cipher.decrypt(integration.url);
  // A replaced secret signs beside the new one for 24 hours (./secrets.server.ts).
  const secrets = integration.kind === "webhook" ? await signingSecrets(integration, deps.cipher, facts.at) : [];
  const headers = secrets.length > 0 ? signedHeaders(secrets, id, facts.at, body) : {};
  const attempt = delivery.attempts + 1;
  const record = (set: Partial<typeof integrationDeliveries.$inferInsert>) =>
    store.db
      .update(integrationDeliveries)
      .set({ attempts: sql`${integrationDeliveries.attempts} + 1`, lastAttemptAt: new Date(), ...set })
      .where(and(eq(integrationDeliveries.id, id), notInArray(integrationDeliveries.status, ["sent", "dead"])));

  let outcome;
  try {
    outcome = await postJson(url, body, {
      headers,
      allow: deps.allow,
      ...(deps.ca ? { ca: deps.ca } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await record({ status: "failed", httpStatus: null, latencyMs: null, response: null, lastError: message });
    log.warn("webhook failed; will retry", { ...fields, attempt, error: message });
    throw new Error(message, { cause: error });
  }
  const ok = outcome.status >= 200 && outcome.status < 300;
  await record({
    status: ok ? "sent" : "failed",
    httpStatus: outcome.status,
    latencyMs: Math.round(outcome.latencyMs),
    response: outcome.body.slice(0, RESPONSE_KEPT),
    lastError: ok ? null : `The receiver answered HTTP ${outcome.status}`,
    ...(ok ? { sentAt: new Date() } : {}),
  });
  if (!ok) {
    log.warn("webhook failed; will retry", { ...fields, attempt, status: outcome.status });
    throw new Error(`The receiver answered HTTP ${outcome.status}`);
  }
  log.info("webhook sent", { ...fields, attempt, status: outcome.status, ms: Math.round(outcome.latencyMs) });
  return "sent";
}

/** Every retry failed: the delivery is given up (the console's banner and digest count it). */
export async function processIntegrationDeadLetter(deps: Pick<IntegrationDeliveryDeps, "store" | "log">, id: string) {
  const [dead] = await deps.store.db
    .update(integrationDeliveries)
    .set({ status: "dead" })
    .where(and(eq(integrationDeliveries.id, id), notInArray(integrationDeliveries.status, ["sent", "skipped"])))
    .returning();
  if (dead) {
    deps.log.error("webhook delivery given up", {
      webhookDeliveryId: id,
      integrationId: dead.integrationId,
      enquiryId: dead.enquiryId,
      event: dead.event,
      attempts: dead.attempts,
      error: dead.lastError,
    });
  }
}
