import type { BetterAuthPlugin } from "better-auth";
import { addDatabaseHooks } from "./database-hooks.server";
import { isLiveSession, MAX_SESSIONS_PER_MEMBER } from "./sign-in";

/**
 * At most MAX_SESSIONS_PER_MEMBER live sessions a member (ASVS 7.1.2;
 * docs/decisions/019-staff-sessions-and-lockout.md): a better-auth plugin
 * that, as each session is created, ends the member's least recently used
 * sessions beyond the limit, and any that have expired (idle, or past the
 * absolute timeout). The newest sign-in therefore always works, and the
 * device signed out is the one left unused longest; it goes to the sign-in
 * page on its next request, like any ended session.
 */
type SessionRow = { token: string; userId: string; expiresAt: Date; createdAt: Date; updatedAt: Date };

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

export function sessionLimit() {
  return {
    id: "session-limit",
    init: addDatabaseHooks((auth) => ({
      session: {
        create: {
          async after(session) {
            const created = session as SessionRow | null;
            if (!created) return;
            const rows = (await auth.internalAdapter.listSessions(created.userId)) as SessionRow[];
            const others = rows.filter((row) => row.token !== created.token);
            const ended = sessionsBeyondLimit(others, Date.now());
            if (ended.length) await auth.internalAdapter.deleteSessions(ended.map((row) => row.token));
          },
        },
      },
    })),
  } satisfies BetterAuthPlugin;
}
