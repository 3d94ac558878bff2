/**
 * Data requests (admin only): find everything held about one e-mail
 * address, export it for a right-of-access request, or erase it. Types only;
 * app/features/data-requests/data-requests.server.ts implements them.
 */
import type { DeliveryKind, EnquiryKind, EnquirySource } from "~/features/enquiries";
import type { RequestMeta, StaffMember } from "~/features/console";
import { hasDisallowedCharacters } from "~/platform/text";

/** What an e-mail and a text message to the person both record: to whom, and how far sending it got. */
type SubjectMessage = {
  id: string;
  recipient: string;
  status: "queued" | "sent" | "failed" | "dead";
  attempts: number;
  sentAt: Date | null;
  createdAt: Date;
};

export type SubjectDelivery = SubjectMessage & { kind: DeliveryKind; lastError: string | null };

export type SubjectNote = { id: string; author: string; body: string; createdAt: Date };

export type SubjectEnquiry = {
  id: string;
  kind: EnquiryKind;
  createdAt: Date;
  /** Every field as submitted. */
  payload: Record<string, string | undefined>;
  clientFingerprint: string;
  /** Set for a post kept as suspected spam. */
  spamReason: string | null;
  handledAt: Date | null;
  /** Where its visitor came from (issue 44), when it recorded that. */
  source?: EnquirySource | null;
  deliveries: SubjectDelivery[];
  notes: SubjectNote[];
};

/** A text message (SMS) sent to the person's number through the communication endpoint. */
export type SubjectText = SubjectMessage & { body: string };

export type SubjectCounts = {
  enquiries: number;
  suspectedSpam: number;
  deliveries: number;
  notes: number;
  /** Text messages to the number (a phone number's request; 0 for an address). */
  texts: number;
};

/**
 * Everything held about one person, found by e-mail address or by phone
 * number (`email` is the key as normalised: a lower-case address, or an
 * E.164 number such as +447700900123).
 */
export type SubjectRecord = {
  email: string;
  enquiries: SubjectEnquiry[];
  texts: SubjectText[];
  counts: SubjectCounts;
};

/** A right-of-access export: one JSON document, ready to download. */
export type AccessExport = { filename: string; json: string; counts: SubjectCounts };

export type ErasureResult = {
  email: string;
  counts: SubjectCounts & {
    /** Job-queue rows removed (the deliveries' jobs and any job naming the person). */
    jobs: number;
    /** Rendered e-mail files removed from the file outbox. */
    outboxFiles: number;
  };
  /**
   * What became of the deleted rows' bytes in the database's files, after the
   * erasure committed: `rewritten` (embedded database: the tables and WAL
   * were rewritten, no copy is left in DATA_DIR/db nor in backups taken from
   * now on), `vacuumed` (PostgreSQL: VACUUM marked the space free; the
   * server's WAL, archives and replicas keep copies for a while), or `failed`
   * (the rows are deleted, but the files were not rewritten: erase again).
   */
  storage: { state: "rewritten" | "vacuumed" | "failed"; ms: number };
  /**
   * The integrations that were sent a summary of the person (name,
   * organisation, topic) about an erased enquiry, found before it was erased:
   * the team asks each receiver to delete its copy. Names and hosts only.
   * `delivered`: a receiver accepted one; otherwise every attempt failed, but
   * the receiver may still have kept one.
   */
  receivers: { name: string; host: string; delivered: boolean }[];
};

/** The admin acting, for the audit row. */
export type SubjectActor = { member: StaffMember; meta: RequestMeta };

/** The operator erasing from the shell (`npm run enquiries -- erase`): audited with the actor "cli". */
export type OperatorActor = { operator: "cli"; meta: RequestMeta };

/**
 * A plausible address to search for (the forms' own check is stricter), or a
 * phone number in E.164 once spaces, dashes and brackets are removed
 * ("+44 7700 900123" is +447700900123).
 */
export function normaliseSubjectEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const phone = value.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{6,14}$/.test(phone)) return phone;
  const email = value.trim().toLowerCase();
  if (email.length < 3 || email.length > 320 || hasDisallowedCharacters(email)) return null;
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/** True for a normalised key that is a phone number. */
export const isPhoneKey = (key: string) => key.startsWith("+");
