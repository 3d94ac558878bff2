/**
 * The enquiry forms against a second server whose database is gone: the
 * failure toast, under the specification's title, saying what the page
 * says (that the enquiry could not be saved: issue 43), at 1280 and 390 px,
 * and every value kept.
 */
import { afterMinFill, expect, expectRefusal, fillForm, open, submitForm, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("storage failure", () => {
  // One second server (and PostgreSQL cluster) for the group, in one worker.
  test.describe.configure({ mode: "default" });

  /** Each form, what its failure says (the toast's title, the page's, and both's words), and what a visitor fills in (with a fresh address). */
  const forms: {
    form: string;
    button: string;
    said: { toastTitle: string; title: string; description: string };
    fields: Record<string, string>;
  }[] = [
    {
      form: "contact",
      button: "Send Message",
      said: {
        toastTitle: "Message Failed",
        title: "Message Failed",
        description:
          "We could not save your message just now, so it has not reached us. Please try again in a few minutes, or email us directly at hello@maternis.health",
      },
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
      said: {
        toastTitle: "Error",
        title: "Your demo request was not sent",
        description:
          "We could not save your demo request just now, so it has not reached us. Please try again in a few minutes, or email us directly at hello@maternis.health",
      },
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
      said: {
        toastTitle: "Error",
        title: "Your application was not sent",
        description:
          "We could not save your application just now, so it has not reached us. Please try again in a few minutes, or email us directly at hello@maternis.health",
      },
      fields: { fullName: "Efua Sam", role: "doctor", country: "Ghana", reason: "To shape the records." },
    },
  ];

  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    for (const { form, button, said, fields } of forms) {
      test(`${form} at ${width} px: '${said.toastTitle}', saying what the page says, and every value kept`, async ({
        page,
        brokenStorage,
      }) => {
        await page.setViewportSize({ width, height });
        const renderedAt = await open(page, `${brokenStorage.url}/${form}`);
        const values = { ...fields, email: uniqueAddress(`${form}-fail`) };
        await fillForm(page, `${form}-form`, values);
        await afterMinFill(renderedAt);
        expect((await submitForm(page, button)).status()).toBe(503);

        await expectRefusal(page, said);
        await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
        for (const [field, value] of Object.entries(values)) {
          await expect(page.locator(`#${form}-form-${field}`), field).toHaveValue(value);
        }
        await expect(page.getByRole("button", { name: button })).toBeEnabled();
        await expect(page.locator('[data-slot="success-panel"]')).toHaveCount(0);
      });
    }
});
