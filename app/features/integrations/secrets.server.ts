import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import { Webhook } from "standardwebhooks";
import type { Store, Transaction } from "~/platform/db/db.server";
import type { DataCipher } from "~/platform/keys.server";
import type { QueueSpec } from "~/platform/queue.server";
import { integrations, type IntegrationRow } from "./tables.server";

/**
 * A generic webhook's signing secrets (Standard Webhooks, `whsec_…`): made
 * when it is added, replaced on request, each shown once. A replaced secret
 * keeps signing for {@link SECRET_OVERLAP_MS} beside the new one (the
 * specification lets `webhook-signature` carry several space-separated
 * signatures, and a receiver accepts a request when any of them verifies), so
 * the receiver can be updated without losing a message; then it is dropped
 * from the database by a job due at that moment. Every secret is stored
 * encrypted (DATA_ENCRYPTION_KEY).
 */

/** How long a replaced secret still signs. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** How long the member who made or replaced a secret may still be shown it, once. */
export const REVEAL_MS = 10 * 60 * 1000;

/** One job per replacement, due when the replaced secret's 24 hours end: `{ integrationId, until }`. */
export const SECRET_EXPIRY_QUEUE = "integration-secret-expiry";
export type SecretExpiryJob = { integrationId: string; until: string };
export const secretExpiryQueue: QueueSpec = {
  name: SECRET_EXPIRY_QUEUE,
  options: { retryLimit: 20, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
};

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The three Standard Webhooks headers of one attempt (a fresh timestamp each
 * time; the same id), signed with each of `secrets`: `v1,<sig> v1,<sig>`.
 */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" "),
  };
}

/** The secrets that sign at `at`: the current one, then the replaced one while its 24 hours last. */
export async function signingSecrets(
  row: Pick<IntegrationRow, "secret" | "previousSecret" | "previousSecretUntil">,
  cipher: DataCipher,
  at: Date,
): Promise<string[]> {
  const stored = [row.secret];
  if (row.previousSecret && row.previousSecretUntil && row.previousSecretUntil > at) stored.push(row.previousSecret);
  return Promise.all(stored.filter((value) => value !== null).map((value) => cipher.decrypt(value)));
}

/**
 * Replaces a webhook's secret in `tx`: the current one becomes the previous
 * one (a previous one still in its 24 hours is dropped now), the job that
 * drops it is queued for when its 24 hours end, and `member` may be shown the
 * new one once. Null when there is no such webhook.
 */
export async function replaceSecret(
  tx: Transaction,
  bossDb: BossDb,
  boss: PgBoss,
  { id, cipher, member, now = new Date() }: { id: string; cipher: DataCipher; member: string; now?: Date },
): Promise<{ secret: string; previousUntil: Date } | null> {
  const [row] = await tx
    .select({ secret: integrations.secret })
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.kind, "webhook")))
    .for("update");
  if (!row) return null;
  const secret = newSigningSecret();
  const previousUntil = new Date(now.getTime() + SECRET_OVERLAP_MS);
  await tx
    .update(integrations)
    .set({
      secret: await cipher.encrypt(secret),
      previousSecret: row.secret,
      previousSecretUntil: row.secret === null ? null : previousUntil,
      revealTo: member,
      revealUntil: new Date(now.getTime() + REVEAL_MS),
      updatedAt: now,
    })
    .where(eq(integrations.id, id));
  const job: SecretExpiryJob = { integrationId: id, until: previousUntil.toISOString() };
  await boss.send(SECRET_EXPIRY_QUEUE, job, { db: bossDb, startAfter: previousUntil });
  return { secret, previousUntil };
}

/**
 * The secret expiry job: drops the replaced secret its replacement left, once
 * its 24 hours are over. Nothing to do when another replacement (or the
 * endpoint's deletion) came since; throws (pg-boss retries) when the job
 * came early.
 */
export async function dropReplacedSecret(store: Store, job: SecretExpiryJob, now = new Date()) {
  const until = new Date(job.until);
  const mine = and(eq(integrations.id, job.integrationId), eq(integrations.previousSecretUntil, until));
  const [dropped] = await store.db
    .update(integrations)
    .set({ previousSecret: null, previousSecretUntil: null })
    .where(and(mine, lte(integrations.previousSecretUntil, now)))
    .returning({ id: integrations.id });
  if (dropped) return "dropped";
  const [early] = await store.db.select({ id: integrations.id }).from(integrations).where(mine);
  if (early) throw new Error("The replaced secret's 24 hours are not over yet");
  return "gone";
}

/** Every replaced secret whose 24 hours are over, dropped (the retention sweep's backstop to the jobs). */
export async function dropExpiredSecrets(store: Store, now = new Date()): Promise<number> {
  const dropped = await store.db
    .update(integrations)
    .set({ previousSecret: null, previousSecretUntil: null })
    .where(lte(integrations.previousSecretUntil, now))
    .returning({ id: integrations.id });
  return dropped.length;
}

/**
 * The secret `member` just made (adding the webhook or replacing its
 * secret), once: the page the post redirects to shows it, and no page after
 * it. Null when it was shown already, is too old, or is another's.
 */
export async function revealSecret(
  store: Store,
  cipher: DataCipher,
  { id, member, now = new Date() }: { id: string; member: string; now?: Date },
): Promise<string | null> {
  const [row] = await store.db
    .update(integrations)
    .set({ revealTo: null, revealUntil: null })
    .where(and(eq(integrations.id, id), eq(integrations.revealTo, member), gt(integrations.revealUntil, now)))
    .returning({ secret: integrations.secret });
  return row?.secret ? cipher.decrypt(row.secret) : null;
}
