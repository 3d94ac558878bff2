import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { enquiryKind, sourceOfColumns } from "~/features/enquiries";
import type { Logger } from "~/platform/log.server";
import type {
  AccessExport,
  ErasureResult,
  OperatorActor,
  SubjectActor,
  SubjectCounts,
  SubjectRecord,
  SubjectEnquiry,
} from "~/features/data-requests/data-requests";
import { isPhoneKey, normaliseSubjectEmail } from "~/features/data-requests/data-requests";
import { outboxDir } from "~/platform/mail/outbox.server";
import { rowsOf, type Database, type Store, type Transaction } from "~/platform/db/db.server";
import { predecessorOf } from "~/features/enquiries/index.server";
import { buildEmail } from "~/features/enquiries/index.server";
import { deliveries, enquiries, type EnquiryRow } from "~/features/enquiries/index.server";
import { textMessages } from "~/features/text-messages/index.server";
import { recordAudit, subjectHash } from "~/features/audit/index.server";
import { enquiryNotes } from "~/features/inbox/index.server";
import type { PlatformDeps } from "~/platform/platform.server";
import { dataCipher, type DataCipher } from "~/platform/keys.server";
import { summaryReceivers } from "~/features/integrations/index.server";
import { personPattern, removeOutboxFiles } from "./outbox.server";

/**
 * Data requests (docs/decisions/009-staff-console.md): everything
 * held about one e-mail address or phone number, found, exported or erased.
 *
 * Where a person's data lives:
 * - `enquiries` (by `email`, lower-cased when stored), suspected spam included;
 * - `deliveries` and `enquiry_notes` of those enquiries;
 * - pg-boss's `pgboss.job` table (a partitioned table: every queue's rows,
 *   active, completed, failed and dead-lettered): delivery jobs carry only
 *   `{ deliveryId }`, but a job's `output` can hold a provider's error naming
 *   the recipient, and `staff-mail` jobs carry whole rendered e-mails;
 * - the file outbox (DATA_DIR/outbox), one .eml file per message, named after
 *   its Message-ID (`<enquiry id>.<kind>@host` for an enquiry's e-mails),
 *   and one `sms-<id>.json` per text message (the file SMS transport);
 * - `text_messages` (by `recipient`, E.164) for a phone number, and their
 *   jobs (`{ textMessageId }`).
 */
export type SubjectDeps = {
  store: Store;
  /** The client-fingerprint key: audit rows keep a keyed hash of the address. */
  secret: string;
  /** For the e-mails' Message-IDs, as the worker renders them. */
  siteUrl: string;
  /** The file transport's folder (DATA_DIR/outbox). */
  outboxDir: string;
  log: Logger;
  /** Decrypts the integrations' addresses: the "Erased" page names the hosts that were sent a summary. */
  cipher: DataCipher;
};

type DeliveryRow = typeof deliveries.$inferSelect;
type NoteRow = typeof enquiryNotes.$inferSelect;
type TextRow = typeof textMessages.$inferSelect;

const newestFirst = <Row extends { createdAt: Date }>(rows: Row[]) =>
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

async function loadSubject(db: Database | Transaction, key: string, lock = false) {
  // A phone number's data is its text messages; an address's, its enquiries.
  const texts = async (): Promise<TextRow[]> => {
    if (!isPhoneKey(key)) return [];
    const query = db.select().from(textMessages).where(eq(textMessages.recipient, key));
    // In id order when locked, as the retention sweep locks them (deleteInIdOrder); listed newest first.
    return lock
      ? newestFirst(await query.orderBy(asc(textMessages.id)).for("update"))
      : await query.orderBy(desc(textMessages.createdAt));
  };
  const query = db.select().from(enquiries).where(eq(enquiries.email, key));
  // Locked in id order, as the inbox's bulk changes lock theirs (changes.server.ts): two transactions
  // that take the same rows in the same order wait for each other, never deadlock. Listed newest first.
  const rows: EnquiryRow[] = isPhoneKey(key)
    ? []
    : lock
      ? newestFirst(await query.orderBy(asc(enquiries.id)).for("update"))
      : await query.orderBy(desc(enquiries.createdAt));
  const ids = rows.map((row) => row.id);
  const [deliveryRows, noteRows, textRows]: [DeliveryRow[], NoteRow[], TextRow[]] =
    ids.length === 0
      ? [[], [], await texts()]
      : await Promise.all([
          db.select().from(deliveries).where(inArray(deliveries.enquiryId, ids)).orderBy(asc(deliveries.createdAt)),
          db
            .select()
            .from(enquiryNotes)
            .where(inArray(enquiryNotes.enquiryId, ids))
            .orderBy(asc(enquiryNotes.createdAt)),
          texts(),
        ]);
  return { rows, deliveryRows, noteRows, textRows };
}

