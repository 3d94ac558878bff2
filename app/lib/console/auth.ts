/**
 * Staff sign-in, sessions, passkeys and staff management, as the console's
 * routes reach them (`getConsole(context).auth`). Implemented with
 * better-auth in server/staff/auth.server.ts; types only here.
 *
 * Every method that acts for the signed-in member takes the request, whose
 * session cookie identifies them. Methods that start or end a session return
 * the `Set-Cookie` headers the response must carry.
 */
import type { StaffMember, StaffRole } from "./types";

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

export type CodeRequestResult = { ok: true } | { ok: false; reason: "rate-limited" };

/**
 * Where a right e-mail code leads: a member with a second factor gets a
 * pending second step (a short-lived cookie, no session yet); a member
 * without one gets a session that may only enrol one.
 */
export type CodeSignInResult =
  | { ok: true; member: StaffMember; headers: Headers; next: "second-step" | "enrol" }
  | { ok: false; reason: "invalid" | "expired" | "locked" | CodeLockout };

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
 * Wrong codes reached a limit (docs/decisions/019-staff-sessions-and-lockout.md):
 * for the address (per 24 hours, from any client) or for the client (per hour).
 * Code checks are refused until the window ends; passkey sign-in is not.
 */
export type CodeLockout = "address-locked" | "client-locked";

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

export interface StaffAuth {
  /**
   * Whether the console serves this request's host: SITE_URL's only (with a
   * loopback SITE_URL, loopback names on its port). Anything else gets 421
   * and no authentication state; the methods below throw that 421 Response
   * (session() answers null, signOut() no headers).
   */
  serves(request: Request): boolean;
  /** The signed-in session of a request, or null (none, expired, revoked, or older than 12 hours: then revoked). */
  session(request: Request): Promise<StaffSession | null>;
  /**
   * Sends a sign-in code to `email` when it belongs to staff (or to
   * STAFF_ADMIN_EMAILS); answers the same either way, except when the
   * address or the client has asked too often.
   */
  requestCode(request: Request, email: string, fingerprint: string): Promise<CodeRequestResult>;
  /** Checks an e-mailed code: a pending second step, or (no second factor yet) an enrolment-only session. */
  signInWithCode(request: Request, email: string, code: string): Promise<CodeSignInResult>;
  /** Completes a sign-in the e-mail code started: a new session (and cookie) on success. */
  verifySecondStep(request: Request, method: SecondStepMethod, code: string): Promise<SecondStepResult>;

  // Second factors (docs/decisions/020-multi-factor-sign-in.md). The routes check a recent sign-in where one is needed.
  factors(request: Request): Promise<Factors>;
  /**
   * Starts setting up an authenticator app: a new secret, not usable until
   * confirmed; the member's recovery codes keep working meanwhile. Null when
   * they already have a confirmed app.
   */
  startApp(request: Request): Promise<AppSetup | null>;
  /** Confirms the app with a code from it. On success the member is enrolled and gets new recovery codes. */
  confirmApp(request: Request, code: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }>;
  /** Enrols a member who has added a passkey: returns their recovery codes (null when they have no passkey). */
  enrolWithPasskey(request: Request): Promise<string[] | null>;
  /** New recovery codes (the old ones stop working). */
  newRecoveryCodes(request: Request): Promise<string[]>;
  /** Removes the authenticator app; false when the member has no passkey to sign in with instead. */
  removeApp(request: Request): Promise<boolean>;
  /** Removes a member's passkeys, app and recovery codes and ends their sessions (admins): they enrol again. */
  resetFactors(id: string): Promise<StaffMember | null>;
  /** Ends this session; returns the headers that clear its cookie. */
  signOut(request: Request): Promise<Headers>;
  /** Ends every session of the signed-in member, this one included. */
  signOutEverywhere(request: Request): Promise<Headers>;
  passkeys(request: Request): Promise<Passkey[]>;
  renamePasskey(request: Request, id: string, name: string): Promise<boolean>;
  /** False when there is no such passkey, or it is the member's last factor (no app). */
  removePasskey(request: Request, id: string): Promise<boolean>;
  /** Staff management (admins; the routes check the role and a recent sign-in). */
  team(): Promise<TeamMember[]>;
  findMember(email: string): Promise<StaffMember | null>;
  /**
   * Adds a member; null when the address is already staff. With `invite`,
   * e-mails them how to sign in (through the durable staff-mail queue).
   */
  addMember(
    input: { email: string; name: string; role: StaffRole },
    invite?: { invitedBy: string; signInUrl: string },
  ): Promise<StaffMember | null>;
  setRole(id: string, role: StaffRole): Promise<StaffMember | null>;
  /**
   * Removes a member and ends all their sessions at once. The removal is
   * remembered (a keyed hash of the address), so STAFF_ADMIN_EMAILS never
   * creates them again.
   */
  removeMember(id: string): Promise<StaffMember | null>;

  // Sessions under the member's control (docs/decisions/019-staff-sessions-and-lockout.md).
  /** The signed-in member's live sessions, newest first. */
  sessions(request: Request): Promise<StaffSessionSummary[]>;
  /** Ends one of the signed-in member's other sessions; false when it is not theirs, is this one, or is gone. */
  endSession(request: Request, id: string): Promise<boolean>;
  /** Ends every session of another member (admins); the member stays. Null when there is no such member. */
  endMemberSessions(id: string): Promise<{ member: StaffMember; ended: number } | null>;
}
