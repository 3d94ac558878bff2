import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { company } from "~/platform/company";
import type { AuditEntry } from "~/features/audit";
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  STAFF_AUTH_PATH,
  type AppConfirmResult,
  type AppSetup,
  type CodeRequestResult,
  type CodeSignInResult,
  type Factors,
  type Passkey,
  type PasskeyEnrolment,
  type SecondStepMethod,
  type SecondStepResult,
  type SessionAssurance,
  type SignInPause,
  type StaffSession,
  type TeamMember,
} from "~/features/sign-in/sign-in";
import { staffRoles, type StaffMember, type StaffRole } from "~/features/console";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import { requestWithCookies } from "~/features/sign-in/session-cookie.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import { authSecrets, type Keys } from "~/platform/keys.server";
import { addToWindow, peekWindow } from "~/platform/db/counters.server";
import { sessionAssurance } from "./assurance.server";
import { createCodeLimits } from "./lockout.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import {
  generateRecoveryCodes,
  recoveryCodeStorage,
  removeUnhashedRecoveryCodes,
  secondFactorHooks,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from "./second-factor.server";
import { rememberRemoved, sessionControls, wasRemoved } from "./sessions.server";
import {
  authSchema,
  staffPasskeys,
  staffSessions,
  staffTwoFactors,
  staffUsers,
} from "~/features/sign-in/tables.server";

/**
 * Staff sign-in on better-auth (docs/decisions/009-staff-console.md): its
 * Drizzle adapter on the console's `staff_*` tables, the e-mail one-time-code
 * plugin, the admin plugin (roles), the passkey plugin and the two-factor
 * plugin (authenticator app, recovery codes). Multi-factor: a passkey with
 * user verification, or the e-mail code then an app or recovery code
 * (docs/decisions/020-multi-factor-sign-in.md). Sessions live in
 * the database with no cookie cache, so a revoked session is refused on its
 * next request by any process.
 *
 * One better-auth instance, for one origin: SITE_URL's (on https, `__Host-`
 * cookies marked Secure). A request for any other host gets no session, no
 * code and no cookie: 421 Misdirected Request (docs/decisions/012-one-origin-
 * and-sign-in-codes.md). Only when SITE_URL is itself a loopback address
 * (`npm start` and `npm run dev` with no SITE_URL, the tests) are the other
 * loopback names on the same port served too (localhost, 127.0.0.1, [::1]),
 * with the same plain cookies; passkeys work on SITE_URL's host name only.
 */
export const CODE_LENGTH = 6;
export const ALLOWED_CODE_ATTEMPTS = 5;
/** Code requests are counted per client, per (address, client) and per address over this window. */
export { CODE_REQUEST_WINDOW_MS } from "./lockout.server";
/** Sliding sessions are written back at most this often (so the idle timeout is 29–30 minutes). */
export const SESSION_UPDATE_AGE_SECONDS = 60;
/** How long the second step may follow the e-mail code. */
export const SECOND_STEP_SECONDS = 10 * 60;
/** Adding a passkey needs a sign-in within this long. */
export const FRESH_SESSION_SECONDS = 5 * 60;
/** An authenticator app started in a session must be confirmed in that session within this long. */
export const APP_SETUP_SECONDS = 10 * 60;
/** Wrong codes when confirming an app, per member, before confirming is refused for the rest of the window. */
export const WRONG_APP_CODES = 5;
export const WRONG_APP_CODES_WINDOW_MS = 15 * 60 * 1000;
export const COOKIE_NAME = "maternis-staff";

/** better-auth HTTP endpoints the browser may call: the passkey ceremonies. Everything else goes through route actions. */
export const PUBLIC_AUTH_ENDPOINTS = [
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
];

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type StaffAuthDeps = {
  store: Store;
  boss: PgBoss;
  env: Env;
  log: Logger;
  /** Records audit rows (sign-ins by passkey happen in better-auth's own endpoints). */
  audit: (entry: AuditEntry) => Promise<void>;
  fingerprint: (ip: string) => string;
  /**
   * The process's keys: better-auth's secret is STAFF_AUTH_SECRET, from the
   * environment or KEYS_FILE, never from the data (app/platform/keys.server.ts).
   */
  keys: Pick<Keys, "STAFF_AUTH_SECRET">;
};

