import { count, eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { StaffMember, StaffRole } from "~/features/console";
import type { Env } from "~/platform/env.server";
import type { Store } from "~/platform/db/db.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { toMember, type StaffAuth } from "~/features/sign-in/index.server";
import type { SignInPause } from "~/features/sign-in/index.server";
import { staffPasskeys, staffSessions, staffUsers } from "~/features/sign-in/tables.server";
import type { MemberSummary } from "./members";

export type MembersDeps = {
  store: Store;
  boss: PgBoss;
  env: Pick<Env, "MAIL_FROM">;
  /** Sign-in's side of an account: making and removing it, and its pauses. */
  accounts: StaffAuth["accounts"];
};

/**
 * The team (docs/decisions/009-staff-console.md): who has access, adding
 * someone (with an invitation e-mail), changing a role, removing someone,
 * and the pauses on code sign-in an admin lifts (ADR 019). Admins only: the
 * routes check the role and a recent sign-in. The accounts themselves are
 * sign-in's (better-auth's users): this feature asks it to make and remove them.
 */
export function createMembersService(deps: MembersDeps) {
  const { store, accounts } = deps;

  async function byId(id: string): Promise<StaffMember | null> {
    const [user] = await store.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    return user ? toMember(user) : null;
  }

  /** A member's name or role changed; null when no such member. */
  async function update(id: string, changes: { name: string } | { role: StaffRole }): Promise<StaffMember | null> {
    const [user] = await store.db
      .update(staffUsers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(staffUsers.id, id))
      .returning();
    return user ? toMember(user) : null;
  }

  return {
    /** Everyone with access, by address, with their passkeys, live sessions and whether they have enrolled. */
    async list(): Promise<MemberSummary[]> {
      const users = await store.db.select().from(staffUsers).orderBy(staffUsers.email);
      const keys = await store.db
        .select({ userId: staffPasskeys.userId, n: count() })
        .from(staffPasskeys)
        .groupBy(staffPasskeys.userId);
      const live = await store.db
        .select({ userId: staffSessions.userId, n: count() })
        .from(staffSessions)
        .where(sql`${staffSessions.expiresAt} > now()`)
        .groupBy(staffSessions.userId);
      const keyCount = new Map(keys.map((k) => [k.userId, k.n]));
      const liveCount = new Map(live.map((k) => [k.userId, k.n]));
      return users.map((user) => ({
        ...toMember(user),
        createdAt: user.createdAt,
        passkeys: keyCount.get(user.id) ?? 0,
        signedIn: (liveCount.get(user.id) ?? 0) > 0,
        enrolled: user.twoFactorEnabled,
      }));
    },

    /**
     * Adds a member; null when the address is already staff. With `invite`,
     * e-mails them how to sign in (through the durable staff-mail queue).
     */
    async add(
      input: { email: string; name: string; role: StaffRole },
      invite?: { invitedBy: string; signInUrl: string },
    ): Promise<StaffMember | null> {
      const member = await accounts.create(input);
      if (member && invite) {
        // React Email loads with the first invitation (docs/decisions/025-memory-recovery-and-load.md).
        const [{ renderEmail }, { staffInvitation }] = await Promise.all([
          import("~/platform/mail/define"),
          import("./emails/invitation"),
        ]);
        const rendered = await renderEmail(staffInvitation, {
          name: member.name,
          invitedBy: invite.invitedBy,
          role: input.role,
          signInUrl: invite.signInUrl,
        });
        await queueStaffMail(deps.boss, { to: [member.email], ...rendered }, { from: deps.env.MAIL_FROM });
      }
      return member;
    },

    /** A member's new display name (already valid: displayNameSchema); null when no such member. */
    rename: (id: string, name: string) => update(id, { name }),

    setRole: (id: string, role: StaffRole) => update(id, { role }),

    /**
     * Removes a member and ends all their sessions at once. The removal is
     * remembered (a keyed hash of the address), so STAFF_ADMIN_EMAILS never
     * creates them again.
     */
    remove(id: string): Promise<StaffMember | null> {
      return accounts.remove(id);
    },

    /** The pauses on code sign-in in force now for members and clients (admins, on "Members"). */
    async signInPauses(): Promise<SignInPause[]> {
      const users = await store.db.select().from(staffUsers);
      return accounts.pauses(users.map(toMember));
    },

    /** Lifts every pause on a member's code sign-in, from any client (admins); null when no such member. */
    async liftMemberPauses(id: string): Promise<{ member: StaffMember; lifted: number } | null> {
      const member = await byId(id);
      if (!member) return null;
      return { member, lifted: await accounts.liftAddress(member.email) };
    },

    /** Lifts every pause on a client, by its keyed hash (admins); null when that is no client hash. */
    liftClientPauses(client: string): Promise<number | null> {
      return accounts.liftClient(client);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
