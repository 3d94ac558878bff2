import { generateRandomString } from "better-auth/crypto";
import { createCookie } from "react-router";
import type { BetterAuthInstance, StaffAuthDeps } from "./auth-config.server";
import { COOKIE_NAME } from "./auth-config.server";

/**
 * The code step, held on the server (issue 43): after a code is asked for,
 * the sign-in page shows "Enter your code" again after a reload, with the
 * address it was sent to, until the member signs in, uses a different
 * address, or the code's life (STAFF_CODE_TTL_SECONDS) ends. The address is
 * never in a URL: it is a row of better-auth's verification table, named by
 * a random id (better-auth's generateRandomString) that a signed cookie
 * (React Router's createCookie, signed with STAFF_AUTH_SECRET) carries:
 * HttpOnly, SameSite=Lax, `__Host-` and Secure on https.
 */
export function codeSteps(deps: StaffAuthDeps, instance: BetterAuthInstance) {
  const secure = new URL(deps.env.SITE_URL).protocol === "https:";
  const lifetime = deps.env.STAFF_CODE_TTL_SECONDS;
  const cookie = createCookie(`${secure ? "__Host-" : ""}${COOKIE_NAME}-code-step`, {
    secrets: [deps.keys.STAFF_AUTH_SECRET],
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: lifetime,
  });
  const rowOf = (id: string) => `code-step-${id}`;

  async function idOf(request: Request): Promise<string | null> {
    const value: unknown = await cookie.parse(request.headers.get("cookie"));
    return typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value) ? value : null;
  }

  return {
    /** Remembers that this browser is at the code step for `email`: the Set-Cookie header for the response. */
    async remember(request: Request, email: string): Promise<string> {
      const context = await instance.$context;
      const old = await idOf(request);
      if (old) await context.internalAdapter.deleteVerificationByIdentifier(rowOf(old));
      const id = generateRandomString(32, "a-z", "A-Z", "0-9");
      await context.internalAdapter.createVerificationValue({
        identifier: rowOf(id),
        value: email,
        expiresAt: new Date(Date.now() + lifetime * 1000),
      });
      return cookie.serialize(id);
    },

    /** The address this browser's code step is for, or null (none, expired, or forgotten). */
    async address(request: Request): Promise<string | null> {
      const id = await idOf(request);
      if (!id) return null;
      const context = await instance.$context;
      const row = await context.internalAdapter.findVerificationValue(rowOf(id));
      return row && new Date(row.expiresAt).getTime() > Date.now() ? row.value : null;
    },

    /** Forgets this browser's code step (signed in, or another address): the Set-Cookie header that clears it. */
    async forget(request: Request): Promise<string> {
      const id = await idOf(request);
      if (id) await (await instance.$context).internalAdapter.deleteVerificationByIdentifier(rowOf(id));
      return cookie.serialize("", { maxAge: 0 });
    },
  };
}
