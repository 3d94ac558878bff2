/**
 * The enquiry forms against a second server whose database is gone: the
 * failure toast, and every value kept.
 */
import { afterMinFill, expect, expectToast, fill, open, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("storage failure", () => {
  // One second server (and PostgreSQL cluster) for the group, in one worker.
  test.describe.configure({ mode: "default" });

  test("contact: 'Message Failed' and every value kept", async ({ page, brokenStorage }) => {
    const email = uniqueAddress("contact-fail");
    const renderedAt = await open(page, `${brokenStorage.url}/contact`);
    const values = {
      name: "Adjoa Mensah",
      email,
      organization: "Tamale Teaching Hospital",
      role: "Matron",
      interest: "implementation",
      message: "How long does a rollout take?",
    };
    await fill.contact(page, values);
    await afterMinFill(renderedAt);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(503);

    await expectToast(
      page,
      "error",
      "Message Failed",
      "Please try again or email us directly at hello@maternis.health",
    );
    await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#contact-form-${field}`), field).toHaveValue(value);
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.locator('[data-slot="success-panel"]')).toHaveCount(0);
  });

  test("demo: 'Error' and every value kept", async ({ page, brokenStorage }) => {
    const renderedAt = await open(page, `${brokenStorage.url}/demo`);
    const values = {
      fullName: "Kojo Antwi",
      organization: "Volta Regional Hospital",
      email: uniqueAddress("demo-fail"),
      role: "ngo",
      preferredDate: "2026-05-20",
      message: "Any weekday.",
    };
    await fill.demo(page, values);
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Request Demo" }).click();

    await expectToast(page, "error", "Error", "Something went wrong. Please try again.");
    await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#demo-form-${field}`), field).toHaveValue(value);
    }
    await expect(page.getByRole("button", { name: "Request Demo" })).toBeEnabled();
  });

  test("advisory: 'Error' and every value kept", async ({ page, brokenStorage }) => {
    const renderedAt = await open(page, `${brokenStorage.url}/advisory`);
    const values = {
      fullName: "Efua Sam",
      email: uniqueAddress("advisory-fail"),
      role: "doctor",
      country: "Ghana",
      reason: "To shape the records.",
    };
    await fill.advisory(page, values);
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Join Network" }).click();

    await expectToast(page, "error", "Error", "Something went wrong. Please try again.");
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#advisory-form-${field}`), field).toHaveValue(value);
    }
  });
});
