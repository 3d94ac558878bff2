import type { SignInPause } from "~/features/sign-in/sign-in";
import type { StaffMember, StaffRole } from "~/features/console";
import { normaliseEmail, toMember } from "./auth-config.server";
import type { AuthCore } from "./auth-core.server";
import { rememberRemoved } from "./sessions.server";

/**
 * The sign-in side of a member's account, for the members feature
 * (app/features/members), which manages the team: making the account
 * (better-auth's user), removing it with everything it signs in with, and
 * the pauses on its code sign-in (./lockout.server.ts).
 */
export function memberAccounts(core: AuthCore) {
  const { instance, known, limits, secondStep, store } = core;
  return {
    /** A new account (no factors yet: they enrol after their first code); null when the address has one already. */
    async create(input: { email: string; name: string; role: StaffRole }): Promise<StaffMember | null> {
      const email = normaliseEmail(input.email);
      const context = await instance.$context;
      if (await context.internalAdapter.findUserByEmail(email)) return null;
      try {
        const user = await context.internalAdapter.createUser(
          { email, name: input.name.trim() || email, emailVerified: false, role: input.role },
          { method: "admin" },
        );
        return toMember(user);
      } catch (error) {
        // Added by someone else at the same moment (the address is unique).
        if (await context.internalAdapter.findUserByEmail(email)) return null;
        throw error;
      }
    },

    /**
     * Removes an account, ends all its sessions at once and forgets the
     * browsers known for it; null when there is none. The removal is
     * remembered (a keyed hash of the address), so STAFF_ADMIN_EMAILS never
     * creates it again.
     */
    async remove(id: string): Promise<StaffMember | null> {
      const context = await instance.$context;
      const user = await context.internalAdapter.findUserById(id);
      if (!user) return null;
      // Remembered first (a keyed hash), so STAFF_ADMIN_EMAILS never makes them an admin again.
      await rememberRemoved(store, limits.addressHash(normaliseEmail(user.email)));
      // No browser stays known for the address: were it added again, it would start afresh.
      await known.forget(normaliseEmail(user.email));
      // Sessions, accounts and passkeys go with the user (foreign keys cascade).
      await context.internalAdapter.deleteUserSessions(id);
      await context.internalAdapter.deleteUser(id);
      return toMember(user);
    },

    /** The pauses on sign-in in force now, for these members (their codes, their second step) and for clients, soonest to end first. */
    async pauses(members: StaffMember[]): Promise<SignInPause[]> {
      const pauses = [...(await limits.pauses(members)), ...(await secondStep.pauses(members))];
      return pauses.sort((a, b) => a.until.getTime() - b.until.getTime());
    },

    /** Lifts every pause on an address's sign-in, from any client, and its second step's lock: how many were lifted. */
    async liftAddress(email: string): Promise<number> {
      const address = normaliseEmail(email);
      return (await limits.liftMember(address)) + (await secondStep.lift(address));
    },

    /** Lifts every pause on a client, by its keyed hash; null when that is no client hash. */
    liftClient(client: string): Promise<number | null> {
      return limits.liftClient(client);
    },
  };
}

export type MemberAccounts = ReturnType<typeof memberAccounts>;
