import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { ADMIN_EMAIL, signInAsAdmin, signInAsStaff } from "../test/support/staff";

/**
 * The Members page and Account (issue 43), at 1280 and 390 px, axe-clean:
 * the members are a table on a wide screen and a list of cards on a phone
 * (nothing cut off, nothing scrolls sideways), the second factor reads as a
 * state; a member sets their display name on Account, which the Members page
 * then shows; signing in again has the address filled in.
 */
test.describe.configure({ timeout: 120_000 });

for (const width of [1280, 390]) {
  test(`members at ${width} px: nothing cut off, the second factor as a state`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page, { returnTo: "/staff/members" });
    await waitForConsole(page);
    const admin = page.locator("#team-table tbody tr").filter({ hasText: ADMIN_EMAIL });
    await expect(admin.locator('td[data-label="Second factor"]')).toHaveText("Ready to use");
    await expect(page.getByText("Set up", { exact: true })).toHaveCount(0);
    const overflow = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const cut = [...document.querySelectorAll("#team-table td, #team-table th, #team-table button")]
        // The header row is for screen readers only on a phone (clipped, never seen).
        .filter((element) => !element.closest("thead") && element.getBoundingClientRect().width > 0)
        .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
        .map((element) => element.textContent);
      return { scrolls: document.documentElement.scrollWidth > viewport, cut };
    });
    expect(overflow).toEqual({ scrolls: false, cut: [] });
    if (width < 768) {
      // A card per member: its cells stacked, each with its column's name.
      const email = admin.locator('td[data-label="E-mail address"]');
      const role = admin.locator('td[data-label="Role"]');
      expect((await role.boundingBox())!.y).toBeGreaterThan((await email.boundingBox())!.y);
      expect(await role.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Role"');
    }
    await expectNoAxeViolations(page, `members at ${width}`);
    await context.close();
  });

  test(`account at ${width} px: a member sets their display name, and signing in again keeps the address`, async ({
    browser,
  }) => {
    const { page, context, email } = await signInAsStaff(browser, {
      contextOptions: { viewport: { width, height: 900 } },
    });
    await page.goto("/staff/account");
    await waitForConsole(page);
    const field = page.getByLabel("Display name");
    await field.fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter your name");
    await expectNoAxeViolations(page, `account name error at ${width}`);
    await page.getByLabel("Display name").fill(`  Amara   Mensah ${width} `);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status")).toContainText(`Your name is now Amara Mensah ${width}.`);
    await expect(page.getByText(`Amara Mensah ${width} (${email})`)).toBeVisible();
    await expectNoAxeViolations(page, `account at ${width}`);

    // Signing in again: the member's address is already there.
    await page.goto("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Faccount");
    await expect(page.getByRole("heading", { name: "Sign in again" })).toBeVisible();
    await expect(page.getByLabel("Work e-mail address")).toHaveValue(email);
    await expectNoAxeViolations(page, `sign in again at ${width}`);
    await context.close();
  });
}
