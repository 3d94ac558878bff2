import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import { advisoryPayloadSchema, contactPayloadSchema, demoPayloadSchema } from "~/lib/enquiry-schemas";
import type { EnquiryKind, SubmitMeta, SubmitResult } from "~/lib/services";
import type { Logger } from "../log";
import type { Store, Transaction } from "./db.server";
import { initialDeliveries } from "./messages.server";
import {
  countWindows,
  keyId,
  limitOf,
  LimitBounds,
  secondsUntilFree,
  type LimitKey,
  type Limits,
} from "./limits.server";
import { DELIVERY_QUEUE, type DeliveryJob } from "./queue.server";
import { appSecrets, deliveries, submissionKinds, submissions } from "./schema.server";

/** submitEnquiry was given a payload the schemas of app/lib/enquiry-schemas.ts refuse. */
export class InvalidEnquiryError extends Error {
  override name = "InvalidEnquiryError";
  constructor(
    readonly kind: string,
    /** The first message per field. */
    readonly fieldErrors: Record<string, string>,
  ) {
    super(
      `Invalid ${kind} enquiry: ${Object.entries(fieldErrors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ")}`,
    );
  }
}

const payloadSchemas = { contact: contactPayloadSchema, demo: demoPayloadSchema, advisory: advisoryPayloadSchema };

/**
 * Validates a payload (SPEC section 3 field names). Demo and advisory also
 * accept their form names (fullName, preferredDate) so an action may pass
 * either; unknown fields are dropped.
 */
export function validatePayload(
  kind: EnquiryKind,
  fields: Record<string, unknown>,
): Record<string, string | undefined> {
  if (!submissionKinds.includes(kind)) throw new InvalidEnquiryError(String(kind), { kind: "Unknown enquiry kind" });
  let input = fields;
  if (kind !== "contact" && input.name === undefined && input.fullName !== undefined) {
    const { fullName, preferredDate, ...rest } = input;
    input = {
      ...rest,
      name: fullName,
      ...(kind === "demo" && rest.preferredTime === undefined ? { preferredTime: preferredDate } : {}),
    };
  }
  const result = payloadSchemas[kind].safeParse(input);
  if (!result.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? "payload")] ??= issue.message;
    throw new InvalidEnquiryError(kind, fieldErrors);
  }
  return result.data as Record<string, string | undefined>;
}

/** A short, keyed, one-way fingerprint of the client address: never the raw IP. */
export function clientFingerprint(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 16);
}

/** The fingerprint key, generated once and shared through the database by every process. */
export async function loadFingerprintSecret(store: Store): Promise<string> {
  await store.db
    .insert(appSecrets)
    .values({ name: "client-fingerprint", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await store.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "client-fingerprint"));
  if (!row) throw new Error("The client fingerprint secret is missing");
  return row.value;
}

export type SubmitDeps = {
  store: Store;
  boss: PgBoss;
  log: Logger;
  limits: Limits;
  enquiriesEmail: string;
  fingerprintSecret: string;
};

