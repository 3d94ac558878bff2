import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { signInAsStaff, virtualAuthenticator } from "../test/support/staff";

/**
 * Passkeys end to end with Chromium's virtual authenticator (the Chrome
 * DevTools Protocol's WebAuthn domain): a member adds one after signing in
 * with a code, signs out, signs in with it, renames and removes it.
 */

// Sign-ins as the shared admin address take turns across workers (test/support/staff.ts), and a
// test may sign in several times: more time than a page test.
test.describe.configure({ timeout: 120_000 });
test("a passkey is added, used to sign in, renamed and removed", async ({ browser, baseURL }) => {
  // WebAuthn refuses an IP address as the relying party: passkeys need a host
  // name, so this test uses localhost (the site's own name in production).
  const localhost = baseURL!.replace("127.0.0.1", "localhost");
  const { page, context, email } = await signInAsStaff(browser, { contextOptions: { baseURL: localhost } });
  const authenticator = await virtualAuthenticator(page);

  await page.goto("/staff/account");
  await waitForConsole(page);
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  // A name over 80 characters is refused before the browser is asked, and stays as typed.
  const newName = page.getByLabel("Name for the new passkey");
  const tooLong = "Laptop ".repeat(12);
  await newName.fill(tooLong);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("A passkey's name must be 80 characters or fewer")).toBeVisible();
  await expect(newName).toBeFocused();
  await expect(newName).toHaveValue(tooLong);
  await expect(newName).toHaveAttribute("aria-invalid", "true");
  await newName.fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByText("Test laptop", { exact: true })).toBeVisible();
  const credentials = await authenticator.credentials();
  // One passkey: the refused name made none.
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe("localhost");
  await expectNoAxeViolations(page, "account with a passkey");

  // Sign out, then back in with the passkey alone.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await waitForConsole(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(/\/staff$/);
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);

  // Rename, then remove.
  await page.goto("/staff/account");
  // A name the server refuses comes back under its passkey, as typed.
  await page.getByLabel("New name for Test laptop").fill(tooLong);
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("A passkey's name must be 80 characters or fewer")).toBeVisible();
  await expect(page.getByLabel("New name for Test laptop")).toHaveValue(tooLong);
  await expect(list.getByText("Test laptop", { exact: true })).toBeVisible();
  await page.getByLabel("New name for Test laptop").fill("Office desktop");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey renamed to Office desktop.");
  await expect(list.getByText("Office desktop", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Remove Office desktop" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey removed.");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

  // A removed passkey no longer signs in.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await waitForConsole(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("could not sign you in with a passkey");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await context.close();
});

test("sign-in with a passkey is hidden without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/staff/sign-in");
  await expect(page.getByRole("button", { name: "Send me a code" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await context.close();
  // With JavaScript the same locator finds it (the positive control).
  const scripted = await browser.newPage();
  await scripted.goto("/staff/sign-in");
  await expect(scripted.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await scripted.close();
});
