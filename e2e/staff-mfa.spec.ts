import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import {
  appCode,
  newStaffMember,
  requestCode,
  signInAsAdmin,
  signInAsStaff,
  virtualAuthenticator,
  signOutOfConsole,
} from "../test/support/staff";
import { currentAppCode } from "../test/support/totp";

/**
 * Multi-factor sign-in end to end (docs/decisions/020-multi-factor-sign-in.md):
 * a first e-mail code reaches only "Set up a second way to sign in"; a passkey
 * from Chromium's virtual authenticator (user verification on, then off: refused)
 * or an authenticator app (codes from the otpauth library) enrols the member,
 * with recovery codes that work once; the e-mail code alone never opens the
 * console; an admin's reset sends the member back to enrolment; every new page
 * is axe-clean at 1280 and 390 px. A session made with the e-mail code alone
 * is setup-only for its whole life (issue 41): one waiting at enrolment in
 * another browser is refused everywhere once the member enrols, and the
 * enrolling browser continues under a new session token, with or without
 * JavaScript.
 */
test.describe.configure({ timeout: 120_000 });

/** The e-mail code step only: asks for a code and enters it; the page is left where the code leads. */
async function enterEmailCode(page: Page, email: string) {
  await page.goto("/staff/sign-in");
  const code = await requestCode(page, email);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/staff/sign-in");
}

/** The value of the browser's staff session cookie (its token, signed). */
async function sessionToken(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name.endsWith("session_token"))?.value;
}

/** On /staff/enrol: sets up an authenticator app and confirms it with its code; the recovery codes are then shown. */
async function enrolAnApp(page: Page) {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator("#app-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill(currentAppCode(secret));
  await page.getByRole("button", { name: "Confirm the app" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
}

/**
 * On /staff/enrol: enrols an app (then `whenEnrolled`), and the session goes
 * on under a new token, whose "continue to the console" opens the inbox.
 */
async function enrolUnderANewToken(page: Page, context: BrowserContext, whenEnrolled?: () => Promise<void>) {
  const before = await sessionToken(context);
  await enrolAnApp(page);
  await whenEnrolled?.();
  const after = await sessionToken(context);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  await page.getByRole("link", { name: /continue to the console/ }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
}

async function signOut(page: Page) {
  await signOutOfConsole(page);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await waitForConsole(page);
}

test("a passkey with user verification enrols a member; the e-mail code alone then needs a recovery code, which works once", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL!.replace("127.0.0.1", "localhost") });
  const page = await context.newPage();
  const email = await newStaffMember(context, "passkey-mfa");
  const authenticator = await virtualAuthenticator(page);

  await enterEmailCode(page, email);
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  await expect(page.getByRole("heading", { name: "Set up a second way to sign in" })).toBeVisible();
  // The code alone reaches nothing else.
  await page.goto("/staff/account");
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  expect((await page.request.get("/staff", { headers: { accept: "application/json" } })).status()).toBe(403);

  await waitForConsole(page);
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  expect(recovery[0]).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.getByRole("link", { name: /continue to the console/ }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await signOut(page);

  // The passkey alone signs in (the device verified its user).
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(/\/staff$/);
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();
  await signOut(page);

  // The e-mail code leads to the second step; this member has no app, so a recovery code.
  await enterEmailCode(page, email);
  await expect(page).toHaveURL(/\/staff\/second-step$/);
  await page.getByLabel("Code from your authenticator app").fill("123456");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("You have no authenticator app set up");
  await page.getByText("Use a recovery code instead").click();
  await page.getByLabel("Recovery code").fill(recovery[0]!);
  await page.getByRole("button", { name: "Sign in with a recovery code" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await signOut(page);

  // The same recovery code again: refused; the console stays shut.
  await enterEmailCode(page, email);
  await page.getByText("Use a recovery code instead").click();
  await page.getByLabel("Recovery code").fill(recovery[0]!);
  await page.getByRole("button", { name: "Sign in with a recovery code" }).click();
  await expect(page.getByRole("alert")).toContainText("not right, or it has been used");
  await expect(page.getByLabel("Recovery code")).toHaveValue(recovery[0]!);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await context.close();
});

test("a passkey that does not verify its user is neither added nor accepted", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL!.replace("127.0.0.1", "localhost") });
  const page = await context.newPage();
  const email = await newStaffMember(context, "no-uv");
  const authenticator = await virtualAuthenticator(page);
  await enterEmailCode(page, email);
  await waitForConsole(page);

  await authenticator.verifyUser(false);
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByRole("alert")).toContainText("The passkey was not added");
  await expect(page.getByRole("heading", { name: "Set up a second way to sign in" })).toBeVisible();
  // Positive control: the same device, verifying its user, is added.
  await authenticator.verifyUser(true);
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.goto("/staff");
  await signOut(page);

  await authenticator.verifyUser(false);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  expect((await page.request.get("/staff", { headers: { accept: "application/json" } })).status()).toBe(401);
  // Positive control: verifying the user, the same passkey signs in.
  await authenticator.verifyUser(true);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(/\/staff$/);
  await context.close();
});

