import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { signInAsAdmin, signInAsStaff, signInWithCode, stillSignedIn } from "../test/support/staff";

/**
 * Sessions under the member's control (docs/decisions/019-staff-sessions-and-
 * lockout.md), in the browser: "Account" lists where the member is signed in
 * and ends another session, which is then signed out on its next request; an
 * admin signs a member out everywhere from "Members" without removing them.
 */

// Sign-ins as the shared admin address take turns across workers (test/support/staff.ts).
test.describe.configure({ timeout: 120_000 });

const sessionList = (page: Page) => page.getByRole("list", { name: "Your sessions" });

test(`"Account" lists the member's sessions and ends another one; axe-clean, and nothing cut off, at 1280 and 390 px`, async ({
  browser,
}) => {
  const { page, context, email } = await signInAsStaff(browser);
  // The same member on a second device.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInWithCode(other, email);
  expect(await stillSignedIn(other)).toBe(true);

  await page.goto("/staff/account");
  await waitForConsole(page);
  const items = sessionList(page).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Where you are signed in" })).toContainText(
    "You can have 5 at once: signing in once more ends the one you have not used for longest.",
  );
  await expect(items.first()).toContainText("(this device)");
  await expect(items.first()).toContainText(/Signed in .+, last seen .+/);
  await expect(items.nth(1)).not.toContainText("(this device)");
  // "End" for the other session only.
  await expect(sessionList(page).getByRole("button", { name: /^End / })).toHaveCount(1);
  await expectNoAxeViolationsAtBothWidths(page, "account with two sessions", { fits: true });

  await sessionList(page).getByRole("button", { name: /^End / }).click();
  await expect(page.getByRole("status")).toContainText("Session ended.");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("(this device)");
  await expectNoAxeViolationsAtBothWidths(page, "account after ending a session");

  // The ended session is refused on its next request; this one is not.
  expect(await stillSignedIn(other)).toBe(false);
  expect(await stillSignedIn(page)).toBe(true);
  await otherContext.close();
  await context.close();
});

test("an admin signs a member out everywhere from Members; the member stays and can sign in again", async ({
  browser,
}) => {
  const { page: member, context, email } = await signInAsStaff(browser);
  expect(await stillSignedIn(member)).toBe(true);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, { returnTo: "/staff/members" });
  await waitForConsole(admin);
  const row = admin.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await row.getByRole("button", { name: /^End sessions/ }).click();
  await expect(admin.getByRole("status")).toContainText(`${email} is signed out everywhere (1 session ended)`);
  // Still listed on the team page.
  await expect(row).toBeVisible();
  // The admin's own session is untouched (positive control for the member's being ended).
  expect(await stillSignedIn(admin)).toBe(true);
  expect(await stillSignedIn(member)).toBe(false);
  await signInWithCode(member, email);
  expect(await stillSignedIn(member)).toBe(true);
  await adminContext.close();
  await context.close();
});
