import { generateRandomString } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import { createCookie } from "react-router";
import type { BetterAuthInstance, StaffAuthDeps } from "./auth-config.server";
import { COOKIE_NAME } from "./auth-config.server";
import { staffVerifications } from "./tables.server";

/**
 * The kinds of row, each the start of its rows' identifiers. The list is closed so that none holds
 * "_" or "%", which `dropEverywhere`'s LIKE would read as wildcards, and none starts another.
 */
type BrowserRowName = "code-step" | "known-browser" | "held-change";

/**
 * What one browser is in the middle of, held on the server (issue 43): a
 * row of better-auth's verification table, named by a random id (better-
 * auth's generateRandomString) that a signed cookie carries (React Router's
 * createCookie, signed with STAFF_AUTH_SECRET): HttpOnly, SameSite=Lax,
 * `__Host-` and Secure on https. The value is never in a URL, and only the
 * browser that holds the cookie finds it. Each browser has at most one row
 * of each `name`, for `lifetimeSeconds`.
 */
export function browserRows(
  deps: StaffAuthDeps,
  instance: BetterAuthInstance,
  { name, lifetimeSeconds }: { name: BrowserRowName; lifetimeSeconds: number },
) {
  const secure = new URL(deps.env.SITE_URL).protocol === "https:";
  const cookie = createCookie(`${secure ? "__Host-" : ""}${COOKIE_NAME}-${name}`, {
    secrets: [deps.keys.STAFF_AUTH_SECRET],
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: lifetimeSeconds,
  });
  const rowOf = (id: string) => `${name}-${id}`;

  async function idOf(request: Request): Promise<string | null> {
    const value: unknown = await cookie.parse(request.headers.get("cookie"));
    return typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value) ? value : null;
  }

  return {
    /** Holds `value` for this browser, in place of its last: the Set-Cookie header for the response. */
    async put(request: Request, value: string): Promise<string> {
      const context = await instance.$context;
      const old = await idOf(request);
      if (old) await context.internalAdapter.deleteVerificationByIdentifier(rowOf(old));
      const id = generateRandomString(32, "a-z", "A-Z", "0-9");
      await context.internalAdapter.createVerificationValue({
        identifier: rowOf(id),
        value,
        expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
      });
      return cookie.serialize(id);
    },

    /** What this browser holds, or null (nothing, expired, or dropped). */
    async get(request: Request): Promise<string | null> {
      const id = await idOf(request);
      if (!id) return null;
      const context = await instance.$context;
      const row = await context.internalAdapter.findVerificationValue(rowOf(id));
      return row && new Date(row.expiresAt).getTime() > Date.now() ? row.value : null;
    },

    /** Forgets what this browser holds: the Set-Cookie header that clears its cookie. */
    async drop(request: Request): Promise<string> {
      const id = await idOf(request);
      if (id) await (await instance.$context).internalAdapter.deleteVerificationByIdentifier(rowOf(id));
      return cookie.serialize("", { maxAge: 0 });
    },

    /** Forgets `value` in every browser that holds it (their cookies then find nothing): how many rows went. */
    async dropEverywhere(value: string): Promise<number> {
      const gone = await deps.store.db
        .delete(staffVerifications)
        .where(and(like(staffVerifications.identifier, rowOf("%")), eq(staffVerifications.value, value)))
        .returning({ id: staffVerifications.id });
      return gone.length;
    },
  };
}
