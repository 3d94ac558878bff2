import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { SPAM_PAGE_SIZE, type SpamDetail, type SpamItem, type SpamPage } from "~/features/spam/spam";
import type { StaffAct } from "~/features/audit";
import { recipientOf } from "~/features/enquiries";
import type { Logger } from "~/platform/log.server";
import { listPage, type Store } from "~/platform/db/db.server";
import {
  deliveriesOnRelease,
  enqueueDelivery,
  limitsFromEnv,
  recipientWindowFull,
  type Limits,
} from "~/features/enquiries/index.server";
import type { AnnounceEvent } from "~/features/enquiries/index.server";
import { deliveries, enquiries, type EnquiryRow } from "~/features/enquiries/index.server";
import { recordAudit } from "~/features/audit/index.server";
import type { PlatformDeps } from "~/platform/platform.server";

/**
 * The Spam view's server side (~/features/spam/spam.ts): suspected spam is a
 * enquiries row with `spam_reason` set and no deliveries
 * (app/features/enquiries/keep-spam.server.ts keeps it), or an enquiry staff moved here
 * (its unsent e-mails withdrawn, app/features/inbox/changes.server.ts). Releasing
 * clears the flag and queues what it has not had through the pipeline's own
 * enqueue path, as an accepted enquiry gets them (deliveriesOnRelease: only
 * the company's when its address has had its day's enquiries); each change
 * writes its audit row in the same transaction.
 */
export type SpamFolderDeps = {
  store: Store;
  boss: PgBoss;
  log: Logger;
  enquiriesEmail: string;
  /** The enquiry rate limits: a release keeps to its address's daily one. */
  limits: Limits;
  /** The key of the audit log's hashes (the fingerprint secret). */
  secret: string;
  /** Tells the features that listen (the integrations) of each enquiry released, in its transaction. */
  announce: AnnounceEvent;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXCERPT_LENGTH = 140;

function excerptOf(payload: Record<string, string | undefined>) {
  const text = (payload.message ?? payload.reason ?? "").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

function itemOf(row: EnquiryRow): SpamItem {
  return {
    id: row.id,
    kind: row.kind,
    receivedAt: row.createdAt,
    reason: row.spamReason!,
    name: row.payload.name ?? "",
    email: row.payload.email ?? row.email,
    excerpt: excerptOf(row.payload),
  };
}

const isSpam = isNotNull(enquiries.spamReason);

export function createSpamFolder(deps: SpamFolderDeps) {
  const { store, boss, log } = deps;
  return {
    /** Newest first, {@link SPAM_PAGE_SIZE} a page; `page` is 1-based and clamped to the last page. */
    async list(query: { page?: number } = {}): Promise<SpamPage> {
      const { rows, ...paging } = await listPage(store.db, enquiries, {
        where: isSpam,
        orderBy: [desc(enquiries.createdAt), desc(enquiries.id)],
        pageSize: SPAM_PAGE_SIZE,
        page: query.page,
      });
      return { rows: rows.map(itemOf), ...paging };
    },

    /** A post still in the folder, or null (released, deleted, expired, or not spam). */
    async get(id: string): Promise<SpamDetail | null> {
      if (!UUID.test(id)) return null;
      const [row] = await store.db
        .select()
        .from(enquiries)
        .where(and(eq(enquiries.id, id), isSpam));
      if (!row) return null;
      const addressAtLimit = await recipientWindowFull(store.db, deps.limits, row.email);
      return { ...itemOf(row), payload: row.payload, addressAtLimit };
    },

    /**
     * Releases a post: it stops being spam and its e-mails are queued as if it
     * had been accepted (outside the client and site limits, within its
     * address's), with an audit row, in one transaction. False when it is no
     * longer in the folder.
     */
    async release(id: string, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const released = await store.transaction(async (tx, bossDb) => {
        const [row] = await tx
          .select()
          .from(enquiries)
          .where(and(eq(enquiries.id, id), isSpam))
          .for("update");
        if (!row) return null;
        // What it has not had: for a post the guard kept, all of its e-mails; for an enquiry staff moved
        // here, those withdrawn when it was moved. Each kind at most once per enquiry (unique): nothing
        // already sent goes again. Past its address's daily limit, only the company's.
        const existing = await tx
          .select({ kind: deliveries.kind, status: deliveries.status })
          .from(deliveries)
          .where(eq(deliveries.enquiryId, row.id));
        // (Counted while it is still spam, so its address's window does not hold it.)
        const kinds = await deliveriesOnRelease(tx, deps.limits, row, existing);
        await tx.update(enquiries).set({ spamReason: null, spamAt: null }).where(eq(enquiries.id, id));
        const queued: string[] = [];
        for (const kind of kinds) {
          const recipient = recipientOf(kind, { enquiries: deps.enquiriesEmail, submitter: row.payload.email ?? "" });
          const deliveryId = await enqueueDelivery(tx, bossDb, boss, { enquiryId: row.id, kind, recipient });
          if (deliveryId) queued.push(kind);
        }
        // Back in the inbox: the team's integrations hear of it (once per endpoint and enquiry).
        await deps.announce(tx, bossDb, "enquiry.released", [{ enquiryId: row.id }]);
        await recordAudit(tx, deps.secret, {
          action: "spam-released",
          actor: { member },
          target: row.id,
          detail: { kind: row.kind, reason: row.spamReason, queued },
          meta,
        });
        return { kind: row.kind, queued };
      });
      if (released) log.info("suspected spam released", { enquiryId: id, by: member.id, ...released });
      return released !== null;
    },

    /** Deletes a post for good, with an audit row. False when it is no longer in the folder. */
    async delete(id: string, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const deleted = await store.transaction(async (tx) => {
        const [row] = await tx
          .delete(enquiries)
          .where(and(eq(enquiries.id, id), isSpam))
          .returning({ kind: enquiries.kind, reason: enquiries.spamReason });
        if (!row) return null;
        await recordAudit(tx, deps.secret, {
          action: "spam-deleted",
          actor: { member },
          target: id,
          detail: { kind: row.kind, reason: row.reason },
          meta,
        });
        return row;
      });
      if (deleted) log.info("suspected spam deleted", { enquiryId: id, by: member.id, ...deleted });
      return deleted !== null;
    },
  };
}

/** The "Spam" section's service, as the site builds it (app/site.server.ts). */
export function createSpamService(deps: PlatformDeps, announce: AnnounceEvent) {
  return createSpamFolder({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    enquiriesEmail: deps.env.ENQUIRIES_EMAIL,
    limits: limitsFromEnv(deps.env),
    announce,
  });
}