type Pending = {
  id: string;
  kind: EnquiryKind;
  payload: Record<string, string | undefined>;
  email: string;
  fingerprint: string;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

/**
 * Stores submissions and their first deliveries and jobs, in the caller's
 * transaction, in order, with a fixed number of statements per batch:
 *
 *   1. at most one query counts what the rate limits see (see limits.server.ts;
 *      with `bounds`, only the keys that may be near a limit);
 *   2. the batch is walked in order against those counts, each accepted
 *      submission counting towards the ones after it;
 *   3. one statement inserts the accepted submissions, one their deliveries
 *      and one their jobs;
 *   4. only for a refused submission (rare), one query finds when the limit
 *      that refused it frees up.
 */
async function storeSubmissions(
  deps: SubmitDeps,
  tx: Transaction,
  bossDb: BossDb,
  items: Pending[],
  bounds?: LimitBounds,
): Promise<SubmitResult[]> {
  const { limits } = deps;
  const keysOf = (item: Pending): LimitKey[] => [
    { window: "client", key: item.fingerprint },
    { window: "recipient", key: item.email },
    { window: "global", key: "" },
  ];

  // How many of this batch each key would count, and which keys need counting.
  const uses = new Map<string, { limitKey: LimitKey; n: number }>();
  for (const limitKey of items.flatMap(keysOf)) {
    const use = uses.get(keyId(limitKey)) ?? { limitKey, n: 0 };
    use.n++;
    uses.set(keyId(limitKey), use);
  }
  if (bounds?.needsSeed) await bounds.seed(tx);
  const counts = new Map<string, number>();
  const toCount: LimitKey[] = [];
  for (const [id, { limitKey, n }] of uses) {
    const bound = bounds?.get(limitKey);
    if (bound !== undefined && bound + n <= limitOf(limits, limitKey.window)) counts.set(id, bound);
    else toCount.push(limitKey);
  }
  if (toCount.length > 0) {
    const exact = await countWindows(tx, toCount);
    for (const limitKey of toCount) counts.set(keyId(limitKey), exact.get(keyId(limitKey)) ?? 0);
  }

  const verdicts = items.map((item) => {
    const keys = keysOf(item);
    const reached = keys.filter((k) => counts.get(keyId(k))! >= limitOf(limits, k.window));
    if (reached.length === 0) for (const k of keys) counts.set(keyId(k), counts.get(keyId(k))! + 1);
    return reached;
  });
  const accepted = items.filter((_, i) => verdicts[i]!.length === 0);
  if (accepted.length > 0) {
    await tx.insert(submissions).values(
      accepted.map((item) => ({
        id: item.id,
        kind: item.kind,
        payload: item.payload,
        email: item.email,
        clientFingerprint: item.fingerprint,
      })),
    );
    const rows = accepted.flatMap((item) =>
      initialDeliveries(item.kind).map((kind) => ({
        id: randomUUID(),
        submissionId: item.id,
        kind,
        recipient: kind === "notification" ? deps.enquiriesEmail : (item.payload.email ?? ""),
      })),
    );
    await tx.insert(deliveries).values(rows);
    // Notifications first: the company hears of an enquiry before anything else.
    await deps.boss.insert(
      DELIVERY_QUEUE,
      rows.map((row) => ({
        data: { deliveryId: row.id } satisfies DeliveryJob,
        priority: row.kind === "notification" ? 1 : 0,
      })),
      { db: bossDb },
    );
  }

  const results: SubmitResult[] = [];
  for (const [i, item] of items.entries()) {
    const reached = verdicts[i]!;
    if (reached.length === 0) {
      results.push({ ok: true, submissionId: item.id });
      continue;
    }
    const retryAfterSeconds = await secondsUntilFree(tx, limits, reached);
    deps.log.warn("enquiry rate-limited", { kind: item.kind, fingerprint: item.fingerprint, retryAfterSeconds });
    results.push({ ok: false, reason: "rate-limited", retryAfterSeconds });
  }
  bounds?.set(counts);
  return results;
}

/**
 * Group commit for the embedded database: PGlite is one connection that runs
 * in this thread, and a transaction costs a few milliseconds of it whatever
 * its size, so submissions that arrive while a transaction is running are
 * stored together in the next one. Each caller still resolves only after the
 * commit that holds its enquiry. The batcher also keeps the rate-limit bounds
 * that spare most batches a count query (see LimitBounds).
 */
function createBatcher(deps: SubmitDeps) {
  let pending: Pending[] = [];
  let running = false;
  const bounds = new LimitBounds();

  async function runBatch(batch: Pending[]) {
    try {
      const results = await deps.store.transaction((tx, bossDb) => storeSubmissions(deps, tx, bossDb, batch, bounds));
      batch.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One bad apple must not fail the others: store them one by one.
      for (const item of batch) await runBatch([item]);
    }
  }

  async function drain() {
    running = true;
    try {
      while (pending.length > 0) {
        const batch = pending.slice(0, 200);
        pending = pending.slice(batch.length);
        await runBatch(batch);
      }
    } finally {
      running = false;
    }
  }

  return (item: Pending) => {
    pending.push(item);
    if (!running) void drain();
  };
}

const batchers = new WeakMap<SubmitDeps, (item: Pending) => void>();

/**
 * Stores an enquiry and queues its first e-mails in one transaction, then
 * returns: when this resolves `ok`, the enquiry is committed to the database.
 * Rate limits are counted from the submissions table so they hold across
 * processes: per client fingerprint (an hour), per submitter address (a day)
 * and for the whole site (an hour).
 */
export async function submitEnquiry(
  deps: SubmitDeps,
  kind: EnquiryKind,
  fields: Record<string, string | undefined>,
  meta: SubmitMeta,
): Promise<SubmitResult> {
  const payload = validatePayload(kind, fields);
  const email = (payload.email ?? "").toLowerCase();
  const fingerprint = clientFingerprint(deps.fingerprintSecret, meta.ip || "unknown");
  const { store } = deps;
  try {
    return await new Promise<SubmitResult>((resolve, reject) => {
      const item: Pending = { id: randomUUID(), kind, payload, email, fingerprint, resolve, reject };
      if (store.engine === "pglite") {
        let batcher = batchers.get(deps);
        if (!batcher) batchers.set(deps, (batcher = createBatcher(deps)));
        batcher(item);
        return;
      }
      store
        .transaction(async (tx, bossDb) => {
          // Serialise submissions from the same client or to the same address, so
          // concurrent requests cannot all pass the limits.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`enquiry-client:${fingerprint}`})), pg_advisory_xact_lock(hashtext(${`enquiry-recipient:${email}`}))`,
          );
          return (await storeSubmissions(deps, tx, bossDb, [item]))[0]!;
        })
        .then(resolve, reject);
    });
  } catch (error) {
    deps.log.error("enquiry could not be stored", { kind, err: error });
    return { ok: false, reason: "unavailable", message: "Your enquiry could not be saved. Please try again." };
  }
}
