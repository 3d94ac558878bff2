import type { BetterAuthPlugin } from "better-auth";
import type { createAuthMiddleware } from "better-auth/api";
import { addDatabaseHooks } from "./database-hooks.server";
import { isLiveSession, MAX_SESSIONS_PER_MEMBER } from "./sign-in";

/**
 * At most MAX_SESSIONS_PER_MEMBER live sessions a member (ASVS 7.1.2;
 * docs/decisions/019-staff-sessions-and-lockout.md): a better-auth plugin
 * that, as each session is created, ends the member's least recently used
 * sessions beyond the limit, and any that have expired (idle, or past the
 * absolute timeout). Only a full session's making does so: an e-mail code
 * alone (a setup-only session, or the one better-auth makes and deletes on
 * the way to the second step) signs no device out. The newest sign-in therefore always works, and the
 * device signed out is the one left unused longest; it goes to the sign-in
 * page on its next request, like any ended session. The session the signing-in
 * browser had does not count: the sign-in replaces it (endReplacedSession,
 * ./auth-config.server.ts, and the code path's route action end it), so
 * signing in again at the limit ends no other device.
 */
type SessionRow = {
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  assurance?: unknown;
};

const time = (value: Date | string) => new Date(value).getTime();

/**
 * Which of a member's other sessions (`others`) end when one more is made at
 * `now`: the expired ones, and the least recently used beyond the limit.
 */
function sessionsBeyondLimit(others: SessionRow[], now: number, max = MAX_SESSIONS_PER_MEMBER): SessionRow[] {
  const kept = new Set(
    others
      .filter((row) => isLiveSession(row, now))
      .sort((a, b) => time(b.updatedAt) - time(a.updatedAt))
      .slice(0, max - 1),
  );
  return others.filter((row) => !kept.has(row));
}

/** What better-auth gives its hooks: the request's cookies and the auth context. */
type EndpointContext = Pick<Parameters<Parameters<typeof createAuthMiddleware>[0]>[0], "getSignedCookie" | "context">;

/** The session token the request's cookie names: the session this browser had, which a sign-in replaces. */
export async function browserSessionToken(ctx: EndpointContext): Promise<string | null> {
  return (await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret)) || null;
}

export function sessionLimit() {
  return {
    id: "session-limit",
    init: addDatabaseHooks((auth) => ({
      session: {
        create: {
          async after(session, ctx) {
            const created = session as SessionRow | null;
            // Only a full session counts: an e-mail code's setup-only session ends no device (an enrolled
            // member's is deleted at once by the two-factor plugin; a full one ends the rest anyway).
            if (created?.assurance !== "full") return;
            const replaced = ctx ? await browserSessionToken(ctx) : null;
            const rows = (await auth.internalAdapter.listSessions(created.userId)) as SessionRow[];
            const others = rows.filter((row) => row.token !== created.token && row.token !== replaced);
            const ended = sessionsBeyondLimit(others, Date.now());
            if (ended.length) await auth.internalAdapter.deleteSessions(ended.map((row) => row.token));
          },
        },
      },
    })),
  } satisfies BetterAuthPlugin;
}