test("an authenticator app: a wrong code is refused and kept, the right one signs in; an admin's reset sends the member back to enrol", async ({
  browser,
}) => {
  // signInAsStaff enrols an app on the member's first sign-in (test/support/staff.ts).
  const { page, context, email } = await signInAsStaff(browser);
  const host = new URL(page.url()).host;
  await signOut(page);

  await enterEmailCode(page, email);
  await expect(page).toHaveURL(/\/staff\/second-step$/);
  const right = await appCode(host, email);
  const wrong = right === "000000" ? "111111" : "000000";
  await page.getByLabel("Code from your authenticator app").fill(wrong);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await expect(page.getByLabel("Code from your authenticator app")).toHaveValue(wrong);
  await page.getByLabel("Code from your authenticator app").fill(right);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);

  // An admin resets the member: signed out at once, and the next code enrols again.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, { returnTo: "/staff/members" });
  await waitForConsole(admin);
  const row = admin.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await expect(row.getByRole("cell", { name: "Ready to use" })).toBeVisible();
  await row.getByRole("link", { name: /^Reset sign-in/ }).click();
  const confirm = admin.getByRole("region", { name: /^Reset .+’s sign-in\?$/ });
  await expect(confirm).toContainText(email);
  await expect(confirm).toContainText("No browser is remembered as theirs any more.");
  await confirm.getByRole("button", { name: "Reset their sign-in" }).click();
  await expect(admin.getByRole("status")).toContainText(`${email} is signed out`);
  await adminContext.close();
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await enterEmailCode(page, email);
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  await context.close();
});

test("a code-only session waiting at enrolment is refused everywhere once the member enrols in another browser, which gets a new session token", async ({
  browser,
}) => {
  // Someone who read the member's mailbox signs in with the e-mail code and waits at enrolment.
  const attackerContext = await browser.newContext();
  const email = await newStaffMember(attackerContext, "waiting");
  const attacker = await attackerContext.newPage();
  await enterEmailCode(attacker, email);
  await expect(attacker).toHaveURL(/\/staff\/enrol$/);
  await waitForConsole(attacker);
  const attackerToken = await sessionToken(attackerContext);
  expect(attackerToken).toBeTruthy();

  // The member enrols an app in their own browser.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await enterEmailCode(member, email);
  await expect(member).toHaveURL(/\/staff\/enrol$/);
  await waitForConsole(member);
  // Positive control: the member's browser opens the inbox.
  await enrolUnderANewToken(member, memberContext);

  // The waiting browser, still holding its cookie, is refused everywhere: enrolling, pages, data.
  expect(await sessionToken(attackerContext)).toBe(attackerToken);
  await attacker.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(attacker).toHaveURL(/\/staff\/sign-in/);
  for (const path of ["/staff/enrol", "/staff", "/staff/account", "/staff/members"]) {
    await attacker.goto(path);
    await expect(attacker, path).toHaveURL(/\/staff\/sign-in/);
  }
  expect((await attacker.request.get("/staff", { headers: { accept: "application/json" } })).status()).toBe(401);
  // The member's session is untouched by all that.
  await member.goto("/staff/account");
  await expect(member.getByRole("heading", { name: "Your account" })).toBeVisible();
  await attackerContext.close();
  await memberContext.close();
});

test("without JavaScript, confirming an app shows the recovery codes once and continues under a new session token", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const email = await newStaffMember(context, "no-js-enrol");
  const page = await context.newPage();
  await enterEmailCode(page, email);
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  await enrolUnderANewToken(page, context, async () => {
    await expect(page.getByRole("heading", { name: "You are set up" })).toBeVisible();
    // Every view of the page can sign out (ASVS 7.4.4), the codes' too.
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });
  // Shown once: the enrolment page now only says the member is set up.
  await page.goto("/staff/enrol");
  await expect(page.getByText("You already have a second way to sign in.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  // Its "Sign out" ends the session: the console asks for a sign-in again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signedOut=1$/);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await context.close();
});

test("enrolment, app set-up, recovery codes and the second step are axe-clean, and nothing is cut off, at 1280 and 390 px", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = await newStaffMember(context, "axe");
  await enterEmailCode(page, email);
  await waitForConsole(page);
  await expectNoAxeViolationsAtBothWidths(page, "enrol");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator("#app-secret").innerText()).replace(/\s+/g, "");
  await expectNoAxeViolationsAtBothWidths(page, "app set-up");
  await page.getByLabel("Code from the app").fill("12");
  await page.getByRole("button", { name: "Confirm the app" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "app set-up error");
  await page.getByLabel("Code from the app").fill(currentAppCode(secret));
  await page.getByRole("button", { name: "Confirm the app" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolationsAtBothWidths(page, "recovery codes", { fits: true });

  // On Account (signed in moments ago): new recovery codes, shown in place.
  await page.goto("/staff/account");
  await waitForConsole(page);
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolationsAtBothWidths(page, "account: new recovery codes", { fits: true });

  await signOut(page);
  await enterEmailCode(page, email);
  await expectNoAxeViolationsAtBothWidths(page, "second step");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "second step error", { fits: true });
  await context.close();
});
