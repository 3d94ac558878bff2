import { eq } from "drizzle-orm";
import type { PasskeyEnrolment } from "~/features/sign-in/sign-in";
import { APP_SETUP_SECONDS } from "./auth-config.server";
import type { AuthCore } from "./auth-core.server";
import { staffUsers } from "~/features/sign-in/tables.server";

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
 * Every first-factor step takes the member's turn (oneEnrolmentAtATime, as
 * confirming an app does) and checks inside it, so of two browsers enrolling
 * at once one wins and the other leaves nothing behind.
 */
export function passkeyEnrolment(core: AuthCore) {
  const {
    authFor,
    instance,
    store,
    passkeyCount,
    session,
    withSession,
    passkeyEnrolmentKey,
    holdsPasskeyEnrolment,
    oneEnrolmentAtATime,
    isEnrolled,
  } = core;

  return {
    /**
     * Registers a passkey through better-auth's verify-registration
     * (`handle`). From a setup-only session this is the member's first
     * factor: it waits its turn with any other enrolment of theirs
     * (oneEnrolmentAtATime), is refused (409) before anything is stored once
     * they have one, and on success marks them enrolled and lets this session
     * finish. Otherwise, as better-auth answers.
     */
    async register(request: Request, handle: () => Promise<Response>): Promise<Response> {
      const before = await session(request);
      if (!before || before.assurance === "full") return handle();
      const member = before.member.id;
      return oneEnrolmentAtATime(member, async () => {
        if (await isEnrolled(member)) return alreadyEnrolled();
        const response = await handle();
        if (response.status !== 200) return response;
        // Inside the turn nothing else enrols them: every first-factor step takes it.
        await store.db
          .update(staffUsers)
          .set({ twoFactorEnabled: true, updatedAt: new Date() })
          .where(eq(staffUsers.id, member));
        const context = await instance.$context;
        await context.internalAdapter.createVerificationValue({
          identifier: passkeyEnrolmentKey(before.sessionId),
          value: member,
          expiresAt: new Date(Date.now() + APP_SETUP_SECONDS * 1000),
        });
        return response;
      });
    },

    /**
     * Finishes enrolling from the setup-only session that registered the
     * member's first passkey: their recovery codes, and this session replaced
     * by a new, full one (its cookie in `headers`; the member's other
     * setup-only sessions end). Null from any other session, when the
     * passkey is gone, when this session is full already, or the second time.
     */
    async enrolWithPasskey(request: Request): Promise<PasskeyEnrolment | null> {
      const auth = authFor(request);
      return withSession(request, async (member, current) => {
        if (current.assurance === "full") return null;
        return oneEnrolmentAtATime(member.id, async () => {
          if (!(await holdsPasskeyEnrolment(current.sessionId)) || (await passkeyCount(member.id)) === 0) return null;
          const recoveryCodes = await core.freshRecoveryCodes(request, member.id);
          const { headers } = await auth.api.enrolledSession({ headers: request.headers, returnHeaders: true });
          // Used up last: until the new session replaces this one, the row is what keeps it alive. A
          // second finish waiting its turn then finds nothing.
          const context = await auth.$context;
          await context.internalAdapter.deleteVerificationByIdentifier(passkeyEnrolmentKey(current.sessionId));
          return { recoveryCodes, headers };
        });
      });
    },
  };
}

/** What a registration from a setup-only session gets once its member has a factor (from anywhere). */
const alreadyEnrolled = () =>
  Response.json(
    { code: "ALREADY_ENROLLED", message: "Sign in again: you already have a second way to sign in." },
    { status: 409 },
  );
