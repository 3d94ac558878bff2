/**
 * Staff sign-in, sessions and passkeys, as the console's routes reach them
 * (`getConsole(context).auth`). Implemented with better-auth in
 * app/features/sign-in/auth.server.ts; types only here.
 *
 * Every method that acts for the signed-in member takes the request, whose
 * session cookie identifies them. Methods that start or end a session return
 * the `Set-Cookie` headers the response must carry.
 */
import type { StaffMember } from "~/features/console";
import { z } from "zod";
import { shortTextSchema } from "~/platform/short-text";

/** Sessions end after 30 idle minutes and, in any case, 12 hours after sign-in. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** Whether a session made at `createdAt` is past the absolute timeout at `now`, however active it is. */
export const pastAbsoluteTimeout = (createdAt: Date | string, now = Date.now()) =>
  now - new Date(createdAt).getTime() >= ABSOLUTE_TIMEOUT_MS;

/** Whether a session row is alive at `now`: not expired (idle), and not past the absolute timeout. */
export const isLiveSession = (row: { expiresAt: Date | string; createdAt: Date | string }, now = Date.now()) =>
  new Date(row.expiresAt).getTime() > now && !pastAbsoluteTimeout(row.createdAt, now);
/**
 * A member has at most this many live sessions at once (ASVS 7.1.2; docs/decisions/019-staff-
 * sessions-and-lockout.md): a sign-in beyond it ends their least recently used session.
 */
export const MAX_SESSIONS_PER_MEMBER = 5;

/**
 * A passkey's name, as a member types it when adding one (empty: the
 * browser's default) or renaming it. The server checks it on both paths:
 * the rename action, and better-auth's registration endpoints, whose own
 * check has no length limit (./auth-config.server.ts).
 */
/**
 * A member's address as better-auth takes one (its e-mail code plugin checks
 * zod's `z.email()` and throws on anything else): the sign-in page and adding
 * a member check the same, so neither sends it something it refuses.
 */
export const isMemberAddress = (value: string) => z.email().safeParse(value).success;

export const PASSKEY_NAME_MAX = 80;
export const passkeyNameSchema = shortTextSchema({ what: "A passkey's name", max: PASSKEY_NAME_MAX });

/** Where better-auth's own HTTP endpoints (the passkey ceremonies) live. */
export const STAFF_AUTH_PATH = "/staff/auth";

/**
 * Authenticator-app codes: TOTP_DIGITS digits, a new code every
 * TOTP_PERIOD_SECONDS; a code of up to TOTP_WINDOW steps either side of the
 * current one is accepted too (a phone's clock a little off), and each step's
 * code once (./second-factor.server.ts). The tests' authenticator app
 * (test/support/totp.ts) reads the same values.
 *
 * TOTP_WINDOW is not ours to choose: better-auth's two-factor plugin verifies
 * with its own fixed window of one step (`verify(code)`, no option). Ours only
 * finds which step an accepted code belongs to, so it must stay equal to that.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const TOTP_PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** The TOTP step a moment falls in. */
export const totpStep = (at = Date.now()) => Math.floor(at / TOTP_PERIOD_MS);

/**
 * Recovery codes (docs/decisions/020-multi-factor-sign-in.md): 24 characters
 * from lower-case letters and digits without look-alikes (no 0/o, 1/l/i),
 * about 119 bits, shown in groups of four joined by dashes.
 */
export const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_LENGTH = 24;

/** A recovery code as typed, reduced to its characters: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string) {
  return code.toLowerCase().replace(/[\s\-\u2010-\u2015]/g, "");
}

/**
 * How a session was made, recorded on the session when it is created and
 * never changed (docs/decisions/020-multi-factor-sign-in.md): "setup-only"
 * from an e-mail code alone, which may only enrol a second factor while the
 * member has none; "full" after a passkey that verified its user, the e-mail
 * code plus an app or recovery code, or enrolment (which issues a new session).
 */
export type SessionAssurance = "setup-only" | "full";

