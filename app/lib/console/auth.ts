/**
 * Staff sign-in, sessions, passkeys and staff management, as the console's
 * routes reach them (`getConsole(context).auth`). Implemented with
 * better-auth in server/staff/auth.server.ts; types only here.
 *
 * Every method that acts for the signed-in member takes the request, whose
 * session cookie identifies them. Methods that start or end a session return
 * the `Set-Cookie` headers the response must carry.
 */
import type { StaffMember } from "./types";

/** Sessions end after 30 idle minutes and, in any case, 12 hours after sign-in. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** Where better-auth's own HTTP endpoints (the passkey ceremonies) live. */
export const STAFF_AUTH_PATH = "/staff/auth";

export type StaffSession = {
  member: StaffMember;
  sessionId: string;
  /** When this session signed in. */
  createdAt: Date;
  /** Headers to add to the response (the refreshed cookie of a sliding session). */
  headers: Headers;
  /**
   * Whether the member has a second factor (a passkey or an authenticator
   * app, with recovery codes). Until then the session may only enrol one
   * (/staff/enrol): docs/decisions/020-multi-factor-sign-in.md.
   */
  enrolled: boolean;
};

/**
 * Asking for an e-mail code: sent (or not: the same answer for a stranger),
 * or refused for a while (docs/decisions/019-staff-sessions-and-lockout.md).
 * rate-limited: this client asked too often (for any address, or for this
 * one); address-busy: codes were asked for this address too often from
 * anywhere, so none is sent, though the ones already sent still work (they
 * carry the same live code); or a pause on code checks from this client
 * (no code is sent then, since it could not be used).
 */
export type CodeRequestResult =
  { ok: true } | { ok: false; reason: "rate-limited" | "address-busy" | CodePause; retryAfterSeconds: number };

/**
 * Where a right e-mail code leads: a member with a second factor gets a
 * pending second step (a short-lived cookie, no session yet); a member
 * without one gets a session that may only enrol one.
 */
export type CodeSignInResult =
  | { ok: true; member: StaffMember; headers: Headers; next: "second-step" | "enrol" }
  | { ok: false; reason: "invalid" | "expired" | "locked" }
  | { ok: false; reason: CodePause; retryAfterSeconds: number };

/** The second step after an e-mail code: a code from the authenticator app, or a recovery code. */
export type SecondStepMethod = "app" | "recovery";

export type SecondStepResult =
  | { ok: true; member: StaffMember; headers: Headers }
  | {
      ok: false;
      /**
       * invalid: wrong code; expired: no pending sign-in (10 minutes, or 5
       * wrong codes: start again); locked: 10 wrong second steps in a row
       * for the member (15 minutes; passkeys still work); no-app: the member
       * has no authenticator app (a recovery code or a passkey instead).
       */
      reason: "invalid" | "expired" | "locked" | "no-app";
    };

/** The signed-in member's factors, as the Account and enrolment pages show them. */
export type Factors = { passkeys: number; app: boolean; recoveryCodes: number };

/** An authenticator app being set up: the secret to type in, and the otpauth: URI a QR code would carry. */
export type AppSetup = { secret: string; uri: string };

/**
 * Wrong codes from one client refused its code checks for a while
 * (docs/decisions/019-staff-sessions-and-lockout.md): client-locked, too many
 * wrong codes from it for any address (until its hour ends); slowed, too many
 * for this address from it (a delay that doubles with each further wrong
 * code). Never the address from everywhere: another client is not affected,
 * and passkey sign-in never is.
 */
export type CodePause = "client-locked" | "slowed";

/**
 * A pause in force, as admins see it on "Staff" to lift it: about a client
 * (its keyed hash, never its address) or about a member's address (from one
 * client, or from all). `until`: when it ends by itself.
 */
export type SignInPause = {
  kind: "wrong-codes-client" | "wrong-codes-slowed" | "codes-client" | "codes-address-client" | "codes-address";
  /** The client's keyed hash, when the pause is about a client. */
  client?: string;
  /** The member, when the pause is about a member's address. */
  member?: StaffMember;
  until: Date;
};

/** One of a member's sessions, as the Account page lists it (never its token). */
export type StaffSessionSummary = {
  id: string;
  /** The browser's User-Agent as given ("" when none). */
  userAgent: string;
  createdAt: Date;
  /** Last seen: the session slides (is written back) at most once a minute. */
  updatedAt: Date;
  /** The session of the request that asked. */
  current: boolean;
};

/** What a factor action (~/lib/console/factors.server) answers, for the enrolment and Account pages. */
export type FactorResult =
  | { step: "app"; secret: string; uri: string }
  | { step: "confirm-app"; code: string; error: string }
  | { step: "codes"; recoveryCodes: string[]; message: string }
  | { step: "done"; message: string }
  | { step: "error"; error: string };

export type Passkey = { id: string; name: string; createdAt: Date | null; deviceType: string; backedUp: boolean };

export type TeamMember = StaffMember & { createdAt: Date; passkeys: number; signedIn: boolean; enrolled: boolean };
