import { and, eq, gte, inArray, like, or, sql } from "drizzle-orm";
import type { CodePause, SignInPause } from "~/features/sign-in/sign-in";
import { londonTime } from "~/platform/london-time";
import type { StaffMember } from "~/features/console";
import type { Store } from "~/platform/db/db.server";
import { addToWindow, peekWindow, type CounterWindow } from "~/platform/db/counters.server";
import type { StaffAuthDeps } from "./deps.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { staffRateLimits } from "~/platform/db/tables.server";
import { staffUsers } from "~/features/sign-in/tables.server";
import type { StaffSignInLockedEmailProps } from "./emails/sign-in-locked";

/**
 * Limits on e-mail sign-in codes that slow down whoever guesses, never the
 * member (docs/decisions/019-staff-sessions-and-lockout.md). Nothing here
 * refuses an address from everywhere: every refusal is about one client (its
 * keyed fingerprint), or one address from one client, so someone who knows a
 * member's address cannot stop the member signing in from elsewhere.
 *
 * - Wrong codes per client (any address), per hour: at the limit the client's
 *   code checks pause for the rest of the hour.
 * - Wrong codes per (address, client): after STAFF_WRONG_CODES_BEFORE_DELAY
 *   of them, each further try waits a delay that doubles with every further
 *   wrong code (1 minute, 2, 4, … at most an hour); a right code ends it.
 * - Wrong codes per address from anywhere, per day: no refusal, only the
 *   admins' alert (one audit row `sign-in-locked`, one e-mail) once a window.
 * - Code requests per client, per (address, client) and (a higher cap) per
 *   address from anywhere, per 15 minutes. At the address cap no code is
 *   sent, but the codes already sent still work: a live code is sent again,
 *   never replaced (ADR 012), so each e-mail in the window carries it.
 *
 * Each code still allows five tries (better-auth's own attempts). The
 * counters are rows of staff_rate_limits (shared by every process), keyed by
 * keyed hashes: never an address. Only the code path consults them: a
 * passkey sign-in never does. Admins lift a member's or a client's pauses on
 * "Members" (liftMember, liftClient), and "Reset sign-in" lifts the member's.
 */
export const CODE_REQUEST_WINDOW_MS = 15 * 60 * 1000;
export const WRONG_CODES_CLIENT_WINDOW_MS = 60 * 60 * 1000;
export const WRONG_CODES_ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** An (address, client)'s wrong codes are forgotten this long after the last one (a right code forgets them at once). */
export const WRONG_CODES_STREAK_MS = 24 * 60 * 60 * 1000;
export const FIRST_DELAY_MS = 60 * 1000;
export const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * One more wrong code in an (address, client)'s streak: the row's time is
 * the last wrong code's (not a window's start), and a streak whose last one
 * is older than WRONG_CODES_STREAK_MS starts again at 1.
 */
async function bumpStreak(store: Store, key: string, now: number): Promise<number> {
  const forgotten = now - WRONG_CODES_STREAK_MS;
  const [row] = await store.db
    .insert(staffRateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: staffRateLimits.key,
      set: {
        count: sql`case when ${staffRateLimits.lastRequest} < ${forgotten} then 1 else ${staffRateLimits.count} + 1 end`,
        lastRequest: sql`${now}`,
      },
    })
    .returning({ count: staffRateLimits.count });
  return row?.count ?? 1;
}

