import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { company } from "~/platform/company";
import {
  IDLE_TIMEOUT_MS,
  passkeyNameSchema,
  SECOND_STEP_LOCK,
  STAFF_AUTH_PATH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from "~/features/sign-in/sign-in";
import { staffRoles, type StaffMember, type StaffRole } from "~/features/console";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import type { Store } from "~/platform/db/db.server";
import { authSecrets } from "~/platform/keys.server";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { waitInWords } from "~/platform/london-time";
import type { StaffAuthDeps } from "./deps.server";
import { sessionAssurance } from "./assurance.server";
import { browserSessionToken, sessionLimit } from "./session-limit.server";
import { codeLife, signInCodeIdentifier } from "./code-life.server";
import { consoleOrigins } from "./origins.server";
import { generateRecoveryCodes, recoveryCodeStorage, secondFactorHooks } from "./second-factor.server";
import { authSchema } from "~/features/sign-in/tables.server";

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

export type { StaffAuthDeps };

function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export function toMember(user: { id: string; email: string; name: string; role?: unknown }): StaffMember {
  return { id: user.id, email: user.email, name: user.name, role: isStaffRole(user.role) ? user.role : "staff" };
}

/** The address as stored: trimmed, lower case. */
export function normaliseEmail(email: string) {
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
 * A passkey's name as the Account page takes it, before the passkey plugin
 * runs (its own check has no limit): refused when too long or holding a
 * control character, and otherwise passed on as the schema makes it (one
 * line, runs of spaces made one), so what is stored is what was checked.
 * The browser sends the name to both registration endpoints, in the query
 * and then in the body.
 */
const checkPasskeyName = createAuthMiddleware(async (ctx) => {
  const inQuery = ctx.path === "/passkey/generate-register-options";
  if (!inQuery && ctx.path !== "/passkey/verify-registration") return;
  const body = ctx.body as Record<string, unknown> | undefined;
  const name: unknown = inQuery ? ctx.query?.name : body?.name;
  if (name === undefined) return;
  const parsed = passkeyNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? "Check the passkey's name",
      code: "INVALID_PASSKEY_NAME",
    });
  }
  return {
    context: inQuery ? { query: { ...ctx.query, name: parsed.data } } : { body: { ...body, name: parsed.data } },
  };
});

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
    // Wrong second steps in a row lock the app and recovery codes for a while (passkeys still work).
    accountLockout: {
      enabled: true,
      maxFailedAttempts: SECOND_STEP_LOCK.wrongCodes,
      durationSeconds: SECOND_STEP_LOCK.minutes * 60,
    },
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

export function buildAuth(options: BuildOptions) {
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
      before: checkPasskeyName,
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
        // wrong tries kept, its life not extended: ./code-life.server.ts)
        // instead of replacing it, so asking for codes cannot kill the one a
        // member is typing. Reuse needs the code recoverable: better-auth
        // encrypts it with the auth secret (a hashed six-digit code is no
        // safer: a million hashes).
        resendStrategy: "reuse",
        storeOTP: "encrypted",
        async sendVerificationOTP({ email, otp, type }, ctx) {
          if (type !== "sign-in") return;
          // A code sent again has what is left of its first STAFF_CODE_TTL_SECONDS.
          const row = await ctx?.context.internalAdapter.findVerificationValue(signInCodeIdentifier(email));
          const seconds = row ? (new Date(row.expiresAt).getTime() - Date.now()) / 1000 : env.STAFF_CODE_TTL_SECONDS;
          // React Email loads with the first code sent: a web process nobody signs in to never needs it.
          const [{ renderEmail }, { staffSignInCode }] = await Promise.all([
            import("~/platform/mail/define"),
            import("./emails/sign-in-code"),
          ]);
          const rendered = await renderEmail(staffSignInCode, {
            code: otp,
            validFor: waitInWords(seconds),
            // The code step of the sign-in page (issue 43): with the address already, in the browser that asked.
            signInUrl: `${origin}/staff/sign-in?step=code`,
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
      sessionLimit(),
      codeLife(),
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
  const previous = await browserSessionToken(ctx);
  if (previous && previous !== newToken) await ctx.context.internalAdapter.deleteSession(previous);
}