export type StaffSession = {
  member: StaffMember;
  sessionId: string;
  /** When this session signed in (or, for one issued at enrolment, was issued). */
  createdAt: Date;
  /** Headers to add to the response (the refreshed cookie of a sliding session). */
  headers: Headers;
  /** The session's own assurance: a "setup-only" session reaches only /staff/enrol. */
  assurance: SessionAssurance;
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
  /** `replaced`: "Send a new code" made a new one (only in a browser known for the address). */
  | { ok: true; replaced?: true }
  | { ok: false; reason: "rate-limited" | "address-busy" | CodePause; retryAfterSeconds: number };

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

/**
 * An authenticator app being set up: the secret to type in, the otpauth: URI
 * its QR code carries, and when the set-up lapses unless confirmed (it
 * survives reloads until then, or until cancelled).
 */
export type AppSetup = { secret: string; uri: string; expiresAt: Date };

/**
 * Confirming an app with a code from it. On success, new recovery codes and
 * the headers the response must carry: when this enrolled the member (their
 * first factor), the session's new cookie (a new, full session). Refused:
 * a wrong code (`invalid`); no set-up started in this session, or it has
 * expired (`not-started`); the member already has a confirmed app
 * (`already-set-up`); a setup-only session whose member has enrolled
 * meanwhile, elsewhere or with a passkey (`enrolled`); too many wrong codes
 * lately (`too-many`).
 */
export type AppConfirmResult =
  | { ok: true; recoveryCodes: string[]; headers: Headers }
  | { ok: false; reason: "invalid" | "not-started" | "already-set-up" | "enrolled" | "too-many" };

/** Enrolment finished with a passkey: recovery codes and the new session's cookie. */
export type PasskeyEnrolment = { recoveryCodes: string[]; headers: Headers };

/**
 * Wrong codes from one client refused its code checks for a while
 * (docs/decisions/019-staff-sessions-and-lockout.md): client-locked, too many
 * wrong codes from it for any address (until its hour ends); slowed, too many
 * for this address from it (a delay that doubles with each further wrong
 * code). Never the address from everywhere: another client is not affected,
 * and passkey sign-in never is.
 */
export type CodePause = "client-locked" | "slowed";

/** Said to a member whose setup-only session tries to enrol once they have a second factor (from anywhere). */
export const ALREADY_ENROLLED = "You already have a second way to sign in.";

/**
 * better-auth's lock on a member's second step (its `accountLockout`): this many wrong app or
 * recovery codes in a row pause it, from every browser, for this long (./second-step-lock.server.ts).
 */
export const SECOND_STEP_LOCK = { wrongCodes: 10, minutes: 15 } as const;

/**
 * A pause in force, as admins see it on "Members" to lift it: about a client
 * (its keyed hash, never its address), about a member's address (from one
 * client, or from all), or about a member's second step. `until`: when it ends by itself.
 */
export type SignInPause = {
  kind:
    | "wrong-codes-client"
    | "wrong-codes-slowed"
    | "codes-client"
    | "codes-address-client"
    | "codes-address"
    /** The member's app and recovery codes, after too many wrong ones in a row (./second-step-lock.server.ts). */
    | "second-step";
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

/**
 * An app set-up in progress as its page shows it: the key in groups of four
 * (never broken inside a group), the otpauth: link, its QR code as an SVG
 * path (./qr.server.ts), and until when it can be confirmed (London time).
 */
export type AppSetupView = { groups: string[]; uri: string; qr: { size: number; path: string }; until: string };

/** What a factor action (~/routes/staff/access/factor-actions.server) answers, for the enrolment and Account pages. */
export type FactorResult =
  | { step: "confirm-app"; code: string; error: string }
  | { step: "codes"; recoveryCodes: string[]; message: string }
  | { step: "done"; message: string }
  | { step: "error"; error: string };

export type Passkey = { id: string; name: string; createdAt: Date | null; deviceType: string; backedUp: boolean };
