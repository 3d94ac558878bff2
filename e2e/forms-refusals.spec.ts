/**
 * Issue 43: a refused enquiry form says the same thing in its toast and on
 * the page, with the words of its reason, at 1280 and at 390 px:
 *
 * - invalid fields: "Check the 2 fields marked below." in the toast and in
 *   the error summary;
 * - the hourly limit (a second server allows each client one form an hour):
 *   when to try again, in words, in the toast and in the alert (the toast
 *   said 'Something went wrong. Please try again.' beside the page's
 *   "try again in 51 minutes"); the first form of the same client is sent,
 *   so the refusal is the limit's.
 *
 * Storage unavailable: e2e/forms-storage-failure.spec.ts. Any other error
 * (the specification's own words): the route tests (app/routes/{contact,demo,advisory}/route.test.tsx).
 * Each refused page is checked with axe, its toast showing.
 */
import { expectNoAxeViolations, settleToast } from "../test/support/browser";
import {
  afterMinFill,
  expect,
  expectRefusal,
  fill,
  fillForm,
  open,
  submitForm,
  test,
} from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 120_000 });

const widths = [
  { label: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
  { label: "390 px", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

/** Each form filled in part, and what its refusal says: the fields left out are the ones to check. */
const invalid = [
  {
    form: "contact",
    button: "Send Message",
    toastTitle: "Message Failed",
    typed: { email: "ama@example.org", message: "Is there a pilot near Kumasi?" },
    description: "Check the field marked below.",
  },
  {
    form: "demo",
    button: "Request Demo",
    toastTitle: "Error",
    typed: { fullName: "Kojo Antwi" },
    description: "Check the 3 fields marked below.",
  },
  {
    form: "advisory",
    button: "Join Network",
    toastTitle: "Error",
    typed: { fullName: "Efua Sam", email: "efua@example.org", role: "doctor" },
    description: "Check the 2 fields marked below.",
  },
];

for (const { label, use } of widths) {
  test.describe(`at ${label}`, () => {
    test.use(use);

    for (const { form, button, toastTitle, typed, description } of invalid) {
      test(`${form}: invalid fields, the same words in the toast and the error summary`, async ({ page }) => {
        const renderedAt = await open(page, `/${form}`);
        await fillForm(page, `${form}-form`, typed);
        await afterMinFill(renderedAt);
        expect((await submitForm(page, button, { pastChecksOf: `${form}-form` })).status()).toBe(400);
        await expectRefusal(page, { toastTitle, title: "There is a problem", description });
        await expect(page.locator('[data-slot="error-summary"]')).toBeFocused();
        await settleToast(page, "error");
        await expectNoAxeViolations(page, `${form} refused at ${label}`);
      });
    }

    test("contact: over the hourly limit, when to try again in the toast and the alert alike", async ({
      page,
      limitedServer,
    }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": limitedServer.clientAddress() });
      const renderedAt = await open(page, `${limitedServer.url}/contact`);
      const values = { name: "Ama Owusu", email: uniqueAddress("limit"), message: "First of two." };
      await fill.contact(page, values);
      await afterMinFill(renderedAt);
      // The client's first form of the hour is sent.
      expect((await submitForm(page, "Send Message")).status()).toBe(200);
      await page.getByRole("button", { name: "Send Another Message" }).click();

      // The second is refused: the same words on the page and in the toast.
      await fill.contact(page, { ...values, message: "Second of two." });
      expect((await submitForm(page, "Send Message")).status()).toBe(429);
      const said = await expectRefusal(page, {
        toastTitle: "Message Failed",
        title: "Message Failed",
        description:
          /^You have sent several forms recently\. Please try again in (59|60) minutes, or email us directly at hello@maternis\.health$/,
      });
      expect(said).not.toContain("Something went wrong");
      await expect(page.locator("#contact-form-message")).toHaveValue("Second of two.");
      await settleToast(page, "error");
      await expectNoAxeViolations(page, `contact over the limit at ${label}`);
    });

    test("demo: over the hourly limit, the page's words are the toast's", async ({ page, limitedServer }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": limitedServer.clientAddress() });
      const values = {
        fullName: "Kojo Antwi",
        organization: "Volta Regional Hospital",
        email: uniqueAddress("limit-demo"),
        role: "ngo",
      };
      let renderedAt = await open(page, `${limitedServer.url}/demo`);
      await fill.demo(page, values);
      await afterMinFill(renderedAt);
      expect((await submitForm(page, "Request Demo")).status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();

      renderedAt = await open(page, `${limitedServer.url}/demo`);
      await fill.demo(page, values);
      await afterMinFill(renderedAt);
      expect((await submitForm(page, "Request Demo")).status()).toBe(429);
      await expectRefusal(page, {
        toastTitle: "Error",
        title: "Your demo request was not sent",
        description: /^You have sent several forms recently\. Please try again in (59|60) minutes, or email us/,
      });
    });
  });
}
