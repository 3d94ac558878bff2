/**
 * Staff console helpers for end-to-end tests (e2e/staff-*.spec.ts and the
 * console's other suites). The e2e stack (./e2e-stack.ts) starts the server
 * with STAFF_ADMIN_EMAILS=admin@maternis.test, so that address can always
 * sign in as an admin; sign-in codes arrive through the stack's real SMTP
 * server and are read from its mailbox (./mailbox.ts).
 *
 *   ADMIN_EMAIL: string
 *     The admin address the stack is configured with.
 *   signInAsAdmin(page: Page, options?: { returnTo?: string; reauth?: boolean }): Promise<void>
 *     Signs `page` in as ADMIN_EMAIL; ends on the console (`returnTo`, default
 *     /staff). Within a worker, the admin's session is signed in once and its
 *     cookie reused for 3 minutes (so a reused session is still "recent" for
 *     requireRecentAdmin); `reauth` always signs in again for real.
 *   signInWithCode(page: Page, email: string, options?: { returnTo?: string; reauth?: boolean }): Promise<void>
 *     A real sign-in for any member of staff (they must exist already): the
 *     e-mailed code, then the second step with a code from their authenticator
 *     app; a member with no second factor yet first enrols an app on
 *     /staff/enrol (docs/decisions/020-multi-factor-sign-in.md).
 *   appCode(host: string, email: string): Promise<string>
 *     The next code of the authenticator app this suite set up for `email`
 *     on the server at `host` (a test may start a server of its own, with its own database).
 *     The server accepts each 30-second step's code once, so each call gives a step after the
 *     last one given (the current step, or the next, which the server's ±1-step window
 *     accepts; when both are used, it waits for the clock).
 *   requestCode(page: Page, email: string): Promise<string>
 *     On the sign-in page, asks for a code and returns it from the mailbox
 *     (the page is left on the code step).
 *   addStaffMember(adminPage: Page, member: { email: string; name?: string; role?: "admin" | "staff" }): Promise<void>
 *     As a signed-in admin (within 5 minutes of signing in), adds a member on /staff/members, once its JavaScript runs.
 *   signInAsStaff(browser: Browser, options?: { email?: string; role?: "admin" | "staff";
 *       contextOptions?: BrowserContextOptions }): Promise<{ page: Page; context: BrowserContext; email: string }>
 *     A new member (default role `staff`, unique address) added by an admin in
 *     a separate context, then signed in on a page of its own context (made
 *     with `contextOptions`, e.g. a localhost baseURL for passkeys). Close the context.
 *   uniqueStaffAddress(label: string): string
 *     A fresh address for a member added by a test.
 *   withSignInLock<T>(email: string, fn: () => Promise<T>): Promise<T>
 *     Runs code steps for `email` (e.g. ADMIN_EMAIL) without another worker's sign-in as `email` interfering.
 *   stillSignedIn(page: Page): Promise<boolean>
 *     Whether `page`'s session still opens the console (it loads /staff/account), or is sent to sign in.
 *   serverOfItsOwn(env: Record<string, string> | (() => Record<string, string>), dataPrefix: string):
 *       { server: RunningServer; smtp: TestSmtpServer }
 *     For a spec file that needs a configuration the stack's server cannot have:
 *     before its tests, an SMTP server writing to the stack's mailbox (so the
 *     sign-in helpers find their codes) and a server of its own on it, with
 *     ADMIN_EMAIL as its admin and `env` on top (a function is read when the
 *     server starts, after the file's earlier beforeAll hooks); both stopped after the tests.
 *     Every page of the file (and its requests) goes to that server: it sets the file's baseURL.
 *     Call at the top level of a serial spec file; read the fields inside tests.
 *   serverReachingReceiver(env: Record<string, string>, dataPrefix: string):
 *       { server; smtp; receiver: HttpsReceiver }
 *     serverOfItsOwn whose integrations may reach a local HTTPS receiver (./tls.ts) started
 *     before it: WEBHOOK_ALLOW_ADDRESSES=127.0.0.1, the receiver's certificate trusted through
 *     NODE_EXTRA_CA_CERTS, limits off (./limits-off.ts), FORM_MIN_FILL_MS=500 and a worker polling
 *     every 0.5 s, then `env` on top; the receiver closed after the tests.
 *   newStaffMember(browserContext: BrowserContext, label: string): Promise<string>
 *     A new member (uniqueStaffAddress(label)), added by the admin in a browser context of its own,
 *     closed after; not signed in. Answers their address.
 *   virtualAuthenticator(page: Page): Promise<{ verifyUser(on: boolean); credentials() }>
 *     Chromium's virtual WebAuthn authenticator (DevTools protocol) on the page's context:
 *     a platform authenticator with resident keys that verifies its user until told not to.
 *
 * A request while a code is live e-mails the same code again, and a code works
 * once, so tests that sign in as the same address at the same time would
 * spoil each other's sign-ins: the code steps for an address run under that
 * address's lock, shared by every Playwright worker (sign-ins as different
 * addresses do not wait for each other). The code is read from the e-mail's
 * body (never in its subject, "Your Maternis sign-in code").
 */
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  type Page,
} from "@playwright/test";
import { waitForConsole } from "./browser";
import { appCodeAt, waitForAppStep } from "./totp";
import { limitsOffEnv } from "./limits-off";
import { mailboxDir, messagesAbout } from "./mailbox";
import { startServer, type RunningServer } from "./server-process";
import { startSmtpServer, type TestSmtpServer } from "./smtp";
import { startHttpsReceiver, type HttpsReceiver } from "./tls";
import { waitFor } from "./wait";

