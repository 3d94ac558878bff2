/**
 * axe on the three enquiry forms: the empty form, the error summary and the
 * success state.
 */
import { type Page } from "@playwright/test";
import { expectNoAxeViolations, settleToast } from "../test/support/browser";
import { afterMinFill, expect, fill, open, submitUnchecked, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("accessibility of the forms @mobile", () => {
  const cases = [
    {
      path: "/contact",
      formId: "contact-form",
      button: "Send Message",
      success: "Thank you! Your message has been sent.",
      fill: (page: Page, email: string) =>
        fill.contact(page, { name: "Axe Tester", email, message: "Checking accessibility." }),
    },
    {
      path: "/demo",
      formId: "demo-form",
      button: "Request Demo",
      success: "Demo Request Received!",
      fill: (page: Page, email: string) =>
        fill.demo(page, { fullName: "Axe Tester", organization: "Axe Org", email, role: "other" }),
    },
    {
      path: "/advisory",
      formId: "advisory-form",
      button: "Join Network",
      success: "Welcome to the Advisory Network!",
      fill: (page: Page, email: string) =>
        fill.advisory(page, {
          fullName: "Axe Tester",
          email,
          role: "other",
          country: "Ghana",
          reason: "Checking accessibility.",
        }),
    },
  ];
  for (const entry of cases) {
    test(`axe finds no violations on ${entry.path}: initial, error summary and success`, async ({ page }) => {
      test.setTimeout(150_000);
      const renderedAt = await open(page, entry.path);
      await expectNoAxeViolations(page, `${entry.path} initial`);

      const button = page.getByRole("button", { name: entry.button });
      await submitUnchecked(page, entry.formId, button);
      await expect(page.locator('[data-slot="error-summary"]')).toBeFocused();
      // The error toast says the same, and fades in after the summary: axe measures it once it is fully there.
      await settleToast(page, "error");
      await expectNoAxeViolations(page, `${entry.path} error summary`);

      await entry.fill(page, uniqueAddress("axe"));
      await afterMinFill(renderedAt);
      await button.click();
      await expect(page.getByRole("heading", { name: entry.success })).toBeFocused();
      // The success toast arrives after the panel (its code loads lazily) and fades in.
      await settleToast(page, "success");
      await expectNoAxeViolations(page, `${entry.path} success`);
    });
  }
});
