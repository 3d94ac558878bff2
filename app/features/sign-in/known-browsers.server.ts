import type { BetterAuthInstance, StaffAuthDeps } from "./auth-config.server";
import { browserRows } from "./browser-rows.server";

/** How long a browser stays known after a member's last full session on it. */
export const KNOWN_BROWSER_DAYS = 90;

/**
 * The browsers a member has used with a full session (a device cookie, the
 * defence OWASP gives against lockouts that an attacker sets off; ADR 019):
 * a signed cookie names a row holding the member's address as the limits
 * key it (a keyed hash: no address in the row or the cookie). A request for
 * a code from a browser known for its address is not held to the address's
 * cap (STAFF_CODE_LIMIT_PER_ADDRESS), which anyone can use up from two
 * clients: its client's own limits still apply. One member per browser: the
 * last to use it.
 */
export function knownBrowsers(
  deps: StaffAuthDeps,
  instance: BetterAuthInstance,
  addressHash: (email: string) => string,
) {
  const rows = browserRows(deps, instance, { name: "known-browser", lifetimeSeconds: KNOWN_BROWSER_DAYS * 86_400 });
  return {
    /**
     * Marks this browser as known for the member's address, on a request
     * with their full session: the Set-Cookie header for the response, or
     * null when it is known for them already.
     */
    async remember(request: Request, email: string): Promise<string | null> {
      const hash = addressHash(email);
      return (await rows.get(request)) === hash ? null : rows.put(request, hash);
    },

    /** Whether this browser is known for `email` (a member had a full session on it). */
    knows: async (request: Request, email: string) => (await rows.get(request)) === addressHash(email),

    /**
     * Forgets every browser known for `email`: an admin's "Reset sign-in"
     * or the member's removal, after which no browser of theirs (a lost
     * laptop included) passes the address's cap until they sign in on it
     * again.
     */
    forget: (email: string) => rows.dropEverywhere(addressHash(email)),
  };
}
