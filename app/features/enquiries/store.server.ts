import { randomUUID } from "node:crypto";
import type { Db as BossDb, PgBoss } from "pg-boss";
import {
  companyDeliveries,
  enquiryKinds,
  isCompanyDelivery,
  recipientOf,
  type DeliveryKind,
  type EnquiryKind,
} from "~/features/enquiries/kinds";
import type { SubmitResult } from "~/features/enquiries/service";
import type { Logger } from "~/platform/log.server";
import type { Store, Transaction } from "~/platform/db/db.server";
import {
  countWindows,
  keyId,
  limitOf,
  recipientKey,
  recipientWindowFull,
  secondsUntilFree,
  type LimitBounds,
  type LimitKey,
  type Limits,
} from "./limits.server";
import { DELIVERY_QUEUE, deliveryJob } from "./queues.server";
import type { SpamReason } from "~/features/enquiries/service";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import type { AnnounceEvent } from "./events.server";
import { sourceColumns, type EnquirySource } from "./source";

/** What storing and submitting enquiries needs (built once by the pipeline, app/features/enquiries/index.server.ts). */
export type SubmitDeps = {
  store: Store;
  boss: PgBoss;
  log: Logger;
  limits: Limits;
  enquiriesEmail: string;
  fingerprintSecret: string;
  /** Tells the features that listen (the integrations) of each enquiry accepted, in its transaction. */
  announce: AnnounceEvent;
};

/** A enquiry on its way to the database; the promise of its submitter settles once it is committed. */
export type Pending = {
  id: string;
  kind: EnquiryKind;
  payload: Record<string, string | undefined>;
  email: string;
  fingerprint: string;
  /** Where the visitor came from (./source.ts). */
  source: EnquirySource | null;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

/** The enquiries row of an enquiry; with `spamReason`, kept as suspected spam (./keep-spam.server.ts). */
export function enquiryRow(
  item: Pick<Pending, "id" | "kind" | "payload" | "email" | "fingerprint" | "source">,
  spamReason: SpamReason | null = null,
): typeof enquiries.$inferInsert {
  return {
    id: item.id,
    kind: item.kind,
    payload: item.payload,
    email: item.email,
    clientFingerprint: item.fingerprint,
    spamReason,
    spamAt: spamReason ? new Date() : null,
    ...sourceColumns(item.source),
  };
}

const keysOf = (item: Pending): LimitKey[] => [
  { window: "client", key: item.fingerprint },
  { window: "recipient", key: recipientKey(item.email) },
  { window: "global", key: "" },
];

/**
 * Stores enquiries and their first deliveries and jobs, in the caller's
 * transaction, in order, with a fixed number of statements per batch:
 *
 *   1. at most one query counts what the rate limits see (see limits.server.ts;
 *      with `bounds`, only the keys that may be near a limit);
 *   2. the batch is walked in order against those counts, each accepted
 *      enquiry counting towards the ones after it; an enquiry over its
 *      address's limit is accepted without the e-mails to that address
 *      (companyDeliveries): the limit protects a mailbox, and refusing would
 *      let anyone who knows an address stop its owner from writing to us;
 *   3. one statement inserts the accepted enquiries, one their deliveries
 *      and one their jobs (and, for endpoints on /staff/integrations, one
 *      query finds them and two store their deliveries and jobs);
 *   4. only for a refused enquiry (rare), one query finds when the limit
 *      that refused it frees up.
 */
export async function storeEnquiries(
  deps: SubmitDeps,
  tx: Transaction,
  bossDb: BossDb,
  items: Pending[],
  bounds?: LimitBounds,
): Promise<SubmitResult[]> {
  const counts = await countLimits(deps, tx, items, { bounds });
  const verdicts = judge(deps.limits, items, counts);
  const accepted = items.filter((_, i) => verdicts[i]!.refused.length === 0);
  const quiet = new Set(items.filter((_, i) => verdicts[i]!.quiet));
  if (accepted.length > 0) await insertEnquiries(deps, tx, bossDb, accepted, quiet);

  const results: SubmitResult[] = [];
  for (const [i, item] of items.entries()) {
    const { refused } = verdicts[i]!;
    if (refused.length === 0) {
      if (quiet.has(item))
        deps.log.info("enquiry stored without its writer's e-mails", {
          kind: item.kind,
          fingerprint: item.fingerprint,
        });
      results.push({ ok: true, enquiryId: item.id });
      continue;
    }
    const retryAfterSeconds = await secondsUntilFree(tx, deps.limits, refused);
    deps.log.warn("enquiry rate-limited", { kind: item.kind, fingerprint: item.fingerprint, retryAfterSeconds });
    results.push({ ok: false, reason: "rate-limited", retryAfterSeconds });
  }
  bounds?.set(counts);
  return results;
}

/**
 * Stores every enquiry of `items` first, then calls `lock` and counts what
 * the rate limits see (the count includes the batch itself, which is taken
 * off): what `lock` serialises between processes is then three statements
 * (the lock, the count, the commit), not the seven of storeEnquiries.
 * Returns null when an enquiry of the batch is over a limit: the caller then
 * rolls the transaction back and stores the batch with storeEnquiries,
 * which refuses it with its retry time (or, over its address's limit,
 * stores it without the e-mails to that address).
 */
export async function storeEnquiriesFirst(
  deps: SubmitDeps,
  tx: Transaction,
  bossDb: BossDb,
  items: Pending[],
  lock: () => Promise<void>,
): Promise<SubmitResult[] | null> {
  await insertEnquiries(deps, tx, bossDb, items);
  await lock();
  const counts = await countLimits(deps, tx, items, { stored: true });
  if (judge(deps.limits, items, counts).some(({ refused, quiet }) => refused.length > 0 || quiet)) return null;
  return items.map((item) => ({ ok: true, enquiryId: item.id }));
}

/**
 * What each limit of `items` counts before them: from `bounds` where they
 * show the key is far from its limit, otherwise in one query. With `stored`,
 * the items are already in the table, and so in the query's count: each
 * key's own uses are taken off.
 */
async function countLimits(
  deps: SubmitDeps,
  tx: Transaction,
  items: Pending[],
  { bounds, stored = false }: { bounds?: LimitBounds; stored?: boolean },
): Promise<Map<string, number>> {
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
    if (bound !== undefined && bound + n <= limitOf(deps.limits, limitKey.window)) counts.set(id, bound);
    else toCount.push(limitKey);
  }
  if (toCount.length > 0) {
    const exact = await countWindows(tx, toCount);
    for (const limitKey of toCount) {
      const id = keyId(limitKey);
      counts.set(id, (exact.get(id) ?? 0) - (stored ? uses.get(id)!.n : 0));
    }
  }
  return counts;
}

