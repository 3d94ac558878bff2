import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { SessionAssurance } from "~/features/sign-in/sign-in";
import { addDatabaseHooks } from "./database-hooks.server";

/**
 * A session's assurance belongs to the session, never to the member
 * (docs/decisions/020-multi-factor-sign-in.md): a better-auth plugin that
 * records, on each session as better-auth creates it, how it was made, and
 * keeps it so for the session's whole life.
 *
 * - A session made by one of `FULL_SESSION_PATHS` is "full"; any other
 *   (the e-mail code's, `/sign-in/email-otp`, and anything unforeseen) is
 *   "setup-only". The column has no other writer: a setup-only session is
 *   never upgraded in place; enrolment issues a new session instead.
 * - When a full session is created, every setup-only session of that member
 *   is ended: whoever signed in with an e-mail code alone (a read mailbox)
 *   and waits at /staff/enrol loses that session the moment the member
 *   enrols, passes a second step or signs in with a passkey.
 * - A setup-only session may not register a passkey once its member has a
 *   second factor (the passkey plugin's own endpoints would otherwise let it
 *   add one, and then sign in with it).
 * - `enrolledSession` (server only, never on the HTTP router): after the
 *   console's code has enrolled the member with a passkey, replaces the
 *   request's session with a new, full one (new token, new cookie), as the
 *   two-factor plugin itself does when a first authenticator app is confirmed.
 */
export const FULL_SESSION_PATHS: ReadonlySet<string> = new Set([
  // A passkey whose authenticator verified its user (checked in the passkey plugin's options).
  "/passkey/verify-authentication",
  // The second step by app; or the member's first app confirmed in their setup-only session (enrolment).
  "/two-factor/verify-totp",
  // The second step by recovery code.
  "/two-factor/verify-backup-code",
  // Enrolment with a passkey (below).
  "/session-assurance/enrolled",
]);

const REGISTRATION_PATHS: ReadonlySet<string> = new Set([
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
]);

/** The assurance of a session better-auth creates while serving `path` (none: outside any endpoint). */
export function assuranceFor(path: string | undefined): SessionAssurance {
  return path && FULL_SESSION_PATHS.has(path) ? "full" : "setup-only";
}

type SessionRow = { token: string; userId: string; assurance?: unknown };

export function sessionAssurance() {
  return {
    id: "session-assurance",
    schema: {
      session: {
        fields: {
          assurance: { type: "string", required: true, defaultValue: "setup-only", input: false },
        },
      },
    },
    init: addDatabaseHooks((auth) => ({
      session: {
        create: {
          async before(session, endpoint) {
            return { data: { ...session, assurance: assuranceFor(endpoint?.path) } };
          },
          async after(session) {
            const created = session as SessionRow | null;
            if (created?.assurance !== "full") return;
            const others = (await auth.internalAdapter.listSessions(created.userId)) as SessionRow[];
            const setupOnly = others.filter((row) => row.assurance !== "full" && row.token !== created.token);
            if (setupOnly.length) await auth.internalAdapter.deleteSessions(setupOnly.map((row) => row.token));
          },
        },
      },
    })),
    hooks: {
      before: [
        {
          matcher: (ctx) => REGISTRATION_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx);
            const assurance = (current?.session as { assurance?: unknown } | undefined)?.assurance;
            if (current && assurance !== "full" && current.user.twoFactorEnabled === true) {
              throw new APIError("FORBIDDEN", {
                message: "Sign in again to add a passkey.",
                code: "SETUP_ONLY_SESSION",
              });
            }
          }),
        },
      ],
    },
    endpoints: {
      enrolledSession: createAuthEndpoint(
        "/session-assurance/enrolled",
        { method: "POST", use: [sessionMiddleware], metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          // Only a member the console has just enrolled (better-auth's flag, set by the caller) gets a full session here.
          if (user.twoFactorEnabled !== true) {
            throw new APIError("FORBIDDEN", { message: "No second factor yet.", code: "NOT_ENROLLED" });
          }
          const renewed = await ctx.context.internalAdapter.createSession(user.id, false, session);
          await setSessionCookie(ctx, { session: renewed, user });
          await ctx.context.internalAdapter.deleteSession(session.token);
          return ctx.json({ ok: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
