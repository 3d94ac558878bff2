import { eq } from "drizzle-orm";
import { isLiveSession, type StaffSession, type StaffSessionSummary } from "~/features/sign-in/sign-in";
import type { StaffMember } from "~/features/console";
import type { Store } from "~/platform/db/db.server";
import { staffRemovedAddresses } from "~/features/sign-in/tables.server";

/**
 * Sessions under the member's control (docs/decisions/019-staff-sessions-and-
 * lockout.md): the Account page lists a member's sessions and ends any other
 * one; an admin ends all of another member's sessions without removing them,
 * or every member's at once.
 * All through better-auth's internal adapter: sessions are its rows, and a
 * deleted one is refused on its next request by any process.
 *
 * Also the memory of removed members, so STAFF_ADMIN_EMAILS does not bring
 * them back.
 */

/** What the session methods need of better-auth: its internal adapter. */
type SessionRow = {
  id: string;
  token: string;
  userAgent?: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
};
export type SessionAdapter = {
  listSessions(userId: string, options?: { onlyActiveSessions?: boolean }): Promise<SessionRow[]>;
  deleteSession(token: string): Promise<unknown>;
  deleteUserSessions(userId: string): Promise<unknown>;
  listUsers(
    limit?: number,
    offset?: number,
    sortBy?: { field: string; direction: "asc" | "desc" },
  ): Promise<{ id: string }[]>;
  findUserById(userId: string): Promise<{ id: string; email: string; name: string; role?: unknown } | null>;
};

type Deps = {
  adapter: () => Promise<SessionAdapter>;
  session: (request: Request) => Promise<StaffSession | null>;
  toMember: (user: { id: string; email: string; name: string; role?: unknown }) => StaffMember;
};

export function sessionControls({ adapter, session, toMember }: Deps) {
  /** A member's sessions still alive: not expired, and within 12 hours of sign-in. */
  async function live(userId: string, now = Date.now()) {
    const rows = await (await adapter()).listSessions(userId, { onlyActiveSessions: true });
    return rows.filter((row) => isLiveSession(row, now));
  }

  return {
    /** The signed-in member's live sessions, this one first, then the most recently used. */
    async sessions(request: Request): Promise<StaffSessionSummary[]> {
      const current = await session(request);
      if (!current) throw new Response("Sign in first.", { status: 401 });
      return (await live(current.member.id))
        .map((row) => ({
          id: row.id,
          userAgent: row.userAgent ?? "",
          createdAt: new Date(row.createdAt),
          updatedAt: new Date(row.updatedAt),
          current: row.id === current.sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
    },

    /** Ends one of the signed-in member's other sessions; false when it is not theirs, is this one, or is gone. */
    async endSession(request: Request, id: string): Promise<boolean> {
      const current = await session(request);
      if (!current) throw new Response("Sign in first.", { status: 401 });
      if (id === current.sessionId) return false;
      const row = (await live(current.member.id)).find((candidate) => candidate.id === id);
      if (!row) return false;
      await (await adapter()).deleteSession(row.token);
      return true;
    },

    /** Ends every session of another member (admins); the member stays. Null when there is no such member. */
    async endMemberSessions(id: string): Promise<{ member: StaffMember; ended: number } | null> {
      const internal = await adapter();
      const user = await internal.findUserById(id);
      if (!user) return null;
      const ended = (await live(id)).length;
      await internal.deleteUserSessions(id);
      return { member: toMember(user), ended };
    },

    /**
     * Ends every member's sessions, the admin's who asks included (ASVS
     * 7.4.5: a device or the database may have been exposed); everyone signs
     * in again. How many were live, and of how many members.
     */
    async endEverySession(): Promise<{ ended: number; members: number }> {
      const internal = await adapter();
      let ended = 0;
      let members = 0;
      for (let offset = 0; ; offset += USERS_PAGE) {
        const users = await internal.listUsers(USERS_PAGE, offset, { field: "id", direction: "asc" });
        for (const user of users) {
          const sessions = (await live(user.id)).length;
          await internal.deleteUserSessions(user.id);
          ended += sessions;
          if (sessions > 0) members += 1;
        }
        if (users.length < USERS_PAGE) return { ended, members };
      }
    },
  };
}

/** Members read at a time when every session ends. */
const USERS_PAGE = 100;

/** Remembers that the address (its keyed hash) belonged to a member who was removed. */
export async function rememberRemoved(store: Store, addressHash: string) {
  await store.db.insert(staffRemovedAddresses).values({ addressHash }).onConflictDoNothing();
}

/** Whether a member with this address (its keyed hash) was ever removed. */
export async function wasRemoved(store: Store, addressHash: string) {
  const [row] = await store.db
    .select({ addressHash: staffRemovedAddresses.addressHash })
    .from(staffRemovedAddresses)
    .where(eq(staffRemovedAddresses.addressHash, addressHash));
  return Boolean(row);
}
