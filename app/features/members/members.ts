/**
 * The members of staff, as the "Members" page and the staff CLI list them
 * (./members.server.ts manages them). Types only: safe for the browser.
 */
import { shortTextSchema } from "~/platform/short-text";
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

/** The longest display name (as the "Add a member of staff" form allows). */
export const DISPLAY_NAME_MAX = 100;

/** The name an admin gives a member they add (the console's Members page, `npm run staff -- add`): as below. */
export const addedNameSchema = shortTextSchema({
  what: "Their name",
  max: DISPLAY_NAME_MAX,
  empty: "Enter their name",
});

/**
 * A member's display name, as they set it on their Account page: what the
 * console shows for them (the inbox, assignments, the audit log). Trimmed,
 * inner runs of spaces made one, none of the characters a line may not hold.
 */
export const displayNameSchema = shortTextSchema({
  what: "Your name",
  max: DISPLAY_NAME_MAX,
  empty: "Enter your name",
});
