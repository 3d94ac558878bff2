import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { messagesAbout, waitForMessages } from "../test/support/mailbox";
import { ADMIN_EMAIL, requestCode, signInWithCode, withSignInLock } from "../test/support/staff";

/**
 * Signing in to the staff console by e-mailed code, through the real SMTP
 * test server: the code works once; five wrong codes lock it; an unknown
 * address gets the same answer; sessions and sign-out; the pages at desktop
 * and 390 px width are axe-clean.
 */

// Sign-ins as the shared admin address take turns across workers (test/support/staff.ts), and a
// test may sign in several times: more time than a page test.
test.describe.configure({ timeout: 120_000 });
test.describe("staff sign-in by e-mail code", () => {
  test("an admin signs in with a code and out again; the cookie is HttpOnly and SameSite=Lax", async ({
    page,
    context,
  }) => {
    await page.goto("/staff/members");
    await expect(page).toHaveURL(/\/staff\/sign-in\?returnTo=%2Fstaff%2Fmembers$/);
    await signInWithCode(page, ADMIN_EMAIL, { returnTo: "/staff/members" });
    await expect(page).toHaveURL(/\/staff\/members$/);
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // On http://127.0.0.1 only: a plain cookie (https gets __Host- and Secure; app/features/sign-in/auth.test.ts).
    expect(session?.name).toBe("maternis-staff.session_token");
    // The console marks the browser as the member's, so their code requests there pass the address's cap (ADR 019).
    expect(cookies.find((cookie) => cookie.name === "maternis-staff-known-browser")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });

    const response = await page.request.get("/staff");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["x-robots-tag"]).toContain("noindex");
    expect(response.headers()["content-security-policy"]).toMatch(/script-src[^;]*'nonce-/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You have signed out.")).toBeVisible();
    // Signing out keeps the browser known; the session goes.
    const after = await context.cookies();
    expect(after.some((cookie) => cookie.name === "maternis-staff-known-browser")).toBe(true);
    expect(after.some((cookie) => cookie.name.endsWith("session_token"))).toBe(false);
    await page.goto("/staff");
    await expect(page).toHaveURL(/\/staff\/sign-in/);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithCode(page, ADMIN_EMAIL, { returnTo: "/staff/account" });
    await expect(page).toHaveURL(/\/staff\/account$/);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await context.close();
  });

  test("a code works once", async ({ page, browser }) => {
    await page.goto("/staff/sign-in");
    let code = "";
    await withSignInLock(ADMIN_EMAIL, async () => {
      code = await requestCode(page, ADMIN_EMAIL);
      await page.getByLabel("Code").fill(code);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // Accepted: on to the second step (or, before the admin has one, enrolling it: ADR 020).
      await expect(page).toHaveURL(/\/staff\/(second-step|enrol)$/);
    });
    const other = await browser.newPage();
    await other.goto("/staff/sign-in");
    await other.getByLabel("Work e-mail address").fill("someone-else@example.org");
    await other.getByRole("button", { name: "Send me a code" }).click();
    await expect(other.getByLabel("Code")).toBeVisible();
    // The same answer for any address, with how long a code works (STAFF_CODE_TTL_SECONDS).
    await expect(other.getByRole("status")).toHaveText(
      "If someone-else@example.org belongs to a member of staff, we have sent a code to it. It works for up to 10 minutes: the e-mail says how long.",
    );
    // The used code, entered again in this other browser once it has asked for the admin's
    // address, is refused; the code it was sent signs in (the positive control). Under the
    // lock, so another test's code is not spoilt. (The code step's address is the server's:
    // editing the page's hidden address would still check someone-else's.)
    await withSignInLock(ADMIN_EMAIL, async () => {
      await other.getByRole("button", { name: "Use a different address" }).click();
      const sent = await requestCode(other, ADMIN_EMAIL);
      expect(sent, "a new code (the used one is gone)").not.toBe(code);
      await other.getByLabel("Code").fill(code);
      await other.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(other.getByRole("alert")).toContainText("That code is not right");
      await other.getByLabel("Code").fill(sent);
      await other.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(other).toHaveURL(/\/staff\/(second-step|enrol)$/);
    });
    await other.close();
  });

  test("five wrong codes lock the code, and what was typed is kept", async ({ page }) => {
    await page.goto("/staff/sign-in");
    await withSignInLock(ADMIN_EMAIL, async () => {
      const code = await requestCode(page, ADMIN_EMAIL);
      const wrong = code === "000000" ? "111111" : "000000";
      const submit = () =>
        Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/staff/sign-in")),
          page.getByRole("button", { name: "Sign in", exact: true }).click(),
        ]);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await page.getByLabel("Code").fill(wrong);
        await submit();
        await expect(page.getByRole("alert")).toContainText("That code is not right");
        await expect(page.getByLabel("Code")).toHaveValue(wrong);
        await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
      }
      await page.getByLabel("Code").fill(code);
      await submit();
      await expect(page.getByRole("alert")).toContainText("locked after too many wrong tries");
      await expect(page).toHaveURL(/\/staff\/sign-in/);
    });
  });

  test("the answer to 'send me a code' is the same for an unknown address, and no e-mail is sent", async ({ page }) => {
    const unknown = `nobody-${Date.now()}@example.org`;
    const answers: string[] = [];
    // The unknown address first, then a real member: the member's code, asked for afterwards through the
    // same queue and worker, is the positive control for the unknown address's empty mailbox.
    for (const email of [unknown, ADMIN_EMAIL]) {
      await withSignInLock(email, async () => {
        const before = (await messagesAbout(email)).length;
        // As a browser of its own each time: the first address's code step is held for this browser (issue 43).
        await page.context().clearCookies();
        await page.goto("/staff/sign-in");
        // Enhanced, so the post is the router's fetch (202) for both addresses, not a native form post (303).
        await waitForConsole(page);
        await page.getByLabel("Work e-mail address").fill(email);
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          page.getByRole("button", { name: "Send me a code" }).click(),
        ]);
        // The code step's page (a redirect, as the router fetches it), the same for both.
        expect(response.status()).toBe(202);
        await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
        await expect(page).toHaveURL(/\/staff\/sign-in\?step=code$/);
        answers.push((await page.getByRole("status").innerText()).replace(email, "ADDRESS"));
        // The admin's code arrives before the lock is released (a later sign-in must not read it).
        if (email === ADMIN_EMAIL) {
          const messages = await waitForMessages(email, before + 1);
          expect(messages.at(-1)?.subject).toMatch(/sign-in code/i);
        }
      });
    }
    expect(answers[0]).toBe(answers[1]);
    // The member's code has arrived, so a message queued for the unknown address before it would have too.
    expect(await messagesAbout(unknown)).toHaveLength(0);
  });

  test("returnTo only goes to console pages", async ({ page }) => {
    await signInWithCode(page, ADMIN_EMAIL, { returnTo: "https://evil.example/staff" });
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/staff$/);
  });

  test("sign-in and code pages are axe-clean, and nothing is cut off, at 1280 and 390 px", async ({ page }) => {
    await page.goto("/staff/sign-in");
    await waitForConsole(page);
    await expectNoAxeViolationsAtBothWidths(page, "sign-in");
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, "sign-in error");
    await page.getByLabel("Work e-mail address").fill(`nobody-${Date.now()}@example.org`);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, "code");
    await page.getByLabel("Code").fill("12");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, "code error", { fits: true });
  });
});