/** The origins the console signs in on: SITE_URL's, and when that is loopback, the other loopback names on its port. */
export function consoleOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl);
  if (!LOOPBACK_HOSTS.has(site.hostname)) return [site.origin];
  const port = site.port ? `:${site.port}` : "";
  return [
    site.origin,
    ...[...LOOPBACK_HOSTS].filter((host) => host !== site.hostname).map((host) => `${site.protocol}//${host}${port}`),
  ];
}

/**
 * Whether the console serves a request's URL: its host (name and port, as
 * the Host header gave them) must be SITE_URL's, or with a loopback
 * SITE_URL a loopback name on the same port. The scheme is not compared:
 * TLS may end at a proxy in front (cookies are Secure whenever SITE_URL is https).
 */
export function servesConsole(requestUrl: string, siteUrl: string): boolean {
  const url = new URL(requestUrl);
  const site = new URL(siteUrl);
  if (LOOPBACK_HOSTS.has(site.hostname)) return LOOPBACK_HOSTS.has(url.hostname) && url.port === site.port;
  return url.host === site.host;
}

/** What a request for another host gets from the console: no session, no code, no cookie. */
export function misdirected() {
  return new Response("The staff console is not served at this address.", {
    status: 421,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

function toMember(user: { id: string; email: string; name: string; role?: unknown }): StaffMember {
  return { id: user.id, email: user.email, name: user.name, role: isStaffRole(user.role) ? user.role : "staff" };
}

function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export type BetterAuthInstance = ReturnType<typeof buildAuth>;

type BuildOptions = StaffAuthDeps;

/** Refused: a passkey that did not verify its user (PIN or biometric), so it is one factor, not two. */
function userVerificationRequired() {
  return new APIError("UNAUTHORIZED", {
    message: "This passkey did not ask for your PIN, fingerprint or face. Use one that does.",
    code: "USER_VERIFICATION_REQUIRED",
  });
}

/**
 * better-auth's two-factor plugin. Its sign-in hook (a member with a second
 * factor gets a pending second step and a short-lived cookie instead of a
 * session) covers the password sign-in paths only; the same hook, unchanged,
 * is registered again for the e-mail code path, which is our first factor.
 * Our hooks (./second-factor.server.ts) make each app code work once and
 * keep recovery codes hashed.
 */
function secondFactor(store: Store) {
  const plugin = twoFactor({
    issuer: `${company.brand} staff console`,
    // No passwords here: the e-mail code is the first factor.
    allowPasswordless: true,
    twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
    // 10 wrong second steps in a row lock the app and recovery codes for 15 minutes (passkeys still work).
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
    backupCodeOptions: { customBackupCodesGenerate: generateRecoveryCodes, storeBackupCodes: recoveryCodeStorage },
  });
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error("better-auth's two-factor plugin has no sign-in hook");
  const ours = secondFactorHooks(store);
  return {
    ...plugin,
    hooks: {
      before: ours.before,
      after: [
        ...plugin.hooks.after,
        { matcher: (ctx: { path?: string }) => ctx.path === "/sign-in/email-otp", handler: challenge.handler },
        ...ours.after,
      ],
    },
  };
}

function buildAuth(options: BuildOptions) {
  const { env, boss, log } = options;
  const site = new URL(env.SITE_URL);
  const origin = site.origin;
  const secure = site.protocol === "https:";
  const meta = (headers: Headers | undefined) => ({
    fingerprint: options.fingerprint(headers?.get(CLIENT_IP_HEADER) ?? "unknown"),
  });
  return betterAuth({
    appName: `${company.brand} staff console`,
    baseURL: origin,
    basePath: STAFF_AUTH_PATH,
    // Versioned (better-auth's `secrets`): what it encrypts is marked `$ba$1$`, so values the old
    // secret of app_secrets encrypted (bare hex) are told apart and re-encrypted at start-up.
    secrets: authSecrets(options.keys),
    trustedOrigins: consoleOrigins(env.SITE_URL),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const fields = { component: "staff-auth", args: args.length ? String(args[0]) : undefined };
        if (level === "error") log.error(message, fields);
        else if (level === "warn") log.warn(message, fields);
        else log.debug(message, fields);
      },
    },
    database: drizzleAdapter(options.store.db, { provider: "pg", schema: authSchema }),
    emailAndPassword: { enabled: false },
    session: {
      expiresIn: IDLE_TIMEOUT_MS / 1000,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      freshAge: FRESH_SESSION_SECONDS,
      cookieCache: { enabled: false },
    },
    // Code requests are limited by our own counters (in the database), in
    // the route action that asks for a code; the browser reaches only the
    // passkey endpoints.
    rateLimit: { enabled: false },
    advanced: {
      // The prefix is ours: `__Host-` (Secure, Path=/, no Domain) on https.
      useSecureCookies: false,
      cookiePrefix: secure ? `__Host-${COOKIE_NAME}` : COOKIE_NAME,
      defaultCookieAttributes: { secure, httpOnly: true, sameSite: "lax", path: "/" },
      // We keep only the keyed client fingerprint, never the address.
      ipAddress: { disableIpTracking: true },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError || returned instanceof Error;
        if (ctx.path === "/passkey/generate-authenticate-options" && !failed && returned) {
          // The plugin asks browsers to "prefer" user verification; we require it (and check it below).
          return ctx.json({ ...(returned as object), userVerification: "required" });
        }
        if (ctx.path === "/passkey/verify-authentication") {
          const session = ctx.context.newSession;
          if (session && !failed) {
            await endReplacedSession(ctx, session.session.token);
            await options.audit({
              action: "sign-in",
              actor: { member: toMember(session.user) },
              target: session.session.id,
              detail: { method: "passkey" },
              meta: meta(ctx.headers),
            });
          } else {
            await options.audit({
              action: "sign-in-failed",
              actor: null,
              detail: { method: "passkey" },
              meta: meta(ctx.headers),
            });
          }
        } else if (ctx.path === "/passkey/verify-registration" && !failed) {
          const session = ctx.context.session;
          const created = returned as { id?: string } | null;
          if (session)
            await options.audit({
              action: "passkey-added",
              actor: { member: toMember(session.user) },
              target: created?.id ?? null,
              meta: meta(ctx.headers),
            });
        }
      }),
    },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: env.STAFF_CODE_TTL_SECONDS,
        allowedAttempts: ALLOWED_CODE_ATTEMPTS,
        disableSignUp: true,
        // A request for a code while one is live sends that code again (its
        // life extended, its wrong tries kept) instead of replacing it, so
        // asking for codes cannot kill the one a member is typing. Reuse
        // needs the code recoverable: better-auth encrypts it with the auth
        // secret (a hashed six-digit code is no safer: a million hashes).
        resendStrategy: "reuse",
        storeOTP: "encrypted",
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== "sign-in") return;
          // React Email loads with the first code sent: a web process nobody signs in to never needs it.
          const [{ renderEmail }, { staffSignInCode }] = await Promise.all([
            import("~/platform/mail/define"),
            import("./emails/sign-in-code"),
          ]);
          const rendered = await renderEmail(staffSignInCode, {
            code: otp,
            minutes: Math.round(env.STAFF_CODE_TTL_SECONDS / 60),
            signInUrl: `${origin}/staff/sign-in`,
          });
          await queueStaffMail(boss, { to: [email], ...rendered }, { from: env.MAIL_FROM });
        },
      }),
      admin({
        defaultRole: "staff",
        adminRoles: ["admin"],
        roles: { admin: adminAc, staff: userAc },
      }),
      passkey({
        // Relying party and expected origin: SITE_URL's, never the request's Host or Origin header (without
        // `origin` the plugin would take the Origin header, e.g. a loopback alias's): ADR 020.
        rpID: site.hostname,
        rpName: `${company.brand} staff console`,
        origin,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        // A passkey is two factors only when the authenticator verified its user: the server checks the flag.
        registration: {
          afterVerification: ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw userVerificationRequired();
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw userVerificationRequired();
          },
        },
      }),
      secondFactor(options.store),
      // Each session's own assurance, set when better-auth creates it (./assurance.server.ts).
      sessionAssurance(),
    ],
  });
}

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Any sign-in ends the session this browser had: a passkey sign-in (in
 * better-auth's own endpoint) deletes the session its request's cookie named,
 * as the code path's route action does (docs/decisions/019-staff-sessions-and-lockout.md).
 */
async function endReplacedSession(ctx: AfterHookContext, newToken: string) {
  const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (previous && previous !== newToken) await ctx.context.internalAdapter.deleteSession(previous);
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

export async function createStaffAuth(deps: StaffAuthDeps) {
  const instance = buildAuth(deps);
  // Recovery codes from before they were hashed are removed: their members make new ones (ADR 020).
  await removeUnhashedRecoveryCodes(deps.store, deps.log);
  const siteInstance = () => instance;
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
  const adminEmails = new Set(deps.env.STAFF_ADMIN_EMAILS);
  const { store } = deps;
  // Limits on codes asked for and tried, per client and per (address, client) (./lockout.server.ts); passkeys never ask them.
  const limits = createCodeLimits(deps);
  const clientOf = (request: Request) => deps.fingerprint(request.headers.get(CLIENT_IP_HEADER) ?? "unknown");

  /**
   * The signed-in session of a request, or null: none, expired, revoked,
   * older than 12 hours (then revoked), or a setup-only session whose member
   * has a second factor now (then revoked: it existed only to enrol one, and
   * is never upgraded; enrolment ends such sessions, this is the backstop).
   */
  async function session(request: Request): Promise<StaffSession | null> {
    if (!serves(request)) return null;
    const auth = instance;
    const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    if (!response) return null;
    const assurance: SessionAssurance = response.session.assurance === "full" ? "full" : "setup-only";
    const expired = Date.now() - new Date(response.session.createdAt).getTime() >= ABSOLUTE_TIMEOUT_MS;
    if (expired || (assurance === "setup-only" && response.user.twoFactorEnabled === true)) {
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

  /** Marks the member enrolled (better-auth's own flag, which its sign-in hook reads). */
  async function markEnrolled(userId: string) {
    const context = await instance.$context;
    await context.internalAdapter.updateUser(userId, { twoFactorEnabled: true });
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

  return {
    /** The one better-auth instance (tests). */
    instance,
    /** better-auth's HTTP handler for the passkey endpoints under /staff/auth. */
    async handler(request: Request): Promise<Response> {
      if (!serves(request)) return misdirected();
      const path = new URL(request.url).pathname.slice(STAFF_AUTH_PATH.length);
      if (!PUBLIC_AUTH_ENDPOINTS.includes(path)) return new Response("Not found", { status: 404 });
      return instance.handler(request);
    },
    serves,
    session,

    /**
     * Sends a sign-in code to `email` when it belongs to staff (or to
     * STAFF_ADMIN_EMAILS); answers the same either way, except when the
     * request is refused (./lockout.server.ts: the client or this (address,
     * client) asked too often, the address had enough codes sent, or code
     * checks from this client are paused): no code is sent then. A refusal is
     * no sign of membership: a stranger's address is counted the same way.
     */
    async requestCode(request: Request, rawEmail: string): Promise<CodeRequestResult> {
      const auth = authFor(request);
      const email = normaliseEmail(rawEmail);
      const refused = await limits.codeRequest(email, clientOf(request));
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
      // A code still live is sent again (better-auth's resendStrategy "reuse"), never replaced.
      await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: request.headers });
      return { ok: true };
    },

    /** Checks an e-mailed code: a pending second step, or (no second factor yet) an enrolment-only session. */
    async signInWithCode(request: Request, rawEmail: string, code: string): Promise<CodeSignInResult> {
      const auth = authFor(request);
      const email = normaliseEmail(rawEmail);
      const client = clientOf(request);
      const refused = await limits.codeCheck(email, client);
      if (refused) return { ok: false, ...refused };
      try {
        const { headers, response } = await auth.api.signInEmailOTP({
          body: { email, otp: code.trim() },
          headers: request.headers,
          returnHeaders: true,
        });
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
      try {
        const body = { code: code.trim() };
        const { headers, response } =
          method === "app"
            ? await auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true })
            : await auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
        return { ok: true, member: toMember(response.user), headers };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const reason = (error.body as { code?: string } | undefined)?.code;
        if (reason === "INVALID_TWO_FACTOR_COOKIE" || reason === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
          return { ok: false, reason: "expired" };
        if (reason === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, reason: "locked" };
        if (reason === "TOTP_NOT_ENABLED") return { ok: false, reason: "no-app" };
        return { ok: false, reason: "invalid" };
      }
    },

    // Second factors (docs/decisions/020-multi-factor-sign-in.md). The routes check a recent sign-in where one is needed.
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
        await context.internalAdapter.createVerificationValue({
          identifier: appSetupKey(current.sessionId),
          value: (await storedSecretHash(member.id)) ?? "",
          expiresAt: new Date(Date.now() + APP_SETUP_SECONDS * 1000),
        });
        return { uri, secret };
      });
    },

    /**
     * Confirms the app this session started setting up, with a code from it;
     * the member gets new recovery codes. For their first factor, better-auth's
     * two-factor plugin replaces this session with a new, full one: its cookie
     * is in the result's headers. Wrong codes count against the member
     * (WRONG_APP_CODES per WRONG_APP_CODES_WINDOW_MS, then refused, the right
     * code included, until the window ends).
     */
    async confirmApp(request: Request, code: string): Promise<AppConfirmResult> {
      const auth = authFor(request);
      return withSession(request, async (member, current) => {
        const context = await auth.$context;
        const app = await appRow(member.id);
        if (app?.verified === true) return { ok: false, reason: "already-set-up" };
        const started = await context.internalAdapter.findVerificationValue(appSetupKey(current.sessionId));
        const bound = started && started.expiresAt.getTime() > Date.now() ? started.value : null;
        if (!app || !bound || bound !== (await storedSecretHash(member.id)))
          return { ok: false, reason: "not-started" };
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
      });
    },

    /**
     * Enrols a member who has added a passkey, from their setup-only session:
     * their recovery codes, and this session replaced by a new, full one (its
     * cookie in `headers`; the member's other setup-only sessions end). Null
     * when they have no passkey, or this session is full already.
     */
    async enrolWithPasskey(request: Request): Promise<PasskeyEnrolment | null> {
      const auth = authFor(request);
      return withSession(request, async (member, current) => {
        if (current.assurance === "full" || (await passkeyCount(member.id)) === 0) return null;
        let recoveryCodes: string[] | undefined;
        if (!(await appRow(member.id))) {
          // The plugin's row holds the recovery codes; its app secret stays unconfirmed (unusable) until the member sets one up.
          const result = await auth.api.enableTwoFactor({ body: { method: "totp" }, headers: request.headers });
          if ("backupCodes" in result) recoveryCodes = result.backupCodes;
        }
        await markEnrolled(member.id);
        recoveryCodes ??= (await auth.api.generateBackupCodes({ body: {}, headers: request.headers })).backupCodes;
        const { headers } = await auth.api.enrolledSession({ headers: request.headers, returnHeaders: true });
        return { recoveryCodes, headers };
      });
    },

    /** New recovery codes (the old ones stop working); a full session only. */
    async newRecoveryCodes(request: Request): Promise<string[]> {
      const auth = authFor(request);
      return withFullSession(request, async () => {
        const { backupCodes } = await auth.api.generateBackupCodes({ body: {}, headers: request.headers });
        return backupCodes;
      });
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
     * sign-in is lifted too (./lockout.server.ts).
     */
    async resetFactors(id: string): Promise<StaffMember | null> {
      const context = await instance.$context;
      const user = await context.internalAdapter.findUserById(id);
      if (!user) return null;
      await limits.liftMember(normaliseEmail(user.email));
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

    /** Staff management (admins; the routes check the role and a recent sign-in). */
    async team(): Promise<TeamMember[]> {
      const users = await store.db.select().from(staffUsers).orderBy(staffUsers.email);
      const keys = await store.db
        .select({ userId: staffPasskeys.userId, n: count() })
        .from(staffPasskeys)
        .groupBy(staffPasskeys.userId);
      const live = await store.db
        .select({ userId: staffSessions.userId, n: count() })
        .from(staffSessions)
        .where(sql`${staffSessions.expiresAt} > now()`)
        .groupBy(staffSessions.userId);
      const keyCount = new Map(keys.map((k) => [k.userId, k.n]));
      const liveCount = new Map(live.map((k) => [k.userId, k.n]));
      return users.map((user) => ({
        ...toMember(user),
        createdAt: user.createdAt,
        passkeys: keyCount.get(user.id) ?? 0,
        signedIn: (liveCount.get(user.id) ?? 0) > 0,
        enrolled: user.twoFactorEnabled,
      }));
    },

    findMember,

    /** The pauses on code sign-in in force now for members and clients (admins, on "Members"). */
    async signInPauses(): Promise<SignInPause[]> {
      const members = await store.db.select().from(staffUsers);
      return limits.pauses(members.map(toMember));
    },

    /** Lifts every pause on a member's code sign-in, from any client (admins); null when no such member. */
    async liftMemberPauses(id: string): Promise<{ member: StaffMember; lifted: number } | null> {
      const member = await findMemberById(id);
      if (!member) return null;
      return { member, lifted: await limits.liftMember(normaliseEmail(member.email)) };
    },

    /** Lifts every pause on a client, by its keyed hash (admins); null when that is no client hash. */
    liftClientPauses(client: string): Promise<number | null> {
      return limits.liftClient(client);
    },

    /**
     * Adds a member; null when the address is already staff. With `invite`,
     * e-mails them how to sign in (through the durable staff-mail queue).
     */
    async addMember(
      input: { email: string; name: string; role: StaffRole },
      invite?: { invitedBy: string; signInUrl: string },
    ): Promise<StaffMember | null> {
      const email = normaliseEmail(input.email);
      const context = await siteInstance().$context;
      if (await context.internalAdapter.findUserByEmail(email)) return null;
      let user: { id: string; email: string; name: string; role?: unknown };
      try {
        user = await context.internalAdapter.createUser(
          { email, name: input.name.trim() || email, emailVerified: false, role: input.role },
          { method: "admin" },
        );
      } catch (error) {
        // Added by someone else at the same moment (the address is unique).
        if (await context.internalAdapter.findUserByEmail(email)) return null;
        throw error;
      }
      if (invite) {
        const [{ renderEmail }, { staffInvitation }] = await Promise.all([
          import("~/platform/mail/define"),
          import("~/features/members"),
        ]);
        const rendered = await renderEmail(staffInvitation, {
          name: user.name,
          invitedBy: invite.invitedBy,
          role: input.role,
          signInUrl: invite.signInUrl,
        });
        await queueStaffMail(deps.boss, { to: [email], ...rendered }, { from: deps.env.MAIL_FROM });
      }
      return toMember(user);
    },

    async setRole(id: string, role: StaffRole): Promise<StaffMember | null> {
      const [user] = await store.db
        .update(staffUsers)
        .set({ role, updatedAt: new Date() })
        .where(eq(staffUsers.id, id))
        .returning();
      return user ? toMember(user) : null;
    },

    /**
     * Removes a member and ends all their sessions at once. The removal is
     * remembered (a keyed hash of the address), so STAFF_ADMIN_EMAILS never
     * creates them again.
     */
    async removeMember(id: string): Promise<StaffMember | null> {
      const context = await siteInstance().$context;
      const user = await context.internalAdapter.findUserById(id);
      if (!user) return null;
      // Remembered first (a keyed hash), so STAFF_ADMIN_EMAILS never makes them an admin again.
      await rememberRemoved(store, limits.addressHash(normaliseEmail(user.email)));
      // Sessions, accounts and passkeys go with the user (foreign keys cascade).
      await context.internalAdapter.deleteUserSessions(id);
      await context.internalAdapter.deleteUser(id);
      return toMember(user);
    },

    // Sessions under the member's control (./sessions.server.ts): sessions, endSession, endMemberSessions.
    ...sessionControls({
      adapter: async () => (await instance.$context).internalAdapter,
      session,
      toMember,
    }),
  };
}

/** For tests: whether a user still has any session row. */
export async function sessionCount(store: Store, userId: string) {
  const [row] = await store.db
    .select({ n: count() })
    .from(staffSessions)
    .where(and(eq(staffSessions.userId, userId)));
  return row?.n ?? 0;
}
