import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import {
  WEBHOOK_LOG_PAGE_SIZE,
  type Integration,
  type IntegrationInput,
  type IntegrationPage,
  type IntegrationSaved,
  type IntegrationDelivery,
} from "~/features/integrations/integrations";
import type { StaffAct } from "~/features/audit";
import type { Logger } from "~/platform/log.server";
import { pageOf, type Store } from "~/platform/db/db.server";
import { dataCipher, type DataCipher } from "~/platform/keys.server";
import { WEBHOOK_QUEUE, type WebhookJob } from "./queues.server";
import { parseAllowList, type AllowList } from "./address-rules.server";
import { checkEndpointUrl } from "./endpoint-url.server";
import { integrations, integrationDeliveries, type IntegrationRow } from "~/features/integrations/tables.server";
import { enquiries } from "~/features/enquiries/index.server";
import { newSigningSecret } from "./deliveries.server";
import { recordAudit } from "~/features/audit/index.server";
import type { PlatformDeps } from "~/platform/platform.server";

/**
 * /staff/integrations' server side (~/features/integrations/integrations.ts): the
 * endpoints, their delivery logs and Resend. Every change writes its audit
 * row in the same transaction; the audit row names the endpoint's kind and
 * host, never its address (a Slack or Teams address is a secret) or its
 * signing secret. Both are stored encrypted with DATA_ENCRYPTION_KEY
 * (app/platform/keys.server.ts): only this service and the delivery worker
 * decrypt them.
 */
