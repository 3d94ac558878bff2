/**
 * The members of staff, as the "Members" page and the staff CLI list them
 * (./members.server.ts manages them). Types only: safe for the browser.
 */
import type { StaffMember } from "~/features/console";

/** A member on the list: who they are, when they were added, and how they sign in. */
export type MemberSummary = StaffMember & {
  createdAt: Date;
  /** How many passkeys they have. */
  passkeys: number;
  /** Whether any of their sessions is live now. */
  signedIn: boolean;
  /** Whether they have set up a second way to sign in (an app or a passkey): until then a code gives a setup-only session. */
  enrolled: boolean;
};
