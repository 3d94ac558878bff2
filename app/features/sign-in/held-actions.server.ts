import type { BetterAuthInstance } from "./auth-config.server";

/**
 * A change held while its member signs in again (issue 43): a form posted
 * to a page that needs a recent sign-in, when the member's was too long ago.
 * Its fields are kept on the server (a row of better-auth's verification
 * table, one per member, for HELD_ACTION_SECONDS), never in a URL; after
 * signing in again the page shows them to check and confirm ("check your
 * answers"), and confirming posts them again in the form's body.
 */
export const HELD_ACTION_SECONDS = 15 * 60;

export type HeldAction = { path: string; fields: [string, string][] };

export function heldActions(instance: BetterAuthInstance) {
  const rowOf = (memberId: string) => `held-action-${memberId}`;
  return {
    /** Holds the member's change (the last one wins). */
    async hold(memberId: string, action: HeldAction): Promise<void> {
      const context = await instance.$context;
      await context.internalAdapter.deleteVerificationByIdentifier(rowOf(memberId));
      await context.internalAdapter.createVerificationValue({
        identifier: rowOf(memberId),
        value: JSON.stringify(action),
        expiresAt: new Date(Date.now() + HELD_ACTION_SECONDS * 1000),
      });
    },

    /** The member's held change, or null (none, or too old). */
    async of(memberId: string): Promise<HeldAction | null> {
      const context = await instance.$context;
      const row = await context.internalAdapter.findVerificationValue(rowOf(memberId));
      if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
      const held = JSON.parse(row.value) as HeldAction;
      return typeof held.path === "string" && Array.isArray(held.fields) ? held : null;
    },

    /** Forgets the member's held change (confirmed, cancelled, or made anew with a recent sign-in). */
    async drop(memberId: string): Promise<void> {
      await (await instance.$context).internalAdapter.deleteVerificationByIdentifier(rowOf(memberId));
    },
  };
}
