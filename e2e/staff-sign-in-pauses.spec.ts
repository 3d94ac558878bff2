import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { limitsOffEnv } from "../test/support/limits-off";
import { addStaffMember, requestCode, serverOfItsOwn, signInAsAdmin, uniqueStaffAddress } from "../test/support/staff";

/**
 * Pauses on code sign-in in the browser (docs/decisions/019-staff-sessions-
 * and-lockout.md), against a server of its own where the wrong-code wait
 * starts after 2 wrong codes for an address from one client: the sign-in page
 * says how long to wait and keeps the address; "Members" lists the member's
 * pause (axe-clean at 1280 and 390 px) and "Lift" frees them at once, after
 * which the same right code signs them in. Its SMTP server writes to the
 * stack's mailbox, so the sign-in helpers find their codes there.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

serverOfItsOwn({ ...limitsOffEnv, STAFF_WRONG_CODES_BEFORE_DELAY: "2" }, "maternis-e2e-pauses-");

test("a member slowed by wrong codes is told how long; an admin sees the pause on Members and lifts it", async ({
  page: admin,
  browser,
}) => {
  await signInAsAdmin(admin, { returnTo: "/staff/members" });
  const email = uniqueStaffAddress("paused");
  await addStaffMember(admin, { email });
  await waitForConsole(admin);
  await expect(admin.getByRole("region", { name: "Paused code sign-in" })).toContainText("Nothing is paused.");

  // The member asks for a code, then mistypes it twice.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto("/staff/sign-in");
  const code = await requestCode(member, email);
  const wrong = code === "000000" ? "111111" : "000000";
  await member.getByLabel("Code").fill(wrong);
  await member.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(member.getByRole("alert")).toContainText("That code is not right.");
  await member.getByLabel("Code").fill(wrong);
  await member.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(member.getByRole("alert")).toContainText(
    "Too many wrong codes have been tried for this address from your network. Wait 1 minute, then try again, or sign in with a passkey.",
  );
  await expect(member.getByText(`Sent to ${email}`)).toBeVisible();
  // The right code waits too: the server answers 429, and the page stays.
  await member.getByLabel("Code").fill(code);
  const answer = member.waitForResponse((response) => response.request().method() === "POST");
  await member.getByRole("button", { name: "Sign in", exact: true }).click();
  expect((await answer).status()).toBe(429);
  await expect(member.getByRole("alert")).toContainText("Wait 1 minute");
  expect(new URL(member.url()).pathname).toBe("/staff/sign-in");

  // "Members" lists the pause under the member's address.
  await admin.goto("/staff/members");
  await waitForConsole(admin);
  const pauses = admin.getByRole("region", { name: "Paused code sign-in" });
  const entry = pauses.getByRole("listitem").filter({ hasText: email });
  await expect(entry).toContainText(/Slowed down after wrong codes from client [0-9a-f]{16}/);
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(admin, `Staff with a paused member at ${width} px`);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await entry.getByRole("button", { name: /^Lift/ }).click();
  await expect(admin.getByRole("status")).toContainText(`Code sign-in for ${email} is no longer paused or slowed`);
  await expect(pauses).toContainText("Nothing is paused.");

  // The same right code now signs the member in (no second factor yet: on to setting one up).
  await member.getByLabel("Code").fill(code);
  await member.getByRole("button", { name: "Sign in", exact: true }).click();
  await member.waitForURL((url) => url.pathname === "/staff/enrol");
  await memberContext.close();
});
