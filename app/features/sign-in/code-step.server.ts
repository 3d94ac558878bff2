import type { BetterAuthInstance, StaffAuthDeps } from "./auth-config.server";
import { browserRows } from "./browser-rows.server";

/**
 * The code step, held on the server for this browser (issue 43;
 * ./browser-rows.server.ts): after a code is asked for, the sign-in page
 * shows "Enter your code" again after a reload, with the address it was
 * sent to, until the member signs in, uses a different address, or the
 * code's life (STAFF_CODE_TTL_SECONDS) ends. The address is never in a URL.
 */
export function codeSteps(deps: StaffAuthDeps, instance: BetterAuthInstance) {
  const rows = browserRows(deps, instance, { name: "code-step", lifetimeSeconds: deps.env.STAFF_CODE_TTL_SECONDS });
  return {
    /** Remembers that this browser is at the code step for `email`: the Set-Cookie header for the response. */
    remember: (request: Request, email: string) => rows.put(request, email),
    /** The address this browser's code step is for, or null (none, expired, or forgotten). */
    address: (request: Request) => rows.get(request),
    /** Forgets this browser's code step (signed in, or another address): the Set-Cookie header that clears it. */
    forget: (request: Request) => rows.drop(request),
  };
}
