import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db as BossDb, PgBoss } from "pg-boss";
import type { Env } from "~/lib/env.server";
import { advisoryPayloadSchema, contactPayloadSchema, demoPayloadSchema } from "~/lib/enquiry-schemas";
import type { EnquiryKind, SubmitMeta, SubmitResult } from "~/lib/services";
import type { Logger } from "../log";
import type { Store, Transaction } from "./db.server";
import { initialDeliveries } from "./messages.server";
import { DELIVERY_QUEUE, type DeliveryJob } from "./queue.server";
import { appSecrets, deliveries, submissionKinds } from "./schema.server";

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

export type Limits = { perClientPerHour: number; perRecipientPerDay: number; globalPerHour: number };

export function limitsFromEnv(env: Env): Limits {
  return {
    perClientPerHour: env.ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR,
    perRecipientPerDay: env.ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY,
    globalPerHour: env.ENQUIRY_LIMIT_GLOBAL_PER_HOUR,
  };
}

type StoreRow = {
  client_wait: number | null;
  recipient_wait: number | null;
  global_wait: number | null;
  inserted: string | null;
};

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
 * transaction, in order. Each submission is one statement that checks the
 * three rate limits and inserts only if none is reached (seeing the
 * submissions stored before it in the same transaction); then one statement
 * inserts every delivery and one every job.
 */
async function storeSubmissions(
  deps: SubmitDeps,
  tx: Transaction,
  bossDb: BossDb,
  items: Pending[],
): Promise<SubmitResult[]> {
  const { limits } = deps;
  const results: SubmitResult[] = [];
  const accepted: Pending[] = [];
  for (const item of items) {
    // For each limit: the creation time of the limit-th most recent submission
    // in the window. If it exists the limit is reached, until it leaves the window.
    const result = await tx.execute(sql`
      with hits as (
        select
          (select ceil(extract(epoch from s.created_at + interval '1 hour' - now()))::int from submissions s
            where s.client_fingerprint = ${item.fingerprint} and s.created_at > now() - interval '1 hour'
            order by s.created_at desc offset ${limits.perClientPerHour - 1} limit 1) as client_wait,
          (select ceil(extract(epoch from s.created_at + interval '1 day' - now()))::int from submissions s
            where s.email = ${item.email} and s.created_at > now() - interval '1 day'
            order by s.created_at desc offset ${limits.perRecipientPerDay - 1} limit 1) as recipient_wait,
          (select ceil(extract(epoch from s.created_at + interval '1 hour' - now()))::int from submissions s
            where s.created_at > now() - interval '1 hour'
            order by s.created_at desc offset ${limits.globalPerHour - 1} limit 1) as global_wait
      ), inserted as (
        insert into submissions (id, kind, payload, email, client_fingerprint)
        select ${item.id}::uuid, ${item.kind}, ${JSON.stringify(item.payload)}::jsonb, ${item.email}, ${item.fingerprint} from hits
        where client_wait is null and recipient_wait is null and global_wait is null
        returning id
      )
      select hits.*, (select id::text from inserted) as inserted from hits`);
    const row = ((Array.isArray(result) ? result : (result as { rows: StoreRow[] }).rows) as StoreRow[])[0];
    if (row?.inserted) {
      accepted.push(item);
      results.push({ ok: true, submissionId: item.id });
    } else {
      const waits = row
        ? [row.client_wait, row.recipient_wait, row.global_wait].filter((w): w is number => w !== null).map(Number)
        : [];
      const retryAfterSeconds = Math.max(1, ...waits);
      deps.log.warn("enquiry rate-limited", { kind: item.kind, fingerprint: item.fingerprint, retryAfterSeconds });
      results.push({ ok: false, reason: "rate-limited", retryAfterSeconds });
    }
  }
  if (accepted.length > 0) {
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
  return results;
}

/**
 * Group commit for the embedded database: PGlite is one connection, and a
 * commit (with its WAL flush) is the expensive part, so submissions that
 * arrive while a transaction is running are stored together in the next one.
 * Each caller still resolves only after the commit that holds its enquiry.
 */
function createBatcher(deps: SubmitDeps) {
  let pending: Pending[] = [];
  let running = false;

  async function runBatch(batch: Pending[]) {
    try {
      const results = await deps.store.transaction((tx, bossDb) => storeSubmissions(deps, tx, bossDb, batch));
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
