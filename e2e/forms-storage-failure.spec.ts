/**
 * The enquiry forms against a second server whose database is gone: the
 * failure toast, and every value kept.
 */
import { afterMinFill, expect, expectToast, fillForm, open, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("storage failure", () => {
  // One second server (and PostgreSQL cluster) for the group, in one worker.
  test.describe.configure({ mode: "default" });

  /** Each form, the toast its failure shows, and what a visitor fills in (with a fresh address). */
  const forms: {
    form: string;
    button: string;
    toast: [title: string, description: string];
    fields: Record<string, string>;
  }[] = [
    {
      form: "contact",
      button: "Send Message",
      toast: ["Message Failed", "Please try again or email us directly at hello@maternis.health"],
      fields: {
        name: "Adjoa Mensah",
        organization: "Tamale Teaching Hospital",
        role: "Matron",
        interest: "implementation",
        message: "How long does a rollout take?",
      },
    },
    {
      form: "demo",
      button: "Request Demo",
      toast: ["Error", "Something went wrong. Please try again."],
      fields: {
        fullName: "Kojo Antwi",
        organization: "Volta Regional Hospital",
        role: "ngo",
        preferredDate: "2026-05-20",
        message: "Any weekday.",
      },
    },
    {
      form: "advisory",
      button: "Join Network",
      toast: ["Error", "Something went wrong. Please try again."],
      fields: { fullName: "Efua Sam", role: "doctor", country: "Ghana", reason: "To shape the records." },
    },
  ];

  for (const { form, button, toast, fields } of forms) {
    test(`${form}: '${toast[0]}' and every value kept`, async ({ page, brokenStorage }) => {
      const renderedAt = await open(page, `${brokenStorage.url}/${form}`);
      const values = { ...fields, email: uniqueAddress(`${form}-fail`) };
      await fillForm(page, `${form}-form`, values);
      await afterMinFill(renderedAt);
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: button }).click();
      expect((await response).status()).toBe(503);

      await expectToast(page, "error", ...toast);
      await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
      for (const [field, value] of Object.entries(values)) {
        await expect(page.locator(`#${form}-form-${field}`), field).toHaveValue(value);
      }
      await expect(page.getByRole("button", { name: button })).toBeEnabled();
      await expect(page.locator('[data-slot="success-panel"]')).toHaveCount(0);
    });
  }
});
