import { and, eq } from "drizzle-orm";
import type { PasskeyEnrolment, StaffSession } from "~/features/sign-in/sign-in";
import { APP_SETUP_SECONDS } from "./auth-config.server";
import type { AuthCore } from "./auth-core.server";
import { staffPasskeys, staffUsers } from "~/features/sign-in/tables.server";

/** better-auth's passkey endpoint that stores a new passkey (under STAFF_AUTH_PATH). */
export const VERIFY_REGISTRATION_PATH = "/passkey/verify-registration";

/**
 * Enrolling with a passkey (docs/decisions/020-multi-factor-sign-in.md). A
 * member's first passkey, registered from their setup-only session (an
 * e-mail code alone), makes them enrolled at once, in the same request: from
 * then on an e-mail code asks for the second step, so whoever else reads the
 * mailbox cannot finish the enrolment, add a passkey of their own or set up
 * an app. Only the session that registered it may finish (new recovery codes
 * and a new, full session), within APP_SETUP_SECONDS. A member whose finish
 * never came (a closed tab) signs in with the passkey at the second step.
 */
export function passkeyEnrolment(core: AuthCore) {
  const { authFor, instance, store, passkeyCount, withSession, passkeyEnrolmentKey, holdsPasskeyEnrolment } = core;

  return {
    /**
     * What the console's handler answers after better-auth's
     * verify-registration gave `response` to a request made with `before`:
     * unchanged, except for a member's first passkey from a setup-only
     * session. Then the member is marked enrolled, only if nobody was first
     * (a conditional update: two sessions registering at once cannot both
     * win), and this session may finish; the loser's passkey is removed and
     * it gets 409.
     */
    async afterRegistration(before: StaffSession | null, response: Response): Promise<Response> {
      if (!before || before.assurance === "full" || response.status !== 200) return response;
      const member = before.member.id;
      const claimed = await store.db
        .update(staffUsers)
        .set({ twoFactorEnabled: true, updatedAt: new Date() })
        .where(and(eq(staffUsers.id, member), eq(staffUsers.twoFactorEnabled, false)))
        .returning({ id: staffUsers.id });
      if (claimed.length === 0) {
        const { id } = (await response.clone().json()) as { id?: unknown };
        if (typeof id === "string") {
          await store.db.delete(staffPasskeys).where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.userId, member)));
        }
        return Response.json(
          { code: "ALREADY_ENROLLED", message: "Sign in again: you already have a second way to sign in." },
          { status: 409 },
        );
      }
      const context = await instance.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: passkeyEnrolmentKey(before.sessionId),
        value: member,
        expiresAt: new Date(Date.now() + APP_SETUP_SECONDS * 1000),
      });
      return response;
    },

    /**
     * Finishes enrolling from the setup-only session that registered the
     * member's first passkey: their recovery codes, and this session replaced
     * by a new, full one (its cookie in `headers`; the member's other
     * setup-only sessions end). Null from any other session, when the
     * passkey is gone, or when this session is full already.
     */
    async enrolWithPasskey(request: Request): Promise<PasskeyEnrolment | null> {
      const auth = authFor(request);
      return withSession(request, async (member, current) => {
        if (current.assurance === "full" || !(await holdsPasskeyEnrolment(current.sessionId))) return null;
        if ((await passkeyCount(member.id)) === 0) return null;
        const recoveryCodes = await core.freshRecoveryCodes(request, member.id);
        const { headers } = await auth.api.enrolledSession({ headers: request.headers, returnHeaders: true });
        await (
          await auth.$context
        ).internalAdapter.deleteVerificationByIdentifier(passkeyEnrolmentKey(current.sessionId));
        return { recoveryCodes, headers };
      });
    },
  };
}
