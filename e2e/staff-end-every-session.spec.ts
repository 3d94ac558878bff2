import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { limitsOffEnv } from "../test/support/limits-off";
import { serverOfItsOwn, signInAsAdmin, signInAsStaff, signInWithCode, stillSignedIn } from "../test/support/staff";

/**
 * "End every session" on "Members" (ASVS 7.4.5), against a server of its own,
 * since it signs out everyone on the server it runs on: without the box
 * ticked it says what to do and nobody is signed out; ticked, every member,
 * the admin included, must sign in again, and can. Its SMTP server writes to
 * the stack's mailbox, so the sign-in helpers find their codes there.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

serverOfItsOwn({ ...limitsOffEnv }, "maternis-e2e-every-session-");

test("an admin ends every member's sessions, theirs included, once a box confirms it; axe-clean at 1280 and 390 px", async ({
  browser,
}) => {
  const { page: member, context: memberContext, email } = await signInAsStaff(browser);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, { returnTo: "/staff/members" });
  await waitForConsole(admin);
  const section = admin.getByRole("region", { name: "End every session" });
  const box = section.getByRole("checkbox", { name: "I understand that everyone, me included, must sign in again" });
  await expect(box).not.toBeChecked();

  // Not ticked: the error summary links to the box, which says what to do; nobody is signed out.
  await section.getByRole("button", { name: "End every session" }).click();
  const message = "Tick the box to confirm that everyone, you included, must sign in again";
  await expect(admin.getByRole("link", { name: message })).toHaveAttribute("href", "#end-every-session-confirm");
  await expect(section.getByRole("group", { name: "Before you do" })).toHaveAccessibleDescription(`Error: ${message}`);
  await expectNoAxeViolationsAtBothWidths(admin, "members, end every session refused", { fits: true });
  expect(await stillSignedIn(member)).toBe(true);
  expect(await stillSignedIn(admin)).toBe(true);

  // Ticked: the admin is sent to sign in, and the member's next request too.
  await admin.goto("/staff/members");
  await waitForConsole(admin);
  await box.check();
  await section.getByRole("button", { name: "End every session" }).click();
  await expect(admin).toHaveURL(/\/staff\/sign-in\?signedOut=1$/);
  expect(await stillSignedIn(admin)).toBe(false);
  expect(await stillSignedIn(member)).toBe(false);

  // Everyone stays a member and signs in again.
  await signInWithCode(member, email);
  expect(await stillSignedIn(member)).toBe(true);
  await signInAsAdmin(admin, { returnTo: "/staff/audit", reauth: true });
  // The audit log's row: who, and how many sessions of how many members (the admin's and the member's, at least).
  const row = admin
    .getByRole("table", { name: /^Audit log, newest first/ })
    .getByRole("row")
    .filter({ hasText: "Every member's sessions ended by an admin" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\d+ sessions of \d+ members/);
  await adminContext.close();
  await memberContext.close();
});