export const ADMIN_EMAIL = "admin@maternis.test";

/** The sign-in locks: a directory an address, made in this one. */
const locksDir = path.resolve(import.meta.dirname, "../../.tmp/staff-sign-in-locks");
/**
 * The authenticator-app keys this suite enrolled, one file per server and
 * address, shared by the workers (written under the sign-in lock).
 */
const appKeysDir = path.resolve(import.meta.dirname, "../../.tmp/staff-app-keys");

const appKeyFile = (host: string, email: string) => path.join(appKeysDir, encodeURIComponent(`${host} ${email}`));

/** The step of the last code appCode gave for an app (beside its key). */
const appStepFile = (host: string, email: string) => `${appKeyFile(host, email)}.step`;

/** The next code of the app enrolled for `email` on `host` (computed by the otpauth library, as a phone app would). */
export async function appCode(host: string, email: string) {
  const secret = readFileSync(appKeyFile(host, email), "utf8");
  const lastStep = () => {
    try {
      return Number(readFileSync(appStepFile(host, email), "utf8"));
    } catch {
      return -Infinity;
    }
  };
  // Each step's code works once, in order, within the server's window (./totp.ts).
  const step = await waitForAppStep(lastStep, `a new code of ${email}'s authenticator app`);
  writeFileSync(appStepFile(host, email), String(step));
  return appCodeAt(secret, step);
}

/**
 * Signs out from the console's header, or from its "Menu" below 48rem, where the
 * header's button is folded into the menu (app/features/console/console-shell.tsx).
 */
export async function signOutOfConsole(page: Page) {
  const button = page.getByRole("button", { name: "Sign out", exact: true }).filter({ visible: true });
  const menu = page.locator("summary", { hasText: "Menu" }).filter({ visible: true });
  // Whichever the page shows once it is drawn: the header's button, or the phone's menu.
  await expect(button.or(menu)).toBeVisible();
  if ((await button.count()) === 0) await menu.click();
  await button.click();
}