function toRecord(email: string, loaded: Awaited<ReturnType<typeof loadSubject>>): SubjectRecord {
  const list: SubjectEnquiry[] = loaded.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    payload: row.payload,
    clientFingerprint: row.clientFingerprint,
    spamReason: row.spamReason,
    handledAt: row.handledAt,
    source: sourceOfColumns(row),
    deliveries: loaded.deliveryRows
      .filter((d) => d.enquiryId === row.id)
      .map((d) => ({
        id: d.id,
        kind: d.kind,
        recipient: d.recipient,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        sentAt: d.sentAt,
        createdAt: d.createdAt,
      })),
    notes: loaded.noteRows
      .filter((n) => n.enquiryId === row.id)
      .map((n) => ({ id: n.id, author: n.authorName, body: n.body, createdAt: n.createdAt })),
  }));
  const texts = loaded.textRows.map((t) => ({
    id: t.id,
    recipient: t.recipient,
    body: t.body,
    status: t.status,
    attempts: t.attempts,
    sentAt: t.sentAt,
    createdAt: t.createdAt,
  }));
  return { email, enquiries: list, texts, counts: countsOf(loaded) };
}

function countsOf(loaded: Awaited<ReturnType<typeof loadSubject>>): SubjectCounts {
  return {
    enquiries: loaded.rows.length,
    suspectedSpam: loaded.rows.filter((row) => row.spamReason !== null).length,
    deliveries: loaded.deliveryRows.length,
    notes: loaded.noteRows.length,
    texts: loaded.textRows.length,
  };
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A note's author as the access export gives it. */
const NOTE_AUTHOR = "Maternis staff";

/** The access export's document: everything held, with each e-mail rendered by the worker's own code. */
async function accessDocument(record: SubjectRecord, siteUrl: string, now: Date) {
  const items = [];
  for (const enquiry of record.enquiries) {
    const emails = [];
    for (const delivery of enquiry.deliveries) {
      const waitedFor = predecessorOf(enquiry.kind, delivery.kind);
      const message = await buildEmail({
        enquiry,
        delivery,
        welcomeFailed: waitedFor ? enquiry.deliveries.some((d) => d.kind === waitedFor && d.status === "dead") : false,
        siteUrl,
      });
      emails.push({
        kind: delivery.kind,
        to: delivery.recipient,
        status: delivery.status,
        attempts: delivery.attempts,
        sentAt: iso(delivery.sentAt),
        lastError: delivery.lastError,
        messageId: message.messageId,
        subject: message.subject,
        text: message.text,
      });
    }
    items.push({
      id: enquiry.id,
      form: enquiry.kind,
      formName: enquiryKind(enquiry.kind).label,
      receivedAt: iso(enquiry.createdAt),
      suspectedSpam: enquiry.spamReason,
      handledAt: iso(enquiry.handledAt),
      fields: enquiry.payload,
      // Issue 44: where its visitor came from (the referrer's host or page, the link's utm_* values), or null.
      source: enquiry.source ?? null,
      clientFingerprint: enquiry.clientFingerprint,
      emails,
      // Who wrote a note is a member of staff's own data (their name and address): not the subject's to receive.
      notes: enquiry.notes.map((note) => ({ author: NOTE_AUTHOR, at: iso(note.createdAt), body: note.body })),
    });
  }
  return {
    about: isPhoneKey(record.email)
      ? "Everything Maternis holds about this phone number: each text message sent to it, as sent."
      : "Everything Maternis holds about this e-mail address: each form sent, the e-mails it caused (subject and text as sent) and our internal notes.",
    email: record.email,
    exportedAt: now.toISOString(),
    counts: record.counts,
    enquiries: items,
    textMessages: record.texts.map((text) => ({
      to: text.recipient,
      message: text.body,
      status: text.status,
      attempts: text.attempts,
      createdAt: iso(text.createdAt),
      sentAt: iso(text.sentAt),
    })),
  };
}

/**
 * Deletes the job queue's rows that belong to the person: any job whose data,
 * output or dead-letter provenance names the address or one of the ids (a
 * delivery job's `{ deliveryId }`, a digest linking an enquiry).
 */
async function deleteJobs(tx: Transaction, pattern: string): Promise<number> {
  const result: unknown = await tx.execute(sql`
    delete from pgboss.job
    where lower(concat_ws(' ', data::text, output::text, source_output::text)) ~ ${pattern}
    returning id`);
  return rowsOf(result).length;
}

export async function findSubject(store: Store, email: string): Promise<SubjectRecord> {
  return toRecord(email, await loadSubject(store.db, email));
}

export async function exportSubject(deps: SubjectDeps, email: string, by: SubjectActor): Promise<AccessExport> {
  const now = new Date();
  const record = await findSubject(deps.store, email);
  const json = `${JSON.stringify(await accessDocument(record, deps.siteUrl, now), null, 2)}\n`;
  await recordAudit(deps.store.db, deps.secret, {
    action: "access-export",
    actor: { member: by.member },
    target: subjectHash(deps.secret, email),
    detail: { ...record.counts },
    meta: by.meta,
  });
  return { filename: `maternis-access-request-${now.toISOString().slice(0, 10)}.json`, json, counts: record.counts };
}

/**
 * The tables an erasure deletes rows from: after it commits, Store.forgetDeleted
 * rewrites them so that their files hold no byte of the deleted rows.
 * (`audit_log` only gains a row holding a keyed hash, never the person.)
 */
export const ERASED_TABLES = [
  "enquiries",
  "deliveries",
  "enquiry_notes",
  "integration_deliveries",
  "text_messages",
  "pgboss.job",
] as const;

/**
 * Erases the person: one transaction deletes their enquiries, deliveries,
 * notes and job-queue rows and appends the audit row (so a crash leaves them
 * fully present or fully erased); the outbox files go after it commits; then
 * the database's files are made to forget the deleted rows (Store.forgetDeleted:
 * the tables and the WAL rewritten on the embedded database, VACUUM on
 * PostgreSQL), awaited, so that a backup taken after this returns holds
 * nothing of the person.
 */
export async function eraseSubject(
  deps: SubjectDeps,
  email: string,
  by: SubjectActor | OperatorActor,
): Promise<ErasureResult> {
  const target = subjectHash(deps.secret, email);
  const { counts, jobs, ids, receivers } = await deps.store.transaction(async (tx) => {
    const loaded = await loadSubject(tx, email, true);
    const enquiryIds = loaded.rows.map((row) => row.id);
    // Before their deliveries go with the enquiries: the receivers to ask to delete their copy too.
    const receivers = await summaryReceivers(tx, deps.cipher, enquiryIds);
    const textIds = loaded.textRows.map((t) => t.id);
    const ids = [...enquiryIds, ...loaded.deliveryRows.map((d) => d.id), ...textIds];
    const jobs = await deleteJobs(tx, personPattern(email, ids));
    if (textIds.length > 0) await tx.delete(textMessages).where(inArray(textMessages.id, textIds));
    if (enquiryIds.length > 0) {
      await tx.delete(enquiryNotes).where(inArray(enquiryNotes.enquiryId, enquiryIds));
      await tx.delete(deliveries).where(inArray(deliveries.enquiryId, enquiryIds));
      await tx.delete(enquiries).where(inArray(enquiries.id, enquiryIds));
    }
    const counts = countsOf(loaded);
    await recordAudit(tx, deps.secret, {
      action: "erasure",
      actor: "member" in by ? { member: by.member } : { operator: by.operator },
      target,
      detail: { ...counts, jobs },
      meta: by.meta,
    });
    return { counts, jobs, ids: [...enquiryIds, ...textIds], receivers };
  });
  const outboxFiles = await removeOutboxFiles(deps.outboxDir, email, ids);
  const storage = await forgetErased(deps);
  // The keyed hash, as in the audit row: it correlates without naming the person.
  deps.log.info("personal data erased", {
    subjectHash: target,
    ...counts,
    jobs,
    outboxFiles,
    storage: storage.state,
    storageMs: storage.ms,
    summaryReceivers: receivers.length,
  });
  return {
    email,
    counts: { ...counts, jobs, outboxFiles },
    storage,
    receivers: receivers.map(({ name, host, delivered }) => ({ name, host, delivered })),
  };
}

/**
 * Rewrites the erased tables (Store.forgetDeleted). The rows are already
 * deleted and audited: a failure here is reported, not thrown, and erasing
 * the same address again retries it.
 */
async function forgetErased(deps: SubjectDeps): Promise<ErasureResult["storage"]> {
  const started = performance.now();
  try {
    const done = await deps.store.forgetDeleted(ERASED_TABLES);
    return { state: done.rewritten ? "rewritten" : "vacuumed", ms: done.ms };
  } catch (error) {
    deps.log.error("erased rows not rewritten in the database files", { err: error });
    return { state: "failed", ms: Math.round(performance.now() - started) };
  }
}

/** The key a request is filed under: an E.164 number, or the lower-cased address. */
const keyOf = (value: string) => normaliseSubjectEmail(value) ?? value.trim().toLowerCase();

/** Data requests (admin only), by address or phone number. */
export function createDataRequests(deps: SubjectDeps) {
  return {
    /** Everything held about `email` (case-insensitive), suspected spam included. */
    find: (email: string): Promise<SubjectRecord> => findSubject(deps.store, keyOf(email)),
    /**
     * The access export: every enquiry, its e-mails (subject and text as
     * sent) and notes. Audited (`access-export`) with a keyed hash of the
     * address and the counts, never the address.
     */
    access: (email: string, by: SubjectActor): Promise<AccessExport> => exportSubject(deps, keyOf(email), by),
    /**
     * Erasure: enquiries, deliveries, notes and the job queue's rows in one
     * transaction (with its audit row), then the outbox files. Running it again
     * for an erased address is safe and removes any file left behind.
     */
    erase: (email: string, by: SubjectActor): Promise<ErasureResult> => eraseSubject(deps, keyOf(email), by),
  };
}

/** The "Data requests" section\'s service, as the site builds it (app/site.server.ts). */
export function createDataRequestsService(deps: PlatformDeps) {
  return createDataRequests({
    ...deps,
    secret: deps.keys.FINGERPRINT_KEY,
    siteUrl: deps.env.SITE_URL,
    outboxDir: outboxDir(deps.env),
    cipher: dataCipher(deps.keys),
  });
}
