import type { BetterAuthInstance, StaffAuthDeps } from "./auth-config.server";
import { browserRows } from "./browser-rows.server";

/**
 * A change held while its member signs in again (issue 43): a form posted
 * to a page that needs a recent sign-in, when the member's was too long ago.
 * Its fields are kept on the server for HELD_ACTION_SECONDS, never in a URL,
 * for the browser that posted it only (./browser-rows.server.ts): after
 * signing in again there, the page shows them to check and confirm ("check
 * your answers"), and confirming posts them again in the form's body. The
 * member's other browsers never see it, so a change posted from a stolen,
 * old session is not offered to the member signing in elsewhere.
 */
export const HELD_ACTION_SECONDS = 15 * 60;

export type HeldAction = { path: string; fields: [string, string][] };

export function heldActions(deps: StaffAuthDeps, instance: BetterAuthInstance) {
  const rows = browserRows(deps, instance, { name: "held-change", lifetimeSeconds: HELD_ACTION_SECONDS });
  return {
    /** Holds the member's change for this browser (in place of its last): the Set-Cookie header for the response. */
    hold: (request: Request, memberId: string, action: HeldAction): Promise<string> =>
      rows.put(request, JSON.stringify({ memberId, ...action })),

    /** The change this browser holds for the member, or null (none, too old, or another member's). */
    async of(request: Request, memberId: string): Promise<HeldAction | null> {
      const value = await rows.get(request);
      if (!value) return null;
      const held = JSON.parse(value) as Partial<HeldAction> & { memberId?: unknown };
      return held.memberId === memberId && typeof held.path === "string" && Array.isArray(held.fields)
        ? { path: held.path, fields: held.fields }
        : null;
    },

    /** Forgets this browser's held change (confirmed, cancelled, or made anew with a recent sign-in): the Set-Cookie header that clears its cookie. */
    drop: (request: Request): Promise<string> => rows.drop(request),
  };
}
