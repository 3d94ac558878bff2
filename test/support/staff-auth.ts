/**
 * Server-side staff sign-in helpers for tests that drive the console's auth
 * directly (the features' unit tests): a browser's cookie jar, the code in the
 * newest queued staff e-mail, a code sign-in, and a software passkey that
 * signs WebAuthn assertions so a passkey sign-in goes through better-auth's
 * own endpoints (console.auth.handler) and its hooks, as a browser's would.
 *
 *   staffSuite(): what `bothEngines<Site>()` gives (./engines.ts); after each test the clock is real again.
 *   openStaffConsole(env, open, { runWorker?, ...SiteOptions }): the site (no worker unless asked; pushed
 *     onto the file's `open`, so it is closed after the test) and its services, as the console reaches them.
 *   openConsoleWithMember(database, open, { overrides?, admin?, testClock? }): openStaffConsole on the
 *     engine's `database` environment (with `overrides`) and the staff member STAFF_MEMBER ("Mo") added,
 *     after the admin STAFF_ADMIN ("Ada") when `admin`; with `testClock`, Date is the test's from then on.
 *   staffConsoles({ admin?, testClock? }): staffSuite() for a file whose tests each start a console with a
 *     member: one { name, start(overrides?) } an engine (for `describe.each`), start being
 *     openConsoleWithMember on that engine with these options.
 *   ATTACKER_IP, MEMBER_IP: the two clients of the sign-in limits' tests (127.0.0.2 guesses, 127.0.0.1 is the
 *     member); attackerBrowser(), memberBrowser(): a new Browser on each.
 *   wrongCodeLimits({ beforeDelay?, perClient?, alertPerAddress? }): the overrides setting the wrong-code limits
 *     given (STAFF_WRONG_CODES_BEFORE_DELAY, _PER_CLIENT, _ALERT_PER_ADDRESS) and the others out of reach (1000).
 *   later(ms): the test's clock (testClock) moved on by `ms`.
 *   lockAlertRows(store), lockAlertMails(store): the audit rows and the queued admins' e-mails saying a
 *     client was paused for many wrong sign-in codes.
 *   class Browser(origin?, { ip?, userAgent? })
 *     request(path?) builds a Request carrying its cookies; take(headers) keeps Set-Cookie.
 *   staffMailJobs(store): the staff-mail jobs still queued, newest first.
 *   lastCode(store, to): the code in the newest queued staff e-mail to `to`.
 *   requestedCode(console, store, email, browser?): asks for a code and returns it; otherCode(code): a wrong one.
 *   codeSignIn(console, store, email, browser?): asks for a code and signs in with it.
 *   wrongAppCode(secret): a code of the right form the server cannot accept now (none of its window's steps).
 *   enrolApp(console, browser): in the browser's (setup-only) session, starts an app and confirms it with
 *     its code; the browser takes the new session's cookie; returns the app, its key and the recovery codes.
 *   enrolledWithApp(console, store, email?): codeSignIn, then enrolApp: { app, recoveryCodes, browser, member }.
 *   markKnown(console, browser, email): marks the browser as known for `email`, as the console's middleware does
 *     during a full session (ADR 019); whether it was known already.
 *   enrolledOnKnownBrowser(console, store, email?): the member sets up an app in their own browser
 *     (memberBrowser()), which is then known as theirs, and signs out: { appKey, own }.
 *   pendingSecondStep(console, store, email?): a new browser whose e-mail code was accepted, with no session yet.
 *   twoFactorRow(store, userId): the member's staff_two_factors row as stored.
 *   forgedSession(browser, secret): a browser whose session cookie carries the same token, signed with
 *     `secret` (better-auth's own signing): accepted only if `secret` is the server's STAFF_AUTH_SECRET.
 *   Passkeys (softwarePasskey, registrationResponse, registerPasskey, passkeyCall, passkeySignIn) are ./passkeys.ts's.
 *   class AuthenticatorApp(secret): an authenticator app set up with this key (codes from otpauth).
 *     code() is the next code a member would use (lastStep its step): each of a step after the last one
 *     given, since the server accepts each step once (the current step's, else the next one's, which
 *     the server's ±1-step window accepts; when both are given, it waits for the clock).
 *     codeAt(step) is any step's code.
 */
import { makeSignature } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, vi } from "vitest";
import type { Env } from "~/platform/env.server";
import type { Store } from "../../app/platform/db/db.server";
import type { Site } from "~/site.server";
import type { Services, SiteOptions } from "~/site.server";
import { auditLog } from "../../app/features/audit/tables.server";
import { staffTwoFactors } from "../../app/features/sign-in/tables.server";
import { bothEngines } from "./engines";
import { openPipeline, testEnv } from "./pglite";
import { TOTP_WINDOW, totpStep } from "../../app/features/sign-in/sign-in";
import { appCodeAt, currentAppCode, waitForAppStep } from "./totp";

export const TEST_SITE = "https://www.maternis.health";
export const STAFF_ADMIN = "admin@maternis.test";
export const STAFF_MEMBER = "member@maternis.test";