export type IntegrationsDeps = {
  store: Store;
  boss: PgBoss;
  log: Logger;
  /** The key of the audit log's hashes. */
  secret: string;
  /** WEBHOOK_ALLOW_ADDRESSES, for checking an address when it is saved. */
  allow: AllowList;
  /** Encrypts addresses and signing secrets at rest. */
  cipher: DataCipher;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

const deliveryColumns = {
  delivery: integrationDeliveries,
  integrationName: integrations.name,
  enquiryKind: enquiries.kind,
};

function deliveryOf(row: {
  delivery: typeof integrationDeliveries.$inferSelect;
  integrationName: string;
  enquiryKind: IntegrationDelivery["enquiryKind"];
}): IntegrationDelivery {
  const d = row.delivery;
  return {
    id: d.id,
    integrationId: d.integrationId,
    integrationName: row.integrationName,
    enquiryId: d.enquiryId,
    enquiryKind: row.enquiryKind,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt,
    httpStatus: d.httpStatus,
    latencyMs: d.latencyMs,
    response: d.response,
    lastError: d.lastError,
  };
}

/** Webhook, Slack and Teams endpoints (admins) and their delivery logs (~/features/integrations/integrations.ts). */
export function createIntegrations(deps: IntegrationsDeps) {
  const { store, boss, log, cipher } = deps;

  /** The last attempt and the dead count of each endpoint, in two queries. */
  async function summaries(rows: IntegrationRow[]): Promise<Integration[]> {
    const ids = rows.map((row) => row.id);
    const [lasts, deads] =
      ids.length === 0
        ? [[], []]
        : await Promise.all([
            store.db
              .selectDistinctOn([integrationDeliveries.integrationId], {
                integrationId: integrationDeliveries.integrationId,
                at: integrationDeliveries.lastAttemptAt,
                status: integrationDeliveries.status,
                httpStatus: integrationDeliveries.httpStatus,
              })
              .from(integrationDeliveries)
              .where(
                and(
                  inArray(integrationDeliveries.integrationId, ids),
                  sql`${integrationDeliveries.lastAttemptAt} is not null`,
                ),
              )
              .orderBy(integrationDeliveries.integrationId, desc(integrationDeliveries.lastAttemptAt)),
            store.db
              .select({ integrationId: integrationDeliveries.integrationId, n: count() })
              .from(integrationDeliveries)
              .where(and(inArray(integrationDeliveries.integrationId, ids), eq(integrationDeliveries.status, "dead")))
              .groupBy(integrationDeliveries.integrationId),
          ]);
    const hosts = await Promise.all(rows.map(async (row) => hostOf(await cipher.decrypt(row.url))));
    return rows.map((row, index) => {
      const last = lasts.find((l) => l.integrationId === row.id);
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        host: hosts[index]!,
        events: row.events,
        detail: row.detail,
        paused: row.pausedAt !== null,
        createdAt: row.createdAt,
        last: last?.at ? { at: last.at, status: last.status, httpStatus: last.httpStatus } : null,
        dead: Number(deads.find((d) => d.integrationId === row.id)?.n ?? 0),
      };
    });
  }

  /** Webhook deliveries with their endpoint's name and their enquiry's kind, for deliveryOf. */
  const deliveryRows = () =>
    store.db
      .select(deliveryColumns)
      .from(integrationDeliveries)
      .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
      .innerJoin(enquiries, eq(enquiries.id, integrationDeliveries.enquiryId));

  const checked = (input: IntegrationInput) => checkEndpointUrl(input.url, deps.allow);

  return {
    async list(): Promise<Integration[]> {
      return summaries(await store.db.select().from(integrations).orderBy(integrations.createdAt));
    },

    /** One endpoint with a page (1-based, newest first) of its delivery log; null if there is none. */
    async get(id: string, page = 1): Promise<IntegrationPage | null> {
      if (!UUID.test(id)) return null;
      const [row] = await store.db.select().from(integrations).where(eq(integrations.id, id));
      if (!row) return null;
      const [[integration], [total]] = await Promise.all([
        summaries([row]),
        store.db.select({ n: count() }).from(integrationDeliveries).where(eq(integrationDeliveries.integrationId, id)),
      ]);
      const current = pageOf(Number(total?.n ?? 0), WEBHOOK_LOG_PAGE_SIZE, page);
      const rows = await deliveryRows()
        .where(eq(integrationDeliveries.integrationId, id))
        .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id))
        .limit(WEBHOOK_LOG_PAGE_SIZE)
        .offset(current.offset);
      return {
        integration: { ...integration!, url: await cipher.decrypt(row.url) },
        deliveries: rows.map(deliveryOf),
        page: current.page,
        pages: current.pages,
      };
    },

    /** Adds an endpoint. A webhook's signing secret (`whsec_…`) is returned here once and never shown again. */
    async add(input: IntegrationInput, { member, meta }: StaffAct): Promise<IntegrationSaved> {
      const url = checked(input);
      if (!url.ok) return { ok: false, errors: { url: url.error } };
      const id = randomUUID();
      const secret = input.kind === "webhook" ? newSigningSecret() : null;
      const stored = { url: await cipher.encrypt(url.url.href), secret: secret && (await cipher.encrypt(secret)) };
      await store.transaction(async (tx) => {
        await tx.insert(integrations).values({
          id,
          kind: input.kind,
          name: input.name,
          url: stored.url,
          secret: stored.secret,
          events: input.events,
          detail: input.detail,
        });
        await recordAudit(tx, deps.secret, {
          action: "integration-added",
          actor: { member },
          target: id,
          detail: { kind: input.kind, host: url.url.host, events: input.events, detail: input.detail },
          meta,
        });
      });
      log.info("integration added", { integrationId: id, kind: input.kind, by: member.id });
      return { ok: true, id, ...(secret ? { secret } : {}) };
    },

    /** Changes name, address, events and detail (not the kind). */
    async update(id: string, input: IntegrationInput, { member, meta }: StaffAct): Promise<IntegrationSaved> {
      if (!UUID.test(id)) return { ok: false, errors: {} };
      const url = checked(input);
      if (!url.ok) return { ok: false, errors: { url: url.error } };
      const storedUrl = await cipher.encrypt(url.url.href);
      const changed = await store.transaction(async (tx) => {
        const [row] = await tx
          .update(integrations)
          .set({
            name: input.name,
            url: storedUrl,
            events: input.events,
            detail: input.detail,
            updatedAt: new Date(),
          })
          .where(eq(integrations.id, id))
          .returning({ kind: integrations.kind });
        if (!row) return false;
        await recordAudit(tx, deps.secret, {
          action: "integration-changed",
          actor: { member },
          target: id,
          detail: { kind: row.kind, host: url.url.host, events: input.events, detail: input.detail },
          meta,
        });
        return true;
      });
      return changed ? { ok: true, id } : { ok: false, errors: {} };
    },

    async setPaused(id: string, paused: boolean, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(id)) return false;
      return store.transaction(async (tx) => {
        const [row] = await tx
          .update(integrations)
          .set({ pausedAt: paused ? new Date() : null, updatedAt: new Date() })
          .where(eq(integrations.id, id))
          .returning({ kind: integrations.kind });
        if (!row) return false;
        await recordAudit(tx, deps.secret, {
          action: paused ? "integration-paused" : "integration-resumed",
          actor: { member },
          target: id,
          detail: { kind: row.kind },
          meta,
        });
        return true;
      });
    },

    async remove(id: string, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const removed = await store.transaction(async (tx) => {
        // Its deliveries go with it (foreign key); a job still queued finds no row and does nothing.
        const [row] = await tx
          .delete(integrations)
          .where(eq(integrations.id, id))
          .returning({ kind: integrations.kind, url: integrations.url });
        if (!row) return false;
        await recordAudit(tx, deps.secret, {
          action: "integration-deleted",
          actor: { member },
          target: id,
          detail: { kind: row.kind, host: hostOf(await cipher.decrypt(row.url)) },
          meta,
        });
        return true;
      });
      if (removed) log.info("integration deleted", { integrationId: id, by: member.id });
      return removed;
    },

    /** A new signing secret for a webhook, returned once; the old one stops signing at once. */
    async rotateSecret(id: string, { member, meta }: StaffAct): Promise<string | null> {
      if (!UUID.test(id)) return null;
      const secret = newSigningSecret();
      const stored = await cipher.encrypt(secret);
      return store.transaction(async (tx) => {
        const [row] = await tx
          .update(integrations)
          .set({ secret: stored, updatedAt: new Date() })
          .where(and(eq(integrations.id, id), eq(integrations.kind, "webhook")))
          .returning({ id: integrations.id });
        if (!row) return null;
        await recordAudit(tx, deps.secret, {
          action: "integration-secret-rotated",
          actor: { member },
          target: id,
          meta,
        });
        return secret;
      });
    },

    /**
     * Sends a delivery that was delivered, given up or skipped again, with the
     * same `webhook-id`. False when it is queued or still retrying, or gone.
     */
    async resend(deliveryId: string, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(deliveryId)) return false;
      const resent = await store.transaction(async (tx, bossDb) => {
        const [row] = await tx
          .update(integrationDeliveries)
          .set({ status: "queued" })
          .where(
            and(
              eq(integrationDeliveries.id, deliveryId),
              inArray(integrationDeliveries.status, ["sent", "dead", "skipped"]),
            ),
          )
          .returning({ integrationId: integrationDeliveries.integrationId, event: integrationDeliveries.event });
        if (!row) return null;
        await boss.send(WEBHOOK_QUEUE, { webhookDeliveryId: deliveryId } satisfies WebhookJob, { db: bossDb });
        await recordAudit(tx, deps.secret, {
          action: "webhook-resent",
          actor: { member },
          target: deliveryId,
          detail: { integrationId: row.integrationId, event: row.event },
          meta,
        });
        return row;
      });
      if (resent) log.info("webhook resent", { webhookDeliveryId: deliveryId, by: member.id });
      return resent !== null;
    },

    /** An enquiry's webhook deliveries, for its page. */
    async deliveriesOf(enquiryId: string): Promise<IntegrationDelivery[]> {
      if (!UUID.test(enquiryId)) return [];
      const rows = await deliveryRows()
        .where(eq(integrationDeliveries.enquiryId, enquiryId))
        .orderBy(integrationDeliveries.createdAt, integrations.name);
      return rows.map(deliveryOf);
    },
  };
}

/** The "Integrations" section\'s service, as the site builds it (app/site.server.ts). */
export function createIntegrationsService(deps: PlatformDeps) {
  return createIntegrations({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    allow: parseAllowList(deps.env.WEBHOOK_ALLOW_ADDRESSES),
    cipher: dataCipher(deps.keys),
  });
}
