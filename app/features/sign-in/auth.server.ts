import { count, eq } from "drizzle-orm";
import { STAFF_AUTH_PATH } from "~/features/sign-in/sign-in";
import type { Store } from "~/platform/db/db.server";
import { memberAccounts } from "./accounts.server";
import { buildAuth, PUBLIC_AUTH_ENDPOINTS, toMember, type StaffAuthDeps } from "./auth-config.server";
import { createAuthCore } from "./auth-core.server";
import { codeSignIn } from "./code-sign-in.server";
import { codeSteps } from "./code-step.server";
import { heldActions } from "./held-actions.server";
import { memberFactors } from "./member-factors.server";
import { misdirected } from "./origins.server";
import { passkeyEnrolment, VERIFY_REGISTRATION_PATH } from "./passkey-enrolment.server";
import { removeUnhashedRecoveryCodes } from "./second-factor.server";
import { sessionControls } from "./sessions.server";
import { staffSessions } from "~/features/sign-in/tables.server";

/**
 * Staff sign-in on better-auth (docs/decisions/009-staff-console.md), as the
 * routes reach it (`getConsole(context).auth`), put together from its parts:
 *
 * - ./auth-config.server.ts: the one better-auth instance, its plugins and hooks;
 * - ./origins.server.ts: the one origin it serves (421 for any other host);
 * - ./auth-core.server.ts: the request's session and what the parts share;
 * - ./code-sign-in.server.ts: e-mail codes, the second step, signing out;
 * - ./member-factors.server.ts: the app, passkeys, recovery codes, resets;
 * - ./passkey-enrolment.server.ts: enrolling with a first passkey;
 * - ./sessions.server.ts: a member's sessions under their control;
 * - ./accounts.server.ts: making and removing accounts, and lifting pauses,
 *   for the members feature (app/features/members), which manages the team.
 */
export {
  ALLOWED_CODE_ATTEMPTS,
  APP_SETUP_SECONDS,
  CODE_LENGTH,
  CODE_REQUEST_WINDOW_MS,
  COOKIE_NAME,
  FRESH_SESSION_SECONDS,
  PUBLIC_AUTH_ENDPOINTS,
  SECOND_STEP_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  WRONG_APP_CODES,
  WRONG_APP_CODES_WINDOW_MS,
  type BetterAuthInstance,
  type StaffAuthDeps,
} from "./auth-config.server";
export { consoleOrigins, misdirected, servesConsole } from "./origins.server";

export async function createStaffAuth(deps: StaffAuthDeps) {
  const instance = buildAuth(deps);
  // Recovery codes from before they were hashed are removed: their members make new ones (ADR 020).
  await removeUnhashedRecoveryCodes(deps.store, deps.log);
  const core = createAuthCore(deps, instance);
  const enrolment = passkeyEnrolment(core);
  return {
    /** The one better-auth instance (tests). */
    instance,
    /** better-auth's HTTP handler for the passkey endpoints under /staff/auth. */
    async handler(request: Request): Promise<Response> {
      if (!core.serves(request)) return misdirected();
      const path = new URL(request.url).pathname.slice(STAFF_AUTH_PATH.length);
      if (!PUBLIC_AUTH_ENDPOINTS.includes(path)) return new Response("Not found", { status: 404 });
      if (path !== VERIFY_REGISTRATION_PATH) return instance.handler(request);
      // A member's first passkey from a setup-only session enrols them at once (./passkey-enrolment.server.ts).
      return enrolment.register(request, () => instance.handler(request));
    },
    serves: core.serves,
    session: core.session,
    findMember: core.findMember,
    ...codeSignIn(core),
    /** The code step held on the server for a reload (./code-step.server.ts): remember, address, forget. */
    codeStep: codeSteps(deps, instance),
    /** Marks a browser on which the member has a full session as theirs (./known-browsers.server.ts): a Set-Cookie header, or null. */
    rememberBrowser: core.known.remember,
    /** Changes held while their member signs in again (./held-actions.server.ts): hold, of, drop. */
    heldActions: heldActions(deps, instance),
    ...memberFactors(core),
    enrolWithPasskey: enrolment.enrolWithPasskey,
    // Sessions under the member's control (./sessions.server.ts): sessions, endSession, endMemberSessions, endEverySession.
    ...sessionControls({
      adapter: async () => (await instance.$context).internalAdapter,
      session: core.session,
      toMember,
    }),
    /** Accounts, for the members feature: create, remove, pauses, liftAddress, liftClient. */
    accounts: memberAccounts(core),
  };
}

export type StaffAuth = Awaited<ReturnType<typeof createStaffAuth>>;

/** For tests: whether a user still has any session row. */
export async function sessionCount(store: Store, userId: string) {
  const [row] = await store.db.select({ n: count() }).from(staffSessions).where(eq(staffSessions.userId, userId));
  return row?.n ?? 0;
}