export type CodeRefusal = { reason: CodePause; retryAfterSeconds: number };
export type CodeRequestRefusal = {
  reason: "rate-limited" | "address-busy" | CodePause;
  retryAfterSeconds: number;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The keyed hashes the counters are keyed by: 16 hex digits (../enquiries/fingerprint.server.ts). */
const HASH = /^[0-9a-f]{16}$/;

const keys = {
  codesClient: (client: string) => `code:client:${client}`,
  codesPair: (address: string, client: string) => `code:pair:${address}:${client}`,
  codesAddress: (address: string) => `code:address:${address}`,
  wrongClient: (client: string) => `wrong-codes:client:${client}`,
  wrongPair: (address: string, client: string) => `wrong-codes:pair:${address}:${client}`,
  wrongAddress: (address: string) => `wrong-codes:address:${address}`,
};

type Alert = { limit: "address" | "client"; max: number; window: string; windowMs: number };

/**
 * E-mails every admin that wrong codes reached a limit (./emails/sign-in-locked.tsx), through the
 * staff-mail queue; logged, never thrown, when there is no admin. Shared by the code limits here
 * and the second step's lock (./second-step-lock.server.ts).
 */
export async function emailAdminsOfLimit(
  deps: Pick<StaffAuthDeps, "store" | "env" | "boss" | "log">,
  props: Pick<StaffSignInLockedEmailProps, "limit" | "memberEmail" | "wrongCodes" | "window">,
  now: number,
) {
  const { store, env } = deps;
  const admins = await store.db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.role, "admin"))
    .orderBy(staffUsers.email);
  if (admins.length === 0) {
    deps.log.warn("no admin to tell about a staff sign-in limit", { event: "sign-in-locked", limit: props.limit });
    return;
  }
  const origin = new URL(env.SITE_URL).origin;
  // React Email loads with the first alert (docs/decisions/025-memory-recovery-and-load.md).
  const [{ renderEmail }, { staffSignInLocked }] = await Promise.all([
    import("~/platform/mail/define"),
    import("./emails/sign-in-locked"),
  ]);
  const rendered = await renderEmail(staffSignInLocked, {
    ...props,
    at: londonTime(new Date(now)),
    auditUrl: `${origin}/staff/audit?action=sign-in-locked`,
    staffUrl: `${origin}/staff/members#sign-in-pauses`,
  });
  await queueStaffMail(deps.boss, { to: admins.map((a) => a.email), ...rendered }, { from: env.MAIL_FROM });
}