export function staffSuite() {
  const suite = bothEngines<Site>();
  afterEach(() => {
    vi.useRealTimers();
  });
  return suite;
}

/** The site on `env` (listed in `open`, so the file closes it after the test) and its services, as the console reaches them. */
export async function openStaffConsole(
  env: Env,
  open: Site[],
  { runWorker = false, ...options }: { runWorker?: boolean } & SiteOptions = {},
) {
  const pipeline = await openPipeline(env, runWorker, options);
  open.push(pipeline);
  return { pipeline, console: pipeline.services, store: pipeline.platform.store };
}

export async function openConsoleWithMember(
  database: Record<string, string>,
  open: Site[],
  {
    overrides = {},
    admin = false,
    testClock = false,
  }: { overrides?: Record<string, string>; admin?: boolean; testClock?: boolean } = {},
) {
  const env = testEnv({ ...database, ...overrides });
  const { console, store, pipeline } = await openStaffConsole(env, open);
  if (admin) await console.members.add({ email: STAFF_ADMIN, name: "Ada", role: "admin" });
  const member = (await console.members.add({ email: STAFF_MEMBER, name: "Mo", role: "staff" }))!;
  // The clock is the test's (PGlite's too): waits are moved past, never slept.
  if (testClock) vi.useFakeTimers({ toFake: ["Date"] });
  return { console, store, pipeline, env, member };
}

export function staffConsoles(options: { admin?: boolean; testClock?: boolean } = {}) {
  const { engines, open } = staffSuite();
  return engines.map((engine) => ({
    name: engine.name,
    start: async (overrides: Record<string, string> = {}) =>
      openConsoleWithMember(await engine.database(), open, { ...options, overrides }),
  }));
}

export const ATTACKER_IP = "127.0.0.2";
export const MEMBER_IP = "127.0.0.1";
export const attackerBrowser = () => new Browser(undefined, { ip: ATTACKER_IP });
export const memberBrowser = () => new Browser(undefined, { ip: MEMBER_IP });

export const wrongCodeLimits = ({
  beforeDelay = 1000,
  perClient = 1000,
  alertPerAddress = 1000,
}: {
  beforeDelay?: number;
  perClient?: number;
  alertPerAddress?: number;
}) => ({
  STAFF_WRONG_CODES_BEFORE_DELAY: String(beforeDelay),
  STAFF_WRONG_CODES_PER_CLIENT: String(perClient),
  STAFF_WRONG_CODES_ALERT_PER_ADDRESS: String(alertPerAddress),
});

export const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

export const lockAlertRows = async (store: Store) =>
  store.db.select().from(auditLog).where(eq(auditLog.action, "sign-in-locked"));
export const lockAlertMails = async (store: Store) =>
  (await staffMailJobs(store)).filter((row) => /many wrong sign-in codes/i.test(row.data.message.subject));

