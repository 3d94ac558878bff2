import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import {
  WEBHOOK_LOG_PAGE_SIZE,
  type Integration,
  type IntegrationInput,
  type IntegrationKind,
  type IntegrationPage,
  type IntegrationSaved,
} from "~/features/integrations/integrations";
import type { StaffAct } from "~/features/audit";
import type { Logger } from "~/platform/log.server";
import { pageOf, type Store } from "~/platform/db/db.server";
import { dataCipher, type DataCipher } from "~/platform/keys.server";
import { allowListOf, type AllowList } from "./address-rules.server";
import { checkEndpoint, type Resolver } from "./endpoint-url.server";
import { integrations } from "~/features/integrations/tables.server";
import { createDeliveryLog, hostOf, UUID } from "./delivery-log.server";
import { newSigningSecret, replaceSecret, REVEAL_MS, revealSecret } from "./secrets.server";
import { recordAudit } from "~/features/audit/index.server";
import type { PlatformDeps } from "~/platform/platform.server";

/**
 * /staff/integrations' server side (~/features/integrations/integrations.ts): the
 * endpoints, their delivery logs (./delivery-log.server.ts) and their signing
 * secrets (./secrets.server.ts). Every change writes its audit row in the
 * same transaction; the audit row names the endpoint's kind and host, never
 * its address (a Slack or Teams address is a secret) or its signing secret.
 * Both are stored encrypted with DATA_ENCRYPTION_KEY
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
  /** Resolves a host name when it is saved (the system's resolver by default; tests give their own). */
  lookup?: Resolver;
};

/** Webhook, Slack and Teams endpoints (admins) and their delivery logs (~/features/integrations/integrations.ts). */
export function createIntegrations(deps: IntegrationsDeps) {
  const { store, boss, log, cipher } = deps;
  const deliveryLog = createDeliveryLog(deps);

  /** Host names resolved now too: a name that points inside is refused on the form, not in a log later. */
  const checked = (input: IntegrationInput) => checkEndpoint(input.url, deps.allow, deps.lookup);

  /** An endpoint of the same kind that already sends to `href`, if any (addresses are compared decrypted). */
  async function sameAddress(kind: IntegrationKind, href: string) {
    const rows = await store.db
      .select({ id: integrations.id, name: integrations.name, url: integrations.url })
      .from(integrations)
      .where(eq(integrations.kind, kind))
      .orderBy(integrations.createdAt);
    for (const row of rows) if ((await cipher.decrypt(row.url)) === href) return { id: row.id, name: row.name };
    return null;
  }

  return {
    async list(): Promise<Integration[]> {
      return deliveryLog.summaries(await store.db.select().from(integrations).orderBy(integrations.createdAt));
    },

    /** One endpoint with a page (1-based, newest first) of its delivery log; null if there is none. */
    async get(id: string, page = 1): Promise<IntegrationPage | null> {
      if (!UUID.test(id)) return null;
      const [row] = await store.db.select().from(integrations).where(eq(integrations.id, id));
      if (!row) return null;
      const [[integration], total] = await Promise.all([deliveryLog.summaries([row]), deliveryLog.logSize(id)]);
      const current = pageOf(total, WEBHOOK_LOG_PAGE_SIZE, page);
      const previousSecretUntil =
        row.previousSecret && row.previousSecretUntil && row.previousSecretUntil > new Date()
          ? row.previousSecretUntil
          : null;
      return {
        integration: { ...integration!, url: await cipher.decrypt(row.url), previousSecretUntil },
        deliveries: await deliveryLog.page(id, WEBHOOK_LOG_PAGE_SIZE, current.offset),
        page: current.page,
        pages: current.pages,
      };
    },

    /**
     * Adds an endpoint. A webhook's signing secret (`whsec_…`) is returned
     * here, and shown once to the member who added it (revealSecret).
     * Refused as a `duplicate` when an endpoint of the same kind sends to the
     * same address, unless `sameAddressAs` names that endpoint (the admin
     * confirmed).
     */
    async add(
      input: IntegrationInput,
      { member, meta }: StaffAct,
      { sameAddressAs }: { sameAddressAs?: string } = {},
    ): Promise<IntegrationSaved> {
      const url = await checked(input);
      if (!url.ok) return { ok: false, errors: { url: url.error } };
      const duplicate = await sameAddress(input.kind, url.url.href);
      if (duplicate && duplicate.id !== sameAddressAs) return { ok: false, errors: {}, duplicate };
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
          ...(secret ? { revealTo: member.id, revealUntil: new Date(Date.now() + REVEAL_MS) } : {}),
        });
        await recordAudit(tx, deps.secret, {
          action: "integration-added",
          actor: { member },
          target: id,
          detail: {
            kind: input.kind,
            host: url.url.host,
            events: input.events,
            detail: input.detail,
            ...(duplicate ? { sameAddressAs: duplicate.id } : {}),
          },
          meta,
        });
      });
      log.info("integration added", { integrationId: id, kind: input.kind, by: member.id });
      return { ok: true, id, ...(secret ? { secret } : {}) };
    },

    /** Changes name, address, events and detail (not the kind). */
    async update(id: string, input: IntegrationInput, { member, meta }: StaffAct): Promise<IntegrationSaved> {
      if (!UUID.test(id)) return { ok: false, errors: {} };
      const url = await checked(input);
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

    /**
     * A new signing secret for a webhook, returned here and shown once to the
     * member who asked (revealSecret); the old one keeps signing beside it for
     * 24 hours, then is dropped (./secrets.server.ts). Null when there is no
     * such webhook.
     */
    async rotateSecret(
      id: string,
      { member, meta }: StaffAct,
    ): Promise<{ secret: string; previousUntil: Date } | null> {
      if (!UUID.test(id)) return null;
      return store.transaction(async (tx, bossDb) => {
        const replaced = await replaceSecret(tx, bossDb, boss, { id, cipher, member: member.id });
        if (!replaced) return null;
        await recordAudit(tx, deps.secret, {
          action: "integration-secret-rotated",
          actor: { member },
          target: id,
          detail: { previousUntil: replaced.previousUntil.toISOString() },
          meta,
        });
        return replaced;
      });
    },

    /** The secret `member` just made for webhook `id` (added, or replaced), once; null after that. */
    revealSecret: (id: string, member: string): Promise<string | null> =>
      UUID.test(id) ? revealSecret(store, cipher, { id, member }) : Promise.resolve(null),

    resend: deliveryLog.resend,
    deliveriesOf: deliveryLog.deliveriesOf,
  };
}

/** The "Integrations" section\'s service, as the site builds it (app/site.server.ts). */
export function createIntegrationsService(deps: PlatformDeps, options: { lookup?: Resolver } = {}) {
  return createIntegrations({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    allow: allowListOf(deps.env),
    cipher: dataCipher(deps.keys),
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
}
