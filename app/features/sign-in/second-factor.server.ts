import { createHash, randomInt } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { constantTimeEqual, symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, like, lt, not, or } from "drizzle-orm";
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  totpStep,
} from "~/features/sign-in/sign-in";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import { staffTwoFactors } from "~/features/sign-in/tables.server";

/**
 * What we add to better-auth's two-factor plugin (docs/decisions/020-multi-factor-sign-in.md):
 *
 * - **Each app code works once.** A before hook on the plugin's
 *   `/two-factor/verify-totp` (the second step of sign-in, and confirming an
 *   app) finds which 30-second step the code belongs to (the plugin's own
 *   `createOTP` from `@better-auth/utils/otp`, on the key decrypted as the
 *   plugin decrypts it) and records it as the member's last accepted step
 *   with one compare-and-set UPDATE, so of two requests with one code (two
 *   browsers, two processes) exactly one goes on. A code of a step not newer
 *   than the last is handed to the plugin as a wrong code, which it refuses
 *   and counts as it counts its own wrong codes.
 * - **Recovery codes are hashed.** 24 characters from an alphabet with no
 *   look-alikes (about 119 bits), shown in groups of four; the plugin stores
 *   them through `storeBackupCodes` as a JSON array of SHA-256 hashes of their
 *   normalised form (ASVS 6.5.2 allows one approved hash for secrets of 112
 *   bits or more). A before hook on `/two-factor/verify-backup-code` hashes
 *   the code typed (case, spaces and dashes ignored), so the plugin's own
 *   check, and its compare-and-set removal of the used code, run on hashes.
 */

/** better-auth's TWO_FACTOR_COOKIE_NAME (plugins/two-factor/constant): the pending second step's cookie. */
const TWO_FACTOR_COOKIE = "two_factor";
/** The plugin's prefix for imported base32 keys (plugins/two-factor/totp, decryptTOTPSecret). */
const BASE32_PREFIX = "base32:";
/** What the plugin is given in place of a code already used: never a valid code (not six digits). */
const SPENT_CODE = "spent";

export const RECOVERY_CODE_COUNT = 10;
/** Shown in groups of this many characters (RECOVERY_CODE_LENGTH: 24 × log2(31) ≈ 118.9 bits). */
const RECOVERY_CODE_GROUP = 4;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** New recovery codes: `abcd-efgh-jkmn-pqrs-tuvw-xyz2` (Node's CSPRNG, uniform over the alphabet). */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join("");
    return chars.match(new RegExp(`.{${RECOVERY_CODE_GROUP}}`, "g"))!.join("-");
  });
}

