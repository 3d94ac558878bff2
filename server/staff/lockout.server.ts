import { and, eq, gte, sql } from "drizzle-orm";
import type { CodeLockout } from "~/lib/console/auth";
import { londonTime } from "~/lib/console/time";
import type { Store } from "../db/db.server";
import { renderEmail } from "../emails/define";
import { staffSignInLocked } from "../emails/staff-sign-in-locked";
import type { StaffAuthDeps } from "./auth.server";
import { queueStaffMail } from "./mail.server";
import { staffRateLimits, staffUsers } from "../db/staff-schema.server";

/**
 * Wrong sign-in codes, limited per address per day and per client per hour
 * (docs/decisions/019-staff-sessions-and-lockout.md), on top of each code's
 * own five tries. The counters are the code-request limits' (staff_rate_limits,
 * shared by every process), keyed by keyed hashes: never an address.
 *
 * When a counter reaches its limit, code checks for that address (or from
 * that client) are refused until its window ends; that moment is recorded
 * once: one audit row (`sign-in-locked`) and one e-mail to the admins. Only
 * the code path consults these counters: a passkey sign-in never does, so
 * nobody can lock a member out of it by guessing codes.
 */
export const WRONG_CODES_ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const WRONG_CODES_CLIENT_WINDOW_MS = 60 * 60 * 1000;

/**
 * One more in a fixed-window counter of staff_rate_limits; answers the count
 * within the window, this one included (a window that has ended starts again at 1).
 */
export async function countToken(store: Store, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const windowStart = now - windowMs;
  const [row] = await store.db
    .insert(staffRateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: staffRateLimits.key,
      set: {
        count: sql`case when ${staffRateLimits.lastRequest} < ${windowStart} then 1 else ${staffRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${staffRateLimits.lastRequest} < ${windowStart} then ${now} else ${staffRateLimits.lastRequest} end`,
      },
    })
    .returning({ count: staffRateLimits.count });
  return row?.count ?? 1;
}

/** A counter's count within its current window, without adding to it (0 when none or ended). */
export async function peekToken(store: Store, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await store.db
    .select({ count: staffRateLimits.count })
    .from(staffRateLimits)
    .where(and(eq(staffRateLimits.key, key), gte(staffRateLimits.lastRequest, now - windowMs)));
  return row?.count ?? 0;
}

type Limit = { kind: "address" | "client"; key: string; max: number; windowMs: number; window: string };

/** Made by the staff sign-in (./auth.server.ts), with its own deps. */
export function createCodeLockout(deps: StaffAuthDeps) {
  const { store, env } = deps;
  /** The keyed hash an address is counted (and audited) by; the code-request limit's. */
  const addressHash = (email: string) => deps.fingerprint(`address:${email}`);
  const limits = (email: string, client: string): Limit[] => [
    {
      kind: "address",
      key: `wrong-codes:address:${addressHash(email)}`,
      max: env.STAFF_WRONG_CODES_PER_ADDRESS,
      windowMs: WRONG_CODES_ADDRESS_WINDOW_MS,
      window: "24 hours",
    },
    {
      kind: "client",
      key: `wrong-codes:client:${client}`,
      max: env.STAFF_WRONG_CODES_PER_CLIENT,
      windowMs: WRONG_CODES_CLIENT_WINDOW_MS,
      window: "1 hour",
    },
  ];
  const reason = (limit: Limit): CodeLockout => (limit.kind === "address" ? "address-locked" : "client-locked");

  /** The first limit reached: written to the audit log, logged, and e-mailed to the admins. */
  async function locked(limit: Limit, email: string, client: string, now: number) {
    const target = limit.kind === "address" ? addressHash(email) : client;
    deps.log.warn("staff code sign-in locked", { event: "sign-in-locked", limit: limit.kind, target });
    await deps.audit({
      action: "sign-in-locked",
      // An address lock is about the address tried (hashed in the row, as for a failed sign-in).
      actor: limit.kind === "address" ? { email } : null,
      target,
      detail: { limit: limit.kind, wrongCodes: limit.max, windowHours: limit.windowMs / 3_600_000 },
      meta: { fingerprint: client },
    });
    // The lock holds whatever happens to the e-mail; a failure to queue it is logged, not the guesser's answer.
    await tellAdmins(limit, email, now).catch((error: unknown) => {
      deps.log.error("staff sign-in lock e-mail not queued", {
        err: error,
        event: "sign-in-locked",
        limit: limit.kind,
      });
    });
  }

  async function tellAdmins(limit: Limit, email: string, now: number) {
    const admins = await store.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.role, "admin"))
      .orderBy(staffUsers.email);
    if (admins.length === 0) {
      deps.log.warn("no admin to tell about a staff sign-in lock", { event: "sign-in-locked", limit: limit.kind });
      return;
    }
    const [member] =
      limit.kind === "address"
        ? await store.db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.email, email))
        : [];
    const origin = new URL(env.SITE_URL).origin;
    const rendered = await renderEmail(staffSignInLocked, {
      limit: limit.kind,
      memberEmail: member?.email,
      wrongCodes: limit.max,
      window: limit.window,
      at: londonTime(new Date(now)),
      auditUrl: `${origin}/staff/audit?action=sign-in-locked`,
    });
    await queueStaffMail(deps.boss, { to: admins.map((a) => a.email), ...rendered }, { from: env.MAIL_FROM });
  }

  return {
    addressHash,
    /** Whether code checks for this address or from this client are refused now. */
    async refused(email: string, client: string, now = Date.now()): Promise<CodeLockout | null> {
      for (const limit of limits(email, client)) {
        if ((await peekToken(store, limit.key, limit.windowMs, now)) >= limit.max) return reason(limit);
      }
      return null;
    },
    /**
     * Counts one wrong code against the address and the client; answers the
     * lock it reached (or was already over), if any. Exactly one wrong code
     * reaches each limit per window, so the lock is recorded and e-mailed once.
     */
    async wrongCode(email: string, client: string, now = Date.now()): Promise<CodeLockout | null> {
      let result: CodeLockout | null = null;
      for (const limit of limits(email, client)) {
        const count = await countToken(store, limit.key, limit.windowMs, now);
        if (count === limit.max) await locked(limit, email, client, now);
        if (count >= limit.max) result ??= reason(limit);
      }
      return result;
    },
  };
}

export type CodeLockoutGuard = ReturnType<typeof createCodeLockout>;