/** Runs `fn` holding `email`'s lock, shared by all test workers (a directory; a stale one is taken over after 60 s). */
export async function withSignInLock<T>(email: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(locksDir, { recursive: true });
  const lockDir = path.join(locksDir, encodeURIComponent(email.toLowerCase()));
  // Polls until this worker creates the lock directory (mkdir is atomic: one taker wins).
  await waitFor(
    () => {
      try {
        mkdirSync(lockDir);
        return true;
      } catch {
        try {
          if (Date.now() - statSync(lockDir).mtimeMs > 60_000) rmdirSync(lockDir);
        } catch {
          // released meanwhile
        }
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 100, what: `the sign-in lock ${lockDir}` },
  );
  try {
    return await fn();
  } finally {
    rmdirSync(lockDir);
  }
}

export function uniqueStaffAddress(label: string) {
  return `staff-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@maternis.test`;
}

export async function stillSignedIn(page: Page) {
  await page.goto("/staff/account");
  await page.waitForURL(/\/staff\/(account|sign-in)/);
  return !new URL(page.url()).pathname.startsWith("/staff/sign-in");
}

/** The 6-digit code in a sign-in e-mail. */
function codeIn(text: string | undefined) {
  const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error("No sign-in code in the e-mail");
  return code;
}

export async function requestCode(page: Page, email: string): Promise<string> {
  const before = (await messagesAbout(email)).length;
  await page.getByLabel("Work e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  // The newest sign-in code e-mail after the request (an invitation may arrive meanwhile).
  const message = await waitFor(
    async () =>
      (await messagesAbout(email))
        .slice(before)
        .filter((m) => /sign-in code/i.test(m.subject ?? ""))
        .at(-1),
    { timeoutMs: 30_000, intervalMs: 250, what: `a sign-in code e-mail to ${email}` },
  );
  return codeIn(message.text);
}

export async function signInWithCode(page: Page, email: string, options: { returnTo?: string; reauth?: boolean } = {}) {
  const params = new URLSearchParams();
  if (options.reauth) params.set("reauth", "1");
  if (options.returnTo) params.set("returnTo", options.returnTo);
  const query = params.size ? `?${params}` : "";
  await withSignInLock(email, async () => {
    await page.goto(`/staff/sign-in${query}`);
    const code = await requestCode(page, email);
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/staff") && !url.pathname.startsWith("/staff/sign-in"));
    if (new URL(page.url()).pathname === "/staff/enrol") {
      await enrolApp(page, email);
      // Enrolment forgets returnTo (the server sends the member to /staff afterwards); a test's own path is visited.
      await page.goto(options.returnTo?.startsWith("/") ? options.returnTo : "/staff");
    } else {
      await expect(page.getByRole("heading", { name: "Second step" })).toBeVisible();
      await page.getByLabel("Code from your authenticator app").fill(await appCode(new URL(page.url()).host, email));
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => !["/staff/second-step", "/staff/sign-in"].includes(url.pathname));
    }
  });
}

/** On /staff/enrol: sets up an authenticator app (its key kept for appCode) and sees the recovery codes. */
async function enrolApp(page: Page, email: string) {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator("#app-secret").textContent())?.replace(/\s+/g, "") ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const host = new URL(page.url()).host;
  mkdirSync(appKeysDir, { recursive: true });
  writeFileSync(appKeyFile(host, email), secret);
  rmSync(appStepFile(host, email), { force: true }); // a new key: none of its codes used yet
  await page.getByLabel("Code from the app").fill(await appCode(host, email));
  await page.getByRole("button", { name: "Confirm the app" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
}

/** This worker's admin session: its cookies and when it signed in. */
let adminSession: { cookies: Cookie[]; at: number } | null = null;
const ADMIN_SESSION_REUSE_MS = 3 * 60 * 1000;

export async function signInAsAdmin(page: Page, options: { returnTo?: string; reauth?: boolean } = {}) {
  const returnTo = options.returnTo ?? "/staff";
  if (!options.reauth && adminSession && Date.now() - adminSession.at < ADMIN_SESSION_REUSE_MS) {
    await page.context().addCookies(adminSession.cookies);
    await page.goto(returnTo);
    const landed = new URL(page.url()).pathname;
    // Still signed in (a test may have ended the session: then sign in for real).
    if (!["/staff/sign-in", "/staff/second-step", "/staff/enrol"].includes(landed)) return;
    adminSession = null;
  }
  const at = Date.now();
  await signInWithCode(page, ADMIN_EMAIL, options);
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name.includes("maternis-staff"));
  adminSession = { cookies, at };
}

export async function addStaffMember(
  adminPage: Page,
  member: { email: string; name?: string; role?: "admin" | "staff" },
) {
  await adminPage.goto("/staff/members");
  await waitForConsole(adminPage); // as a member uses it: with the page's JavaScript running
  const form = adminPage.getByRole("form", { name: "Add a member of staff" });
  await form.getByLabel("Name").fill(member.name ?? "Test Member");
  await form.getByLabel("E-mail address").fill(member.email);
  await form.getByLabel(member.role === "admin" ? "Admin" : "Staff", { exact: true }).check();
  await form.getByRole("button", { name: "Add" }).click();
  await expect(adminPage.getByRole("status")).toContainText(member.email);
}

export async function signInAsStaff(
  browser: Browser,
  options: { email?: string; role?: "admin" | "staff"; contextOptions?: BrowserContextOptions } = {},
) {
  const email = options.email ?? uniqueStaffAddress(options.role ?? "staff");
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await addStaffMember(admin, { email, role: options.role ?? "staff" });
  } finally {
    await adminContext.close();
  }
  const context: BrowserContext = await browser.newContext(options.contextOptions);
  const page = await context.newPage();
  await signInWithCode(page, email);
  return { page, context, email };
}