/** The stored form of a recovery code: the SHA-256 (hex) of its normalised form. */
export function hashRecoveryCode(code: string) {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/**
 * The plugin's `storeBackupCodes` hook. `encrypt` gets a JSON array: new
 * codes when they are made, or (after one is used) the stored hashes that
 * remain; hashes are kept, anything else hashed. `decrypt` hands the stored
 * hashes back as they are, so the plugin compares and removes hashes, and a
 * member's count of codes left is the array's length.
 */
export const recoveryCodeStorage = {
  async encrypt(json: string) {
    const codes = JSON.parse(json) as unknown;
    if (!Array.isArray(codes)) throw new Error("Recovery codes must be a list");
    return JSON.stringify(codes.map((code) => (SHA256_HEX.test(String(code)) ? code : hashRecoveryCode(String(code)))));
  },
  async decrypt(stored: string) {
    return stored;
  },
};

/**
 * Recovery codes stored before they were hashed (the plugin's encrypted
 * form, which is not a JSON array) are removed at start-up: they were 10
 * mixed-case characters (about 59 bits), too weak for a plain hash, so the
 * members are asked to make new ones (the Account page shows none left).
 * Returns how many members' codes were removed.
 */
export async function removeUnhashedRecoveryCodes(store: Store, log: Logger): Promise<number> {
  const removed = await store.db
    .update(staffTwoFactors)
    .set({ backupCodes: "[]" })
    .where(not(like(staffTwoFactors.backupCodes, "[%")))
    .returning({ id: staffTwoFactors.id });
  if (removed.length)
    log.warn("recovery codes stored before hashing were removed: these members must make new ones", {
      component: "staff-auth",
      members: removed.length,
    });
  return removed.length;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The member an app code is for, as the plugin decides: the session's, or else the pending second step's. */
async function codeOwner(ctx: HookContext): Promise<{ userId: string; signingIn: boolean } | null> {
  const session = await getSessionFromCtx(ctx, { disableCookieCache: true, disableRefresh: true });
  if (session) return { userId: session.user.id, signingIn: false };
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const value = await ctx.context.internalAdapter.findVerificationValue(pending);
  return value ? { userId: value.value, signingIn: true } : null;
}

/** The step in the plugin's window whose code `code` is, or null. */
async function matchingStep(key: string | Uint8Array, code: string, now = totpStep()): Promise<number | null> {
  const otp = createOTP(key, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (constantTimeEqual(await otp.hotp(step), code)) matched = step;
  }
  return matched;
}

/** The plugin's key, decrypted as the plugin does it (the auth context's secret; a base32 prefix for imported keys). */
async function appKey(ctx: HookContext, stored: string) {
  const key = await symmetricDecrypt({ key: ctx.context.secretConfig, data: stored });
  if (!key.startsWith(BASE32_PREFIX)) return key;
  return base32.decode(key.slice(BASE32_PREFIX.length).toUpperCase());
}

/** Records `step` as the member's last accepted one unless it is not newer: true for the one request that wins. */
export async function claimTotpStep(store: Store, userId: string, step: number): Promise<boolean> {
  const won = await store.db
    .update(staffTwoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(staffTwoFactors.userId, userId),
        or(isNull(staffTwoFactors.lastTotpStep), lt(staffTwoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: staffTwoFactors.id });
  return won.length === 1;
}

/** The hooks around the two-factor plugin's endpoints (registered with it, in app/features/sign-in/auth.server.ts). */
export function secondFactorHooks(store: Store) {
  const onceEach = createAuthMiddleware(async (ctx) => {
    const body = ctx.body as { code?: unknown } | undefined;
    const code = typeof body?.code === "string" ? body.code : null;
    if (code === null) return;
    const owner = await codeOwner(ctx);
    if (!owner) return; // the plugin refuses: no session, no pending step
    const [row] = await store.db
      .select({ secret: staffTwoFactors.secret, verified: staffTwoFactors.verified })
      .from(staffTwoFactors)
      .where(eq(staffTwoFactors.userId, owner.userId));
    // No app, or (at sign-in) one not confirmed: the plugin refuses without checking the code.
    if (!row || (owner.signingIn && !row.verified)) return;
    const step = await matchingStep(await appKey(ctx, row.secret), code);
    if (step === null) return; // a wrong code: the plugin refuses and counts it
    if (await claimTotpStep(store, owner.userId, step)) return;
    // Used already (here or by a request that won the race): a wrong code to the plugin, refused and counted.
    return { context: { body: { ...body, code: SPENT_CODE } } };
  });

  const hashTyped = createAuthMiddleware(async (ctx) => {
    const body = ctx.body as { code?: unknown } | undefined;
    if (typeof body?.code !== "string") return;
    return { context: { body: { ...body, code: hashRecoveryCode(body.code) } } };
  });

  /** A new app key (the plugin's enable replaced it): no code of it has been used. */
  const newKey = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (returned instanceof Error || !ctx.context.session) return;
    await store.db
      .update(staffTwoFactors)
      .set({ lastTotpStep: null })
      .where(eq(staffTwoFactors.userId, ctx.context.session.user.id));
  });

  return {
    before: [
      { matcher: (ctx: { path?: string }) => ctx.path === "/two-factor/verify-totp", handler: onceEach },
      { matcher: (ctx: { path?: string }) => ctx.path === "/two-factor/verify-backup-code", handler: hashTyped },
    ],
    after: [{ matcher: (ctx: { path?: string }) => ctx.path === "/two-factor/enable", handler: newKey }],
  };
}
