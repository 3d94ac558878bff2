import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { AppConfirmResult, AppSetup, Factors, Passkey, StaffSession } from "~/features/sign-in/sign-in";
import type { StaffMember } from "~/features/console";
import { addToWindow, peekWindow } from "~/platform/db/counters.server";
import { requestWithCookies } from "~/features/sign-in/session-cookie.server";
import {
  APP_SETUP_SECONDS,
  normaliseEmail,
  toMember,
  WRONG_APP_CODES,
  WRONG_APP_CODES_WINDOW_MS,
} from "./auth-config.server";
import type { AuthCore } from "./auth-core.server";
import { hashRecoveryCode } from "./second-factor.server";
import { staffPasskeys, staffTwoFactors } from "~/features/sign-in/tables.server";

/**
 * A member's second factors (docs/decisions/020-multi-factor-sign-in.md):
 * the authenticator app (set up, confirmed, removed), passkeys, recovery
 * codes, and an admin's reset (enrolling with a passkey:
 * ./passkey-enrolment.server.ts). The routes check a
 * recent sign-in where one is needed.
 */
export function memberFactors(core: AuthCore) {
  const {
    appRow,
    authFor,
    instance,
    isEnrolled,
    known,
    limits,
    oneEnrolmentAtATime,
    passkeyCount,
    session,
    store,
    withFullSession,
    withSession,
  } = core;

  /**
   * Which authenticator-app set-up a session started (ADR 020): a
   * verification row (better-auth's) named after the session, holding the
   * SHA-256 of the stored, encrypted secret that start wrote. Confirming
   * needs it, in the same session, within APP_SETUP_SECONDS.
   */
  const appSetupKey = (sessionId: string) => `app-setup-${sessionId}`;
  async function storedSecretHash(userId: string) {
    const [row] = await store.db
      .select({ secret: staffTwoFactors.secret })
      .from(staffTwoFactors)
      .where(eq(staffTwoFactors.userId, userId));
    return row ? createHash("sha256").update(row.secret).digest("hex") : null;
  }
  /** Wrong codes at "confirm app", per member (staff_rate_limits, as the code limits). */
  const wrongAppCodesKey = (userId: string) => `wrong-app-codes:member:${userId}`;

  /** Confirms the app this session started (confirmApp, below, says when it may). */
  async function confirm(
    request: Request,
    code: string,
    member: StaffMember,
    current: StaffSession,
  ): Promise<AppConfirmResult> {
    const auth = authFor(request);
    const context = await auth.$context;
    const app = await appRow(member.id);
    if (app?.verified === true) return { ok: false, reason: "already-set-up" };
    const started = await context.internalAdapter.findVerificationValue(appSetupKey(current.sessionId));
    const bound = started && started.expiresAt.getTime() > Date.now() ? started.value : null;
    if (!app || !bound || bound !== (await storedSecretHash(member.id))) return { ok: false, reason: "not-started" };
    const wrongKey = wrongAppCodesKey(member.id);
    if (((await peekWindow(store.db, wrongKey, WRONG_APP_CODES_WINDOW_MS))?.count ?? 0) >= WRONG_APP_CODES) {
      return { ok: false, reason: "too-many" };
    }
    let headers: Headers;
    try {
      ({ headers } = await auth.api.verifyTOTP({
        body: { code: code.trim() },
        headers: request.headers,
        returnHeaders: true,
      }));
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const { count: wrong } = await addToWindow(store.db, wrongKey, WRONG_APP_CODES_WINDOW_MS);
      return { ok: false, reason: wrong >= WRONG_APP_CODES ? "too-many" : "invalid" };
    }
    await context.internalAdapter.deleteVerificationByIdentifier(appSetupKey(current.sessionId));
    // After enrolment the old session is gone: the codes are made as the new one.
    const next = requestWithCookies(request, headers);
    const { backupCodes } = await auth.api.generateBackupCodes({ body: {}, headers: next.headers });
    return { ok: true, recoveryCodes: backupCodes, headers };
  }

  /**
   * The set-up this session started and has neither confirmed nor cancelled,
   * within APP_SETUP_SECONDS of its start: the same key again, so a reload
   * never throws away a key already typed into a phone (issue 43). Null when
   * there is none, it expired, or another start (another session) replaced its key.
   */
  async function pending(request: Request, member: StaffMember, sessionId: string): Promise<AppSetup | null> {
    const context = await instance.$context;
    const started = await context.internalAdapter.findVerificationValue(appSetupKey(sessionId));
    if (!started || started.expiresAt.getTime() <= Date.now()) return null;
    const app = await appRow(member.id);
    if (!app || app.verified || started.value !== (await storedSecretHash(member.id))) return null;
    // The plugin's own otpauth: URI of the stored key (its issuer, the member's address).
    const { totpURI } = await instance.api.getTOTPURI({ body: {}, headers: request.headers });
    const secret = new URL(totpURI).searchParams.get("secret");
    return secret ? { uri: totpURI, secret, expiresAt: new Date(started.expiresAt) } : null;
  }

  return {
    async factors(request: Request): Promise<Factors> {
      return withSession(request, async (member) => {
        const app = await appRow(member.id);
        let recoveryCodes = 0;
        if (app) {
          const { backupCodes } = await authFor(request).api.viewBackupCodes({ body: { userId: member.id } });
          recoveryCodes = backupCodes.length;
        }
        return { passkeys: await passkeyCount(member.id), app: app?.verified === true, recoveryCodes };
      });
    },

    /**
     * Starts setting up an authenticator app: a new secret, not usable until
     * confirmed (in this session: the set-up is bound to it); the member's
     * recovery codes keep working meanwhile. Null when they already have a
     * confirmed app.
     */
    async startApp(request: Request): Promise<AppSetup | null> {
      const auth = authFor(request);
      return withSession(request, async (member, current) => {
        if ((await appRow(member.id))?.verified === true) return null; // one app at a time
        // Started already in this session: the same key (a double submit, or Back and again).
        const started = await pending(request, member, current.sessionId);
        if (started) return started;
        // The plugin's enable also makes new recovery codes; until the app is confirmed (which shows
        // new ones) the member's saved codes must keep working, so their stored form is put back.
        const [saved] = await store.db
          .select({ backupCodes: staffTwoFactors.backupCodes })
          .from(staffTwoFactors)
          .where(eq(staffTwoFactors.userId, member.id));
        const result = await auth.api.enableTwoFactor({ body: { method: "totp" }, headers: request.headers });
        if (saved)
          await store.db
            .update(staffTwoFactors)
            .set({ backupCodes: saved.backupCodes })
            .where(eq(staffTwoFactors.userId, member.id));
        const uri = "totpURI" in result ? result.totpURI : undefined;
        const secret = uri ? new URL(uri).searchParams.get("secret") : null;
        if (!uri || !secret) throw new Error("The authenticator app could not be set up");
        const context = await auth.$context;
        await context.internalAdapter.deleteVerificationByIdentifier(appSetupKey(current.sessionId));
        const expiresAt = new Date(Date.now() + APP_SETUP_SECONDS * 1000);
        await context.internalAdapter.createVerificationValue({
          identifier: appSetupKey(current.sessionId),
          value: (await storedSecretHash(member.id)) ?? "",
          expiresAt,
        });
        return { uri, secret, expiresAt };
      });
    },

    /** The app set-up this session started and has not confirmed or cancelled, or null (issue 43). */
    async pendingApp(request: Request): Promise<AppSetup | null> {
      authFor(request);
      return withSession(request, (member, current) => pending(request, member, current.sessionId));
    },

    /**
     * Cancels the set-up this session started: its key can no longer be
     * confirmed (it stays unconfirmed, so unusable, until a new start
     * replaces it). False when there was none.
     */
    async cancelApp(request: Request): Promise<boolean> {
      const auth = authFor(request);
      return withSession(request, async (_member, current) => {
        const context = await auth.$context;
        const started = await context.internalAdapter.findVerificationValue(appSetupKey(current.sessionId));
        await context.internalAdapter.deleteVerificationByIdentifier(appSetupKey(current.sessionId));
        return Boolean(started);
      });
    },

    /**
     * Confirms the app this session started setting up, with a code from it;
     * the member gets new recovery codes. For their first factor, better-auth's
     * two-factor plugin replaces this session with a new, full one: its cookie
     * is in the result's headers. Wrong codes count against the member
     * (WRONG_APP_CODES per WRONG_APP_CODES_WINDOW_MS, then refused, the right
     * code included, until the window ends). From a setup-only session this
     * is the member's first factor: it waits its turn with any other
     * enrolment of theirs, and is refused once they have one (`enrolled`).
     */
    async confirmApp(request: Request, code: string): Promise<AppConfirmResult> {
      return withSession(request, async (member, current) =>
        current.assurance === "full"
          ? confirm(request, code, member, current)
          : oneEnrolmentAtATime(member.id, async () =>
              (await isEnrolled(member.id))
                ? { ok: false, reason: "enrolled" }
                : confirm(request, code, member, current),
            ),
      );
    },

    /**
     * Whether `codes` are all recovery codes the member still has (checked
     * by their hashes): the download of the codes just shown holds only
     * those (issue 43). A full session only.
     */
    async holdsRecoveryCodes(request: Request, codes: string[]): Promise<boolean> {
      const auth = authFor(request);
      return withFullSession(request, async (member) => {
        if (codes.length === 0) return false;
        const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: member.id } });
        const held = new Set(backupCodes);
        return codes.every((code) => held.has(hashRecoveryCode(code)));
      });
    },

    /** New recovery codes (the old ones stop working); a full session only. */
    async newRecoveryCodes(request: Request): Promise<string[]> {
      return withFullSession(request, async (member) => core.freshRecoveryCodes(request, member.id));
    },

    /** Removes the authenticator app; false when the member has no passkey to sign in with instead. */
    async removeApp(request: Request): Promise<boolean> {
      return withFullSession(request, async (member) => {
        if ((await passkeyCount(member.id)) === 0) return false;
        // Unconfirmed: the app's codes stop working; the recovery codes stay.
        await store.db.update(staffTwoFactors).set({ verified: false }).where(eq(staffTwoFactors.userId, member.id));
        return true;
      });
    },

    /**
     * Removes a member's passkeys, app and recovery codes and ends their
     * sessions (admins): they enrol again. Any pause on their address's code
     * sign-in is lifted too (./lockout.server.ts), and no browser is known
     * for them any more (./known-browsers.server.ts).
     */
    async resetFactors(id: string): Promise<StaffMember | null> {
      const context = await instance.$context;
      const user = await context.internalAdapter.findUserById(id);
      if (!user) return null;
      await limits.liftMember(normaliseEmail(user.email));
      await known.forget(normaliseEmail(user.email));
      await store.db.delete(staffPasskeys).where(eq(staffPasskeys.userId, id));
      await store.db.delete(staffTwoFactors).where(eq(staffTwoFactors.userId, id));
      await context.internalAdapter.updateUser(id, { twoFactorEnabled: false });
      await context.internalAdapter.deleteUserSessions(id);
      return toMember(user);
    },

    async passkeys(request: Request): Promise<Passkey[]> {
      const rows = await authFor(request).api.listPasskeys({ headers: request.headers });
      return rows.map((row) => ({
        id: row.id,
        name: row.name || "Unnamed passkey",
        createdAt: row.createdAt ? new Date(row.createdAt) : null,
        deviceType: row.deviceType,
        backedUp: row.backedUp,
      }));
    },

    async renamePasskey(request: Request, id: string, name: string): Promise<boolean> {
      try {
        await authFor(request).api.updatePasskey({ headers: request.headers, body: { id, name } });
        return true;
      } catch (error) {
        if (error instanceof APIError) return false;
        throw error;
      }
    },

    /** False when there is no such passkey, or it is the member's last factor (no app). */
    async removePasskey(request: Request, id: string): Promise<boolean> {
      const current = await session(request);
      if (current) {
        // Never the last factor: a member with no app keeps at least one passkey.
        const app = await appRow(current.member.id);
        if (app?.verified !== true && (await passkeyCount(current.member.id)) <= 1) return false;
      }
      try {
        await authFor(request).api.deletePasskey({ headers: request.headers, body: { id } });
        return true;
      } catch (error) {
        if (error instanceof APIError) return false;
        throw error;
      }
    },
  };
}
