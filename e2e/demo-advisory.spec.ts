/**
 * The demo and advisory forms end to end with JavaScript: the success screen,
 * the toast, the welcome and notification e-mails, and the error summary.
 */
import {
  ENQUIRIES,
  afterMinFill,
  expect,
  expectErrorSummary,
  expectToast,
  fill,
  holdNextPost,
  open,
  submitUnchecked,
  test,
} from "../test/support/form-pages";
import { uniqueAddress, waitForMessages, type MailboxMessage } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("demo and advisory with JavaScript", () => {
  test("a demo request: pending label, success screen, toast, welcome then notification e-mail", async ({ page }) => {
    const email = uniqueAddress("demo");
    const renderedAt = await open(page, "/demo");
    await fill.demo(page, {
      fullName: "Kwame Boateng",
      organization: "Ghana Health Service",
      email,
      role: "government",
      preferredDate: "2026-03-12",
      message: "We would like to see the facility dashboard.",
    });
    const release = await holdNextPost(page, "/demo");
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Request Demo" }).click();
    const submit = page.locator("form#demo-form button[type=submit]");
    await expect(submit).toHaveText("Submitting...");
    await expect(submit).toBeDisabled();
    release();

    const panel = page.locator('[data-slot="success-panel"]');
    const heading = panel.getByRole("heading", { name: "Demo Request Received!" });
    await expect(heading).toBeFocused();
    await expect(panel).toContainText("2-3 business days");
    await expect(panel).toContainText("30-minute walkthrough");
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("form#demo-form")).toHaveCount(0);
    await expectToast(page, "success", "Success!", "Your demo request has been received. We'll contact you shortly.");

    const messages = await waitForMessages(email, 2);
    expect(messages.map((m) => m.subject)).toEqual([
      "Thank you for requesting a demo",
      "New Demo Request from Kwame Boateng",
    ]);
    const [welcome, notification] = messages as [MailboxMessage, MailboxMessage];
    expect(welcome.toAddresses).toEqual([email]);
    expect(welcome.text).toContain("Kwame");
    expect(notification.toAddresses).toEqual([ENQUIRIES]);
    expect(notification.replyToAddresses).toEqual([email]);
    for (const text of [
      "Kwame Boateng",
      email,
      "Ghana Health Service",
      "Government Official",
      "Preferred Date:",
      "12 March 2026",
      "We would like to see the facility dashboard.",
    ]) {
      expect(notification.text, text).toContain(text);
    }

    await panel.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an advisory signup: pending label, success screen, toast, welcome then notification e-mail", async ({
    page,
  }) => {
    const email = uniqueAddress("advisory");
    const renderedAt = await open(page, "/advisory");
    await fill.advisory(page, {
      fullName: "Ngozi Okafor",
      email,
      role: "midwife",
      country: "Nigeria",
      reason: "Paper antenatal cards get lost between clinics.",
    });
    const release = await holdNextPost(page, "/advisory");
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Join Network" }).click();
    const submit = page.locator("form#advisory-form button[type=submit]");
    await expect(submit).toHaveText("Submitting...");
    await expect(submit).toBeDisabled();
    release();

    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Welcome to the Advisory Network!" })).toBeFocused();
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("form#advisory-form")).toHaveCount(0);
    await expectToast(page, "success", "Success!", "Thank you for joining the Advisory Network.");

    const messages = await waitForMessages(email, 2);
    expect(messages.map((m) => m.subject)).toEqual([
      "Welcome to the Advisory Network",
      "New Advisory Network Signup - Ngozi Okafor",
    ]);
    const [welcome, notification] = messages as [MailboxMessage, MailboxMessage];
    expect(welcome.toAddresses).toEqual([email]);
    expect(welcome.text).toContain("Ngozi");
    expect(notification.toAddresses).toEqual([ENQUIRIES]);
    expect(notification.replyToAddresses).toEqual([email]);
    for (const text of [
      "Ngozi Okafor",
      email,
      "Midwife",
      "Nigeria",
      "Paper antenatal cards get lost between clinics.",
    ]) {
      expect(notification.text, text).toContain(text);
    }
  });

  test("demo and advisory: a request that bypassed the browser's checks gets a focused error summary", async ({
    page,
  }) => {
    await open(page, "/demo");
    await page.locator("#demo-form-fullName").fill("Kwame Boateng");
    await page.locator("#demo-form-message").fill("Mornings are best.");
    await submitUnchecked(page, "demo-form", page.getByRole("button", { name: "Request Demo" }));
    await expect(
      await expectErrorSummary(page, [
        ["demo-form-organization", "Enter your organisation or institution"],
        ["demo-form-email", "Enter your email address"],
        ["demo-form-role", "Select your role"],
      ]),
    ).toBeFocused();
    await expect(page.locator("#demo-form-fullName")).toHaveValue("Kwame Boateng");
    await expect(page.locator("#demo-form-message")).toHaveValue("Mornings are best.");

    await open(page, "/advisory");
    await page.locator("#advisory-form-country").fill("Ghana");
    await page.locator("#advisory-form-role").selectOption("doctor");
    await submitUnchecked(page, "advisory-form", page.getByRole("button", { name: "Join Network" }));
    await expect(
      await expectErrorSummary(page, [
        ["advisory-form-fullName", "Enter your full name"],
        ["advisory-form-email", "Enter your email address"],
        ["advisory-form-reason", "Tell us why you want to join"],
      ]),
    ).toBeFocused();
    await expect(page.locator("#advisory-form-country")).toHaveValue("Ghana");
    await expect(page.locator("#advisory-form-role")).toHaveValue("doctor");
  });
});
