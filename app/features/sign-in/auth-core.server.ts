import { count, eq } from "drizzle-orm";
import { pastAbsoluteTimeout, type SessionAssurance, type StaffSession } from "~/features/sign-in/sign-in";
import type { StaffMember } from "~/features/console";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import { keyLock } from "~/platform/db/key-lock.server";
import { createCodeLimits } from "./lockout.server";
import { secondStepLocks } from "./second-step-lock.server";
import { knownBrowsers } from "./known-browsers.server";
import { misdirected, servesConsole } from "./origins.server";
import { normaliseEmail, toMember, type BetterAuthInstance, type StaffAuthDeps } from "./auth-config.server";
import { staffPasskeys, staffTwoFactors, staffUsers } from "~/features/sign-in/tables.server";

/**
 * What every part of staff sign-in shares (./auth.server.ts puts the parts
 * together): the one better-auth instance, the request's session, the code
 * limits, and the member's factors as rows.
 */
export function createAuthCore(deps: StaffAuthDeps, instance: BetterAuthInstance) {
  /**
   * Whether the console serves this request's host: SITE_URL's only (with a
   * loopback SITE_URL, loopback names on its port). Anything else gets 421
   * and no authentication state; the methods below throw that 421 Response
   * (session() answers null, signOut() no headers).
   */
  const serves = (request: Request) => servesConsole(request.url, deps.env.SITE_URL);
  /** The instance for a request the console serves; any other host gets 421 (thrown, as route actions do). */
  const authFor = (request: Request) => {
    if (!serves(request)) throw misdirected();
    return instance;
  };
  const { store } = deps;
  // Limits on codes asked for and tried, per client and per (address, client) (./lockout.server.ts); passkeys never ask them.
  const limits = createCodeLimits(deps);
  // The second step's lock after wrong app or recovery codes (better-auth's): told to the admins, listed, lifted.
  const secondStep = secondStepLocks(deps);
  // Browsers a member has used with a full session: not held to their address's code cap (./known-browsers.server.ts).
  const known = knownBrowsers(deps, instance, limits.addressHash);
  const clientOf = (request: Request) => deps.fingerprint(request.headers.get(CLIENT_IP_HEADER) ?? "unknown");

  /**
   * A member's first factor is enrolled one at a time (an app confirmed, a
   * passkey registered, a passkey enrolment finished, from setup-only
   * sessions), across processes: whoever is second finds the member enrolled
   * (isEnrolled, read inside the turn) and is refused, so two browsers with
   * the member's e-mail codes cannot both leave a factor (ADR 020).
   */
  const enrolmentTurns = keyLock(store);
  const oneEnrolmentAtATime = <T>(memberId: string, work: () => Promise<T>) =>
    enrolmentTurns(`first-factor:${memberId}`, work);
  async function isEnrolled(memberId: string): Promise<boolean> {
    const [row] = await store.db
      .select({ enrolled: staffUsers.twoFactorEnabled })
      .from(staffUsers)
      .where(eq(staffUsers.id, memberId));
    return row?.enrolled === true;
  }

  /**
   * The verification row (better-auth's) that lets the one setup-only
   * session which registered its member's first passkey finish enrolling
   * (./passkey-enrolment.server.ts), for APP_SETUP_SECONDS.
   */
  const passkeyEnrolmentKey = (sessionId: string) => `passkey-enrolment-${sessionId}`;
  async function holdsPasskeyEnrolment(sessionId: string): Promise<boolean> {
    const context = await instance.$context;
    const row = await context.internalAdapter.findVerificationValue(passkeyEnrolmentKey(sessionId));
    return !!row && new Date(row.expiresAt).getTime() > Date.now();
  }

  /**
   * The signed-in session of a request, or null: none, expired, revoked,
   * older than 12 hours (then revoked), or a setup-only session whose member
   * has a second factor now (then revoked: it existed only to enrol one, and
   * is never upgraded; enrolment ends such sessions, this is the backstop).
   * The one exception is the session that has just registered the member's
   * first passkey, which may finish enrolling (holdsPasskeyEnrolment).
   */
  async function session(request: Request): Promise<StaffSession | null> {
    if (!serves(request)) return null;
    const auth = instance;
    const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    if (!response) return null;
    const assurance: SessionAssurance = response.session.assurance === "full" ? "full" : "setup-only";
    const expired = pastAbsoluteTimeout(response.session.createdAt);
    const outgrown =
      assurance === "setup-only" &&
      response.user.twoFactorEnabled === true &&
      !(await holdsPasskeyEnrolment(response.session.id));
    if (expired || outgrown) {
      // Absolute timeout: the session ends however active it is.
      // A setup-only session ends once its member is enrolled (ADR 020).
      const context = await auth.$context;
      await context.internalAdapter.deleteSession(response.session.token);
      return null;
    }
    return {
      member: toMember(response.user),
      sessionId: response.session.id,
      createdAt: new Date(response.session.createdAt),
      headers,
      assurance,
    };
  }

  async function findMemberById(id: string): Promise<StaffMember | null> {
    const [user] = await store.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    return user ? toMember(user) : null;
  }

  async function findMember(email: string): Promise<StaffMember | null> {
    const [user] = await store.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, normaliseEmail(email)));
    return user ? toMember(user) : null;
  }

  /** The member's two-factor row: whether their app is confirmed, and whether they have one at all. */
  async function appRow(userId: string) {
    const [row] = await store.db
      .select({ verified: staffTwoFactors.verified })
      .from(staffTwoFactors)
      .where(eq(staffTwoFactors.userId, userId));
    return row ?? null;
  }

  async function passkeyCount(userId: string) {
    const [row] = await store.db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.userId, userId));
    return row?.n ?? 0;
  }

  /**
   * New recovery codes for the request's member (the old ones stop
   * working). The plugin's row holds them: a member enrolled with a passkey
   * only, or from before recovery codes, gets one, its app secret
   * unconfirmed (unusable) until they set up an app.
   */
  async function freshRecoveryCodes(request: Request, userId: string): Promise<string[]> {
    const auth = authFor(request);
    if (!(await appRow(userId))) {
      const result = await auth.api.enableTwoFactor({ body: { method: "totp" }, headers: request.headers });
      if ("backupCodes" in result) return result.backupCodes;
    }
    return (await auth.api.generateBackupCodes({ body: {}, headers: request.headers })).backupCodes;
  }

  /** Runs `fn` for the request's session; 401 without one. */
  async function withSession<T>(
    request: Request,
    fn: (member: StaffMember, current: StaffSession) => Promise<T>,
  ): Promise<T> {
    const current = await session(request);
    if (!current) throw new Response("Sign in first.", { status: 401 });
    return fn(current.member, current);
  }

  /** As withSession, for a full session only: a setup-only one (403) may only enrol. */
  async function withFullSession<T>(request: Request, fn: (member: StaffMember) => Promise<T>): Promise<T> {
    return withSession(request, async (member, current) => {
      if (current.assurance !== "full") throw new Response("Set up a second way to sign in first.", { status: 403 });
      return fn(member);
    });
  }

  return {
    deps,
    store,
    instance,
    serves,
    authFor,
    limits,
    secondStep,
    known,
    clientOf,
    session,
    findMemberById,
    findMember,
    appRow,
    passkeyCount,
    freshRecoveryCodes,
    passkeyEnrolmentKey,
    holdsPasskeyEnrolment,
    oneEnrolmentAtATime,
    isEnrolled,
    withSession,
    withFullSession,
  };
}

export type AuthCore = ReturnType<typeof createAuthCore>;