/** Made by the staff sign-in (./auth.server.ts), with its own deps. */
export function createCodeLimits(deps: StaffAuthDeps) {
  const { store, env } = deps;
  /** The keyed hash an address is counted (and audited) by. */
  const addressHash = (email: string) => deps.fingerprint(`address:${email}`);
  const beforeDelay = env.STAFF_WRONG_CODES_BEFORE_DELAY;
  /** How long an (address, client) waits after its `count`th wrong code in a row (from the limit on). */
  const delayMs = (count: number) => Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, count - beforeDelay), MAX_DELAY_MS);
  const clientAlert: Alert = {
    limit: "client",
    max: env.STAFF_WRONG_CODES_PER_CLIENT,
    window: "1 hour",
    windowMs: WRONG_CODES_CLIENT_WINDOW_MS,
  };
  const addressAlert: Alert = {
    limit: "address",
    max: env.STAFF_WRONG_CODES_ALERT_PER_ADDRESS,
    window: "24 hours",
    windowMs: WRONG_CODES_ALERT_WINDOW_MS,
  };

  /** When the client's code checks are paused (too many wrong codes from it), until when. */
  async function clientPause(client: string, now: number): Promise<CodeRefusal | null> {
    const counted = await peekWindow(store.db, keys.wrongClient(client), WRONG_CODES_CLIENT_WINDOW_MS, now);
    if (!counted || counted.count < clientAlert.max) return null;
    return { reason: "client-locked", retryAfterSeconds: seconds(counted.since + WRONG_CODES_CLIENT_WINDOW_MS - now) };
  }

  /** The (address, client)'s streak of wrong codes, and when its next try may come (null: at once). */
  async function streak(address: string, client: string, now: number) {
    const row = await peekWindow(store.db, keys.wrongPair(address, client), WRONG_CODES_STREAK_MS, now);
    if (!row || row.count < beforeDelay) return null;
    return { count: row.count, last: row.since, next: row.since + delayMs(row.count) };
  }

  /** The first wrong code to reach a limit: written to the audit log, logged, and e-mailed to the admins. */
  async function alert(limit: Alert, email: string, client: string, now: number) {
    const target = limit.limit === "address" ? addressHash(email) : client;
    deps.log.warn("staff code sign-in limit reached", { event: "sign-in-locked", limit: limit.limit, target });
    await deps.audit({
      action: "sign-in-locked",
      // The address alert is about the address tried (hashed in the row, as for a failed sign-in).
      actor: limit.limit === "address" ? { email } : null,
      target,
      detail: { limit: limit.limit, wrongCodes: limit.max, windowHours: limit.windowMs / 3_600_000 },
      meta: { fingerprint: client },
    });
    // A failure to queue the e-mail is logged, not the guesser's answer.
    await tellAdmins(limit, email, now).catch((error: unknown) => {
      deps.log.error("staff sign-in limit e-mail not queued", {
        err: error,
        event: "sign-in-locked",
        limit: limit.limit,
      });
    });
  }

  /** The admins' e-mail: the member is named only when the address tried is a member's. */
  async function tellAdmins(limit: Alert, email: string, now: number) {
    const [member] =
      limit.limit === "address"
        ? await store.db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.email, email))
        : [];
    await emailAdminsOfLimit(
      deps,
      { limit: limit.limit, memberEmail: member?.email, wrongCodes: limit.max, window: limit.window },
      now,
    );
  }

  /** Deletes counters by key (exact) and by key pattern; answers how many went. */
  async function lift(exact: string[], patterns: string[]) {
    const deleted = await store.db
      .delete(staffRateLimits)
      .where(or(inArray(staffRateLimits.key, exact), ...patterns.map((pattern) => like(staffRateLimits.key, pattern))))
      .returning({ key: staffRateLimits.key });
    return deleted.length;
  }

  return {
    addressHash,

    /**
     * Before a code is sent: refused while the client's code checks are
     * paused or this (address, client) must wait (a code it could not use
     * yet), then counted against the client, the (address, client) and the
     * address; refused when over a limit. A browser known for the address
     * (`knownBrowser`: a member's own, ./known-browsers.server.ts) is not held
     * to the address's cap, nor counted in it.
     */
    async codeRequest(
      email: string,
      client: string,
      { now = Date.now(), knownBrowser = false }: { now?: number; knownBrowser?: boolean } = {},
    ): Promise<CodeRequestRefusal | null> {
      const address = addressHash(email);
      const paused = await clientPause(client, now);
      if (paused) return paused;
      const slowed = await streak(address, client, now);
      if (slowed && slowed.next > now) return { reason: "slowed", retryAfterSeconds: seconds(slowed.next - now) };
      // Counted in this order, each only when the one before allowed it: a client refused by its
      // own limits does not use up the address's cap, which would refuse everyone else too.
      const ends = (counted: CounterWindow) => seconds(counted.since + CODE_REQUEST_WINDOW_MS - now);
      const byClient = await addToWindow(store.db, keys.codesClient(client), CODE_REQUEST_WINDOW_MS, { now });
      if (byClient.count > env.STAFF_CODE_LIMIT_PER_CLIENT)
        return { reason: "rate-limited", retryAfterSeconds: ends(byClient) };
      const byPair = await addToWindow(store.db, keys.codesPair(address, client), CODE_REQUEST_WINDOW_MS, { now });
      if (byPair.count > env.STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT)
        return { reason: "rate-limited", retryAfterSeconds: ends(byPair) };
      if (knownBrowser) return null;
      const byAddress = await addToWindow(store.db, keys.codesAddress(address), CODE_REQUEST_WINDOW_MS, { now });
      if (byAddress.count > env.STAFF_CODE_LIMIT_PER_ADDRESS)
        return { reason: "address-busy", retryAfterSeconds: ends(byAddress) };
      return null;
    },

    /**
     * Before a code is checked: refused while the client's code checks are
     * paused or this (address, client) must still wait. A try after a wait
     * takes the (address, client)'s one slot atomically, so tries sent at the
     * same moment get one check between them, not one each.
     */
    async codeCheck(email: string, client: string, now = Date.now()): Promise<CodeRefusal | null> {
      const paused = await clientPause(client, now);
      if (paused) return paused;
      const address = addressHash(email);
      const slowed = await streak(address, client, now);
      if (!slowed) return null;
      if (slowed.next > now) return { reason: "slowed", retryAfterSeconds: seconds(slowed.next - now) };
      const taken = await store.db
        .update(staffRateLimits)
        .set({ lastRequest: now })
        .where(
          and(eq(staffRateLimits.key, keys.wrongPair(address, client)), eq(staffRateLimits.lastRequest, slowed.last)),
        )
        .returning({ key: staffRateLimits.key });
      return taken.length > 0 ? null : { reason: "slowed", retryAfterSeconds: seconds(delayMs(slowed.count)) };
    },

    /**
     * Counts one wrong code (or one tried after its five tries) against the
     * (address, client), the client and the address, and answers the pause
     * it leads to: the client's, or the (address, client)'s wait. Exactly one
     * wrong code reaches each alert's limit per window (the counters are
     * atomic upserts), so each is recorded and e-mailed once.
     */
    async wrongCode(email: string, client: string, now = Date.now()): Promise<CodeRefusal | null> {
      const address = addressHash(email);
      const inRow = await bumpStreak(store, keys.wrongPair(address, client), now);
      const byClient = await addToWindow(store.db, keys.wrongClient(client), WRONG_CODES_CLIENT_WINDOW_MS, { now });
      const byAddress = await addToWindow(store.db, keys.wrongAddress(address), WRONG_CODES_ALERT_WINDOW_MS, { now });
      if (byClient.count === clientAlert.max) await alert(clientAlert, email, client, now);
      if (byAddress.count === addressAlert.max) await alert(addressAlert, email, client, now);
      if (byClient.count >= clientAlert.max)
        return {
          reason: "client-locked",
          retryAfterSeconds: seconds(byClient.since + WRONG_CODES_CLIENT_WINDOW_MS - now),
        };
      if (inRow >= beforeDelay) return { reason: "slowed", retryAfterSeconds: seconds(delayMs(inRow)) };
      return null;
    },

    /** A right code: the (address, client)'s wrong codes are forgotten. */
    async rightCode(email: string, client: string) {
      await store.db.delete(staffRateLimits).where(eq(staffRateLimits.key, keys.wrongPair(addressHash(email), client)));
    },

    /**
     * The pauses in force now that concern a client or a member (an address
     * no member has harms nobody, and is not listed), soonest to end first.
     */
    async pauses(members: StaffMember[], now = Date.now()): Promise<SignInPause[]> {
      const byHash = new Map(members.map((member) => [addressHash(member.email), member]));
      const rows = await store.db
        .select()
        .from(staffRateLimits)
        .where(
          and(
            gte(staffRateLimits.lastRequest, now - WRONG_CODES_STREAK_MS),
            or(like(staffRateLimits.key, "code:%"), like(staffRateLimits.key, "wrong-codes:%")),
          ),
        );
      const pauses: SignInPause[] = [];
      const add = (pause: Omit<SignInPause, "until">, until: number) => {
        if (until > now) pauses.push({ ...pause, until: new Date(until) });
      };
      for (const row of rows) {
        const [kind, scope, first, second] = row.key.split(":");
        const member = first ? byHash.get(first) : undefined;
        const window = row.lastRequest + CODE_REQUEST_WINDOW_MS;
        if (kind === "wrong-codes" && scope === "client" && first && row.count >= clientAlert.max)
          add({ kind: "wrong-codes-client", client: first }, row.lastRequest + WRONG_CODES_CLIENT_WINDOW_MS);
        else if (kind === "wrong-codes" && scope === "pair" && member && second && row.count >= beforeDelay)
          add({ kind: "wrong-codes-slowed", member, client: second }, row.lastRequest + delayMs(row.count));
        else if (kind === "code" && scope === "client" && first && row.count >= env.STAFF_CODE_LIMIT_PER_CLIENT)
          add({ kind: "codes-client", client: first }, window);
        else if (
          kind === "code" &&
          scope === "pair" &&
          member &&
          second &&
          row.count >= env.STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT
        )
          add({ kind: "codes-address-client", member, client: second }, window);
        else if (kind === "code" && scope === "address" && member && row.count >= env.STAFF_CODE_LIMIT_PER_ADDRESS)
          add({ kind: "codes-address", member }, window);
      }
      return pauses.sort((a, b) => a.until.getTime() - b.until.getTime());
    },

    /**
     * Lifts every pause on a member's address, from every client: its code
     * requests and its (address, client) waits. The address's alert count
     * stays (it refuses nothing), so the admins are not told twice a day.
     */
    liftMember(email: string): Promise<number> {
      const address = addressHash(email);
      return lift([keys.codesAddress(address)], [keys.codesPair(address, "%"), keys.wrongPair(address, "%")]);
    },

    /** Lifts every pause on a client (its keyed hash): its wrong codes, its code requests, and its waits for any address. */
    async liftClient(client: string): Promise<number | null> {
      if (!HASH.test(client)) return null;
      return lift(
        [keys.wrongClient(client), keys.codesClient(client)],
        [keys.codesPair("%", client), keys.wrongPair("%", client)],
      );
    },
  };
}

export type CodeLimits = ReturnType<typeof createCodeLimits>;