export class Browser {
  cookies = new Map<string, string>();
  readonly ip: string;
  readonly userAgent: string | undefined;
  constructor(
    readonly origin = TEST_SITE,
    options: { ip?: string; userAgent?: string } = {},
  ) {
    this.ip = options.ip ?? "203.0.113.9";
    this.userAgent = options.userAgent;
  }
  headers() {
    const headers = new Headers({ "x-maternis-client-ip": this.ip });
    if (this.userAgent) headers.set("user-agent", this.userAgent);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    return headers;
  }
  request(path = "/staff") {
    return new Request(`${this.origin}${path}`, { headers: this.headers() });
  }
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type MailRow = { data: { message: { to: string[]; subject: string; text: string } } };

export async function staffMailJobs(store: Store): Promise<MailRow[]> {
  const result: unknown = await store.db.execute(
    sql`select data from pgboss.job where name = 'staff-mail' order by created_on desc`,
  );
  return (Array.isArray(result) ? result : (result as { rows: MailRow[] }).rows) as MailRow[];
}

export async function lastCode(store: Store, to: string): Promise<string | undefined> {
  const job = (await staffMailJobs(store)).find(
    (row) => row.data.message.to.includes(to) && /sign-in code/i.test(row.data.message.subject),
  );
  return job ? /\b(\d{6})\b/.exec(job.data.message.text)?.[1] : undefined;
}

export async function requestedCode(console: Services, store: Store, email: string, browser = new Browser()) {
  expect(await console.auth.requestCode(browser.request(), email)).toEqual({ ok: true });
  const code = await lastCode(store, email);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** A code of the right form that is not `code`. */
export const otherCode = (code: string) => (code === "000000" ? "111111" : "000000");

export async function codeSignIn(console: Services, store: Store, email: string, browser = new Browser()) {
  const code = await requestedCode(console, store, email, browser);
  const result = await console.auth.signInWithCode(browser.request(), email, code);
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  browser.take(result.headers);
  return { browser, member: result.member };
}

/**
 * A six-digit code that is none of the codes the server accepts now (the
 * current step and TOTP_WINDOW either side), nor the one it accepts next if
 * the step changes while the test runs.
 */
export function wrongAppCode(secret: string) {
  const app = new AuthenticatorApp(secret);
  const now = totpStep();
  const steps = Array.from({ length: 2 * TOTP_WINDOW + 2 }, (_, i) => now - TOTP_WINDOW + i);
  const accepted = new Set(steps.map((step) => app.codeAt(step)));
  for (let n = 0; ; n += 1) {
    const code = String(n * 111_111)
      .padStart(6, "0")
      .slice(0, 6);
    if (!accepted.has(code)) return code;
  }
}

/** Enrols an authenticator app from the browser's session; the browser then holds the new, full session. */
export async function enrolApp(console: Services, browser: Browser) {
  const setup = await console.auth.startApp(browser.request());
  if (!setup) throw new Error("an authenticator app is already set up");
  const app = new AuthenticatorApp(setup.secret);
  const confirmed = await console.auth.confirmApp(browser.request(), await app.code());
  if (!confirmed.ok) throw new Error(`the app's code was refused: ${confirmed.reason}`);
  browser.take(confirmed.headers);
  return { app, secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

/** A member enrolled with an app (codeSignIn, then enrolApp): their app, recovery codes, browser and member. */
export async function enrolledWithApp(console: Services, store: Store, email = STAFF_MEMBER) {
  const first = await codeSignIn(console, store, email);
  const { app, recoveryCodes } = await enrolApp(console, first.browser);
  return { app, recoveryCodes, browser: first.browser, member: first.member };
}

/** Marks `browser` as known for `email`, as the console's middleware does during a full session (known browsers, ADR 019): whether it was known already. */
export async function markKnown(console: Services, browser: Browser, email: string): Promise<boolean> {
  const cookie = await console.auth.rememberBrowser(browser.request(), email);
  if (cookie) browser.take(new Headers({ "set-cookie": cookie }));
  return cookie === null;
}

/**
 * The member sets up an authenticator app (a code sign-in from their client, then the app's current
 * code: the test's clock may be fake), in their own browser, which the console then knows as theirs, and
 * signs out; answers the app's key and that browser.
 */
export async function enrolledOnKnownBrowser(console: Services, store: Store, email = STAFF_MEMBER) {
  const { browser } = await codeSignIn(console, store, email, memberBrowser());
  const setup = await console.auth.startApp(browser.request());
  if (!setup) throw new Error("an authenticator app is already set up");
  const enrolled = await console.auth.confirmApp(browser.request(), currentAppCode(setup.secret));
  if (!enrolled.ok) throw new Error(`not enrolled: ${enrolled.reason}`);
  browser.take(enrolled.headers);
  if (await markKnown(console, browser, email)) throw new Error("the browser was known before its first full session");
  browser.take(await console.auth.signOut(browser.request()));
  return { appKey: setup.secret, own: browser };
}

/** A new browser with a pending second step: the e-mail code accepted, no session yet. */
export async function pendingSecondStep(console: Services, store: Store, email = STAFF_MEMBER) {
  const browser = new Browser();
  await codeSignIn(console, store, email, browser);
  expect(await console.auth.session(browser.request())).toBeNull();
  return browser;
}

/** The member's row of staff_two_factors as stored. */
export async function twoFactorRow(store: Store, userId: string) {
  const [row] = await store.db.select().from(staffTwoFactors).where(eq(staffTwoFactors.userId, userId));
  if (!row) throw new Error("the member has no two-factor row");
  return row;
}

/**
 * A copy of `browser` whose session cookie names the same session token,
 * signed with `secret` by better-auth's cookie signature (HMAC-SHA256), as
 * someone holding `secret` and the token (a row of staff_sessions) would make it.
 */
export async function forgedSession(browser: Browser, secret: string): Promise<Browser> {
  const [name, value] = [...browser.cookies].find(([cookie]) => cookie.endsWith(".session_token")) ?? [];
  if (!name || !value) throw new Error("the browser has no session cookie to forge");
  const signed = decodeURIComponent(value);
  const token = signed.slice(0, signed.lastIndexOf("."));
  const forged = new Browser(browser.origin, { ip: browser.ip, userAgent: browser.userAgent });
  forged.cookies.set(name, encodeURIComponent(`${token}.${await makeSignature(token, secret)}`));
  return forged;
}

/** An authenticator app set up with `secret`: its codes come from the otpauth library, as a phone's would (./totp.ts). */
export class AuthenticatorApp {
  private last = -Infinity;
  constructor(readonly secret: string) {}
  /** The code of 30-second step `step`. */
  codeAt(step: number) {
    return appCodeAt(this.secret, step);
  }
  /** The next code to use: a step after the last one given, within the server's window (./totp.ts, nextAppStep), waiting for the clock if none is left. */
  async code() {
    this.last = await waitForAppStep(() => this.last, "the authenticator app's next code");
    return this.codeAt(this.last);
  }
  /** The step of the last code given. */
  get lastStep() {
    return this.last;
  }
}
