import { APIError } from "better-auth/api";
import type {
  CodeRequestResult,
  CodeSignInResult,
  SecondStepMethod,
  SecondStepResult,
} from "~/features/sign-in/sign-in";
import { normaliseEmail, toMember } from "./auth-config.server";
import type { AuthCore } from "./auth-core.server";
import { wasRemoved } from "./sessions.server";
import { signInCodeIdentifier } from "./code-life.server";
import { keyLock } from "~/platform/db/key-lock.server";
import { headersWithoutSession } from "./session-cookie.server";

/**
 * Signing in with an e-mailed code (docs/decisions/019-staff-sessions-and-
 * lockout.md, 020-multi-factor-sign-in.md): asking for a code, checking it
 * (within the code limits), the second step that follows it, and signing out.
 */
export function codeSignIn(core: AuthCore) {
  const { authFor, clientOf, findMember, instance, known, limits, secondStep, serves, store, withSession } = core;
  const adminEmails = new Set(core.deps.env.STAFF_ADMIN_EMAILS);
  /**
   * One check of an address's code at a time. better-auth takes the code's
   * record while it compares a guess and puts it back when the guess is
   * wrong (atomicVerifyOTP): a right code checked in that moment found no
   * record and was refused, and counted as wrong, so a stream of wrong
   * guesses could keep the member out. Now it waits its turn.
   */
  const oneCheckAtATime = keyLock(store);

  return {
    /**
     * Sends a sign-in code to `email` when it belongs to staff (or to
     * STAFF_ADMIN_EMAILS); answers the same either way, except when the
     * request is refused (./lockout.server.ts: the client or this (address,
     * client) asked too often, the address had enough codes sent, or code
     * checks from this client are paused): no code is sent then. A refusal is
     * no sign of membership: a stranger's address is counted the same way.
     */
    async requestCode(
      request: Request,
      rawEmail: string,
      options: { fresh?: boolean } = {},
    ): Promise<CodeRequestResult> {
      const auth = authFor(request);
      const email = normaliseEmail(rawEmail);
      const knownBrowser = await known.knows(request, email);
      const refused = await limits.codeRequest(email, clientOf(request), { knownBrowser });
      if (refused) return { ok: false, ...refused };
      const context = await auth.$context;
      if (
        adminEmails.has(email) &&
        !(await context.internalAdapter.findUserByEmail(email)) &&
        !(await wasRemoved(store, limits.addressHash(email)))
      ) {
        // STAFF_ADMIN_EMAILS: an admin from the first code they ask for, unless a member with the address was removed.
        await context.internalAdapter
          .createUser(
            { email, name: email.split("@")[0] ?? email, emailVerified: false, role: "admin" },
            { method: "admin" },
          )
          .catch(() => {}); // another process created it first
      }
      // A code still live is sent again (better-auth's resendStrategy "reuse"), never replaced by a
      // request from elsewhere. "Send a new code" at the code step (`fresh`) replaces it only in a
      // browser known for the address: anyone can reach a code step for it, and a replaced code is
      // dead in the member's hands (ADR 019).
      const replace = options.fresh === true && knownBrowser;
      if (replace) await context.internalAdapter.deleteVerificationByIdentifier(signInCodeIdentifier(email));
      await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: request.headers });
      return replace ? { ok: true, replaced: true } : { ok: true };
    },

    /** Checks an e-mailed code: a pending second step, or (no second factor yet) an enrolment-only session. */
    async signInWithCode(request: Request, rawEmail: string, code: string): Promise<CodeSignInResult> {
      const auth = authFor(request);
      const email = normaliseEmail(rawEmail);
      const client = clientOf(request);
      const refused = await limits.codeCheck(email, client);
      if (refused) return { ok: false, ...refused };
      try {
        const { headers, response } = await oneCheckAtATime(`code-check:${limits.addressHash(email)}`, () =>
          auth.api.signInEmailOTP({ body: { email, otp: code.trim() }, headers: request.headers, returnHeaders: true }),
        );
        await limits.rightCode(email, client);
        if ("twoFactorRedirect" in response) {
          // The member has a second factor: a pending second step (a cookie), no session yet.
          const member = await findMember(email);
          if (!member) return { ok: false, reason: "invalid" };
          return { ok: true, member, headers, next: "second-step" };
        }
        return { ok: true, member: toMember(response.user), headers, next: "enrol" };
      } catch (error) {
        const result = codeError(error);
        // A wrong code (or one tried after its five tries) counts against the (address, client), the client and the address.
        if (!result.ok && (result.reason === "invalid" || result.reason === "locked")) {
          const paused = await limits.wrongCode(email, client);
          if (paused) return { ok: false, ...paused };
        }
        return result;
      }
    },

    /** Ends this session; returns the headers that clear its cookie. */
    async signOut(request: Request): Promise<Headers> {
      if (!serves(request)) return new Headers();
      const auth = instance;
      try {
        const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
        return headers;
      } catch {
        return new Headers();
      }
    },

    /** Ends every session of the signed-in member, this one included. */
    async signOutEverywhere(request: Request): Promise<Headers> {
      const auth = authFor(request);
      return withSession(request, async (member) => {
        const context = await auth.$context;
        await context.internalAdapter.deleteUserSessions(member.id);
        const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
        return headers;
      });
    },

    /** Completes a sign-in the e-mail code started: a new session (and cookie) on success. */
    async verifySecondStep(request: Request, method: SecondStepMethod, code: string): Promise<SecondStepResult> {
      const auth = authFor(request);
      // The pending sign-in only (its short-lived cookie, its 5 tries), never a session: given one,
      // better-auth's verify endpoints take the code as that session's member confirming their app,
      // outside the tries' limit, and would issue a full session for it (ADR 020).
      const pending = headersWithoutSession(request, (await auth.$context).authCookies.sessionToken.name);
      try {
        const body = { code: code.trim() };
        const { headers, response } =
          method === "app"
            ? await auth.api.verifyTOTP({ body, headers: pending, returnHeaders: true })
            : await auth.api.verifyBackupCode({ body, headers: pending, returnHeaders: true });
        return { ok: true, member: toMember(response.user), headers };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const reason = (error.body as { code?: string } | undefined)?.code;
        if (reason === "INVALID_TWO_FACTOR_COOKIE" || reason === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
          return { ok: false, reason: "expired" };
        // A wrong code may have locked the member's second step: the admins hear of each lock once.
        await secondStep.tellNewLocks(clientOf(request));
        if (reason === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, reason: "locked" };
        if (reason === "TOTP_NOT_ENABLED") return { ok: false, reason: "no-app" };
        return { ok: false, reason: "invalid" };
      }
    },
  };
}

function codeError(error: unknown): CodeSignInResult {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "OTP_EXPIRED") return { ok: false, reason: "expired" };
    if (code === "TOO_MANY_ATTEMPTS") return { ok: false, reason: "locked" };
    return { ok: false, reason: "invalid" };
  }
  throw error;
}
