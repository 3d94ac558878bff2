import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { SECOND_STEP_LOCK, type SignInPause } from "~/features/sign-in/sign-in";
import type { StaffMember } from "~/features/console";
import { staffRateLimits } from "~/platform/db/tables.server";
import type { StaffAuthDeps } from "./deps.server";
import { emailAdminsOfLimit } from "./lockout.server";
import { staffTwoFactors, staffUsers } from "~/features/sign-in/tables.server";

/**
 * The second step's lock (docs/decisions/020-multi-factor-sign-in.md):
 * better-auth's two-factor plugin pauses a member's app and recovery codes,
 * from every browser, after this many wrong ones in a row (its
 * `accountLockout`); their passkeys still sign in. Whoever typed them had
 * a right e-mail code first, so a lock is either the member fumbling or
 * someone else in their mailbox: the admins are told once a lock (one audit
 * row `sign-in-locked`, one `warn` line, one e-mail, as for the code limits
 * of ./lockout.server.ts), the lock is listed with the member's other
 * pauses on "Members", and lifting the member's pauses lifts it.
 * SECOND_STEP_LOCK (./sign-in.ts) says how many codes and how long.
 */

/** The claim that one lock has been told (a row of staff_rate_limits: the retention sweep removes it after 2 days). */
const toldKey = (member: string, until: Date) => `second-step-locked:${member}:${until.getTime()}`;

export function secondStepLocks(deps: StaffAuthDeps) {
  const { store } = deps;

  /** The members whose second step is locked now, with until when. */
  async function locked(now: number, memberIds?: string[]) {
    const rows = await store.db
      .select({ id: staffUsers.id, email: staffUsers.email, until: staffTwoFactors.lockedUntil })
      .from(staffTwoFactors)
      .innerJoin(staffUsers, eq(staffUsers.id, staffTwoFactors.userId))
      .where(
        and(
          gt(staffTwoFactors.lockedUntil, new Date(now)),
          memberIds ? inArray(staffTwoFactors.userId, memberIds) : undefined,
        ),
      );
    return rows.flatMap((row) => (row.until ? [{ id: row.id, email: row.email, until: row.until }] : []));
  }

  return {
    /**
     * After a wrong second step (`client`: whose it was): each lock in force
     * that nobody has told of yet is told now, once, whichever request or
     * process sees it first (an insert that only one can make). A failure is
     * logged, never the answer to the sign-in.
     */
    async tellNewLocks(client: string, now = Date.now()) {
      try {
        for (const member of await locked(now)) {
          const key = toldKey(member.id, member.until);
          const claimed = await store.db
            .insert(staffRateLimits)
            .values({ id: key, key, count: 1, lastRequest: now })
            .onConflictDoNothing()
            .returning({ key: staffRateLimits.key });
          if (claimed.length === 0) continue;
          deps.log.warn("staff second step locked", { event: "sign-in-locked", limit: "second-step" });
          await deps.audit({
            action: "sign-in-locked",
            actor: null,
            target: member.id,
            detail: {
              limit: "second-step",
              wrongCodes: SECOND_STEP_LOCK.wrongCodes,
              minutes: SECOND_STEP_LOCK.minutes,
            },
            meta: { fingerprint: client },
          });
          await emailAdminsOfLimit(
            deps,
            {
              limit: "second-step",
              memberEmail: member.email,
              wrongCodes: SECOND_STEP_LOCK.wrongCodes,
              window: `${SECOND_STEP_LOCK.minutes} minutes`,
            },
            now,
          );
        }
      } catch (error) {
        deps.log.error("staff second step lock not told", { err: error, event: "sign-in-locked" });
      }
    },

    /** These members' second-step locks in force now, as pauses. */
    async pauses(members: StaffMember[], now = Date.now()): Promise<SignInPause[]> {
      if (members.length === 0) return [];
      const byId = new Map(members.map((member) => [member.id, member]));
      return (await locked(now, [...byId.keys()])).flatMap((row) => {
        const member = byId.get(row.id);
        return member ? [{ kind: "second-step" as const, member, until: row.until }] : [];
      });
    },

    /** Lifts the lock of the member with this address (and forgets its wrong codes): 1 when there was one, else 0. */
    async lift(email: string): Promise<number> {
      const lifted = await store.db
        .update(staffTwoFactors)
        .set({ lockedUntil: null, failedVerificationCount: 0 })
        .where(
          and(
            isNotNull(staffTwoFactors.lockedUntil),
            inArray(
              staffTwoFactors.userId,
              store.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)),
            ),
          ),
        )
        .returning({ id: staffTwoFactors.id });
      return lifted.length;
    },
  };
}

export type SecondStepLocks = ReturnType<typeof secondStepLocks>;