/**
 * What the limits make of each item, walking the batch in order: the client
 * and site limits it reaches (which refuse it), and whether its address has
 * had its e-mails (`quiet`). Each accepted item counts towards the ones after
 * it (in `counts`).
 */
function judge(limits: Limits, items: Pending[], counts: Map<string, number>) {
  return items.map((item) => {
    const keys = keysOf(item);
    const reached = keys.filter((k) => counts.get(keyId(k))! >= limitOf(limits, k.window));
    const refused = reached.filter((k) => k.window !== "recipient");
    if (refused.length === 0) for (const k of keys) counts.set(keyId(k), counts.get(keyId(k))! + 1);
    return { refused, quiet: refused.length === 0 && reached.length > 0 };
  });
}

/**
 * Inserts enquiries, their first deliveries and those deliveries' jobs, and
 * tells the integrations. Those in `quiet` get only the company's deliveries.
 */
async function insertEnquiries(
  deps: SubmitDeps,
  tx: Transaction,
  bossDb: BossDb,
  accepted: Pending[],
  quiet: ReadonlySet<Pending> = new Set(),
) {
  await tx.insert(enquiries).values(accepted.map((item) => enquiryRow(item)));
  const rows = accepted.flatMap((item) =>
    (quiet.has(item) ? companyDeliveries(item.kind) : enquiryKinds[item.kind].first).map((kind) => ({
      id: randomUUID(),
      enquiryId: item.id,
      kind,
      recipient: recipientOf(kind, { enquiries: deps.enquiriesEmail, submitter: item.payload.email ?? "" }),
    })),
  );
  await tx.insert(deliveries).values(rows);
  await deps.boss.insert(DELIVERY_QUEUE, rows.map(deliveryJob), { db: bossDb });
  await deps.announce(
    tx,
    bossDb,
    "enquiry.received",
    accepted.map((item) => ({ enquiryId: item.id })),
  );
}

/**
 * The e-mails an enquiry staff release from Spam queues (enqueueDelivery
 * skips a kind it already has): its kind's first ones, and any that waited
 * for one already sent or given up. Staff chose it, so the client and site
 * limits do not apply; its address's does, since that limit protects a
 * mailbox: if the address's window is full now (counted without this
 * enquiry, still in spam), only the company's are queued
 * (companyDeliveries), as for a quiet enquiry at submission.
 */
export async function deliveriesOnRelease(
  tx: Transaction,
  limits: Limits,
  enquiry: { kind: EnquiryKind; email: string },
  existing: { kind: DeliveryKind; status: string }[],
): Promise<DeliveryKind[]> {
  const after: Partial<Record<DeliveryKind, DeliveryKind>> = enquiryKinds[enquiry.kind].after ?? {};
  const followUps = existing
    .filter((d) => d.status === "sent" || d.status === "dead")
    .map((d) => after[d.kind])
    .filter((kind): kind is DeliveryKind => kind !== undefined);
  const kinds = (await recipientWindowFull(tx, limits, enquiry.email))
    ? [...companyDeliveries(enquiry.kind), ...followUps.filter(isCompanyDelivery)]
    : [...enquiryKinds[enquiry.kind].first, ...followUps];
  return [...new Set(kinds)];
}
