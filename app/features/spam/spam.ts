/**
 * The console's Spam view: posts that tripped the honeypot or the time trap
 * but were otherwise valid, kept (no e-mail sent) for 30 days so that a
 * person whose password manager filled the hidden field, or who sent an
 * autofilled form within two seconds, is not lost; and enquiries staff moved
 * here from the inbox (their e-mails were already queued). Staff release one
 * (it is then delivered exactly as if it had been accepted; e-mails it already
 * had are not sent twice) or delete it. Types and labels only;
 * app/features/spam/spam.server.ts implements it (its methods are the service's type).
 */
import type { EnquiryKind } from "~/features/enquiries";
import type { SpamReason } from "~/features/enquiries";

export type { SpamReason };

/** How each reason reads in the console. */
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: "Hidden field filled in",
  "time-trap": "Sent too fast",
  staff: "Moved here by staff",
};

export const SPAM_PAGE_SIZE = 50;

/** One row of the Spam view. */
export type SpamItem = {
  id: string;
  kind: EnquiryKind;
  receivedAt: Date;
  reason: SpamReason;
  name: string;
  email: string;
  /** The start of the message (or the advisory form's reason), on one line. */
  excerpt: string;
};

/** A post in full: every field as submitted. */
export type SpamDetail = SpamItem & {
  payload: Record<string, string | undefined>;
  /** Its address has had its day's enquiries: a release now tells only the company (no e-mail to the writer). */
  addressAtLimit: boolean;
};

export type SpamPage = { rows: SpamItem[]; page: number; pages: number; total: number };
