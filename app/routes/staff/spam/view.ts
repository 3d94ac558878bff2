/**
 * What the Spam pages show of a post, prepared in their loaders (dates are
 * formatted on the server, in Europe/London, so the page does not depend on
 * the browser's clock or zone).
 */
import { londonTime, relativeTime } from "~/platform/london-time";
import { spamReasonLabels, type SpamItem } from "~/features/spam/spam";
import type { StaffRole } from "~/features/console/types";
import { companyDeliveries, enquiryKind, type DeliveryKind, type EnquiryKind } from "~/features/enquiries/kinds";

export const SPAM_PATH = "/staff/spam";
export const spamItemPath = (id: string) => `${SPAM_PATH}/${id}`;

/**
 * Deleting an enquiry staff moved here for good is like erasing it: an
 * admin's, with a recent sign-in (./item.tsx). A post the form guard kept
 * was never an enquiry: any member may delete it.
 */
export const deletingNeedsAdmin = (reason: SpamItem["reason"]) => reason === "staff";

/** A post as the Spam pages show it to a member of `role`. */
export function spamRow(item: SpamItem, now: Date, role: StaffRole) {
  return {
    id: item.id,
    form: enquiryKind(item.kind).label,
    reason: spamReasonLabels[item.reason],
    /** Moved here from the inbox: its e-mails went out when it arrived, and a release does not send them again. */
    movedByStaff: item.reason === "staff",
    /** Whether this member may delete it (deletingNeedsAdmin). */
    deletable: !deletingNeedsAdmin(item.reason) || role === "admin",
    receivedIso: item.receivedAt.toISOString(),
    received: londonTime(item.receivedAt),
    relative: relativeTime(item.receivedAt, now),
    name: item.name,
    email: item.email,
    excerpt: item.excerpt,
  };
}
export type SpamRow = ReturnType<typeof spamRow>;

/**
 * What releasing a post of `kind` sends, in plain words: "a notification to
 * the enquiries team". `addressAtLimit`: its address has had its day's
 * enquiries, so only the company's e-mails (deliveriesOnRelease).
 */
export function releaseEffects(kind: EnquiryKind, submitter: string, addressAtLimit = false): string[] {
  const describe: Record<DeliveryKind, string> = {
    notification: "a notification to the enquiries team",
    welcome: `a welcome e-mail to ${submitter}`,
    acknowledgement: `an acknowledgement to ${submitter}`,
  };
  const definition = enquiryKind(kind);
  const after = Object.values(definition.after ?? {}) as DeliveryKind[];
  const sent = addressAtLimit ? companyDeliveries(kind) : [...definition.first, ...after];
  return sent.map((delivery) => describe[delivery]);
}