export async function newStaffMember(browserContext: BrowserContext, label: string) {
  const email = uniqueStaffAddress(label);
  const admin = await browserContext.browser()!.newContext();
  try {
    const page = await admin.newPage();
    await signInAsAdmin(page);
    await addStaffMember(page, { email });
  } finally {
    await admin.close();
  }
  return email;
}

export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** Whether the device's PIN or biometric check succeeds. */
    verifyUser: (isUserVerified: boolean) => cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified }),
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

export function serverOfItsOwn(env: Record<string, string> | (() => Record<string, string>), dataPrefix: string) {
  const own = {} as { server: RunningServer; smtp: TestSmtpServer };
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    own.smtp = await startSmtpServer({ mailboxDir });
    own.server = await startServer(
      {
        LOG_LEVEL: "error",
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: own.smtp.url,
        STAFF_ADMIN_EMAILS: ADMIN_EMAIL,
        ...(typeof env === "function" ? env() : env),
      },
      { dataPrefix, healthTimeoutMs: 180_000 },
    );
  });
  test.afterAll(async () => {
    await own.server?.stop();
    await own.smtp?.stop();
  });
  // Auto fixtures read this for the beforeAll hooks too, before that server is up: undefined there, the URL in the tests.
  // eslint-disable-next-line no-empty-pattern
  test.use({ baseURL: async ({}, provide) => provide(own.server?.url) });
  return own;
}

export function serverReachingReceiver(env: Record<string, string>, dataPrefix: string) {
  let receiver: HttpsReceiver | undefined;
  let caDir: string | undefined;
  test.beforeAll(async () => {
    receiver = await startHttpsReceiver();
    caDir = mkdtempSync(path.join(tmpdir(), `${dataPrefix}ca-`));
    writeFileSync(path.join(caDir, "ca.pem"), receiver.ca);
  });
  const own = serverOfItsOwn(
    () => ({
      ...limitsOffEnv,
      FORM_MIN_FILL_MS: "500",
      WORKER_POLL_INTERVAL_SECONDS: "0.5",
      WEBHOOK_ALLOW_ADDRESSES: "127.0.0.1",
      NODE_EXTRA_CA_CERTS: path.join(caDir!, "ca.pem"),
      ...env,
    }),
    dataPrefix,
  );
  test.afterAll(async () => {
    await receiver?.close();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });
  const withReceiver = own as typeof own & { readonly receiver: HttpsReceiver };
  Object.defineProperty(withReceiver, "receiver", {
    get() {
      if (!receiver) throw new Error("The HTTPS receiver starts before the file's tests: use it inside one");
      return receiver;
    },
  });
  return withReceiver;
}
