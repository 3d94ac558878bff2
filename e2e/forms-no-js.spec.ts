/**
 * The three enquiry forms without JavaScript: the server renders the whole
 * page with the result, focus moves to it, and the values are kept.
 */
import { type Locator, type Page } from "@playwright/test";
import {
  afterMinFill,
  expect,
  expectErrorSummary,
  fill,
  fillForm,
  open,
  submitForm,
  test,
} from "../test/support/form-pages";
import { uniqueAddress, waitForMessages } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /**
   * The whole page came back: hero, header and footer around the result, and
   * the browser moved focus to the result (the summary, alert or success
   * heading carries `autofocus`, so this needs no JavaScript).
   */
  async function expectFullPage(page: Page, title: string, formId: string) {
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const focused = page.locator(
      `#${formId} [data-slot="error-summary"]:focus, [data-slot="success-panel"] h2:focus, [data-slot="form-alert"]:focus`,
    );
    await expect(focused).toHaveCount(1);
  }

  test("the error summary takes focus on the page that comes back", async ({ page }) => {
    // The summary is server-rendered with `autofocus`; the form posts to a URL
    // without a fragment, because a fragment would stop the browser autofocusing.
    const renderedAt = await open(page, "/contact", { hydrate: false });
    await afterMinFill(renderedAt);
    const invalid = await submitForm(page, "Send Message", { pastChecksOf: "contact-form", pathname: "/contact" });
    expect(invalid.status()).toBe(400);
    await expect(page.locator('[data-slot="error-summary"]')).toBeFocused({ timeout: 3_000 });
  });

  /**
   * Each form, sent twice: once as a visitor would (the success page, and both
   * e-mails), then with errors (the whole page comes back with the summary and
   * what was typed). `preset` are values the retry's URL fills in.
   */
  const forms: {
    form: string;
    title: string;
    successPage: string;
    button: string;
    send: (page: Page, email: string) => Promise<void>;
    expectSuccess: (page: Page, panel: Locator) => Promise<void>;
    retryPath: string;
    preset: Record<string, string>;
    typed: Record<string, string>;
    errors: [fieldId: string, message: string][];
  }[] = [
    {
      form: "contact",
      title: "Let's Transform Maternal Care Together",
      successPage: "the thank-you page",
      button: "Send Message",
      send: (page, email) => fill.contact(page, { name: "Esi Asante", email, message: "A question about pilots." }),
      expectSuccess: async (page, panel) => {
        await expect(panel.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();
        await expect(panel.locator("p").first()).toHaveText("We received your inquiry.");
        await expect(panel).toContainText("Our team will respond within one business day.");
        // 'Send Another Message' reloads an empty form.
        await panel.getByRole("button", { name: "Send Another Message" }).click();
        await expect(page.locator("#contact-form-name")).toHaveValue("");
        await expect(page.locator("#contact-form-interest")).toHaveValue("general");
      },
      retryPath: "/contact?interest=partnership",
      preset: { interest: "partnership" },
      typed: { email: "esi@", role: "Programme Lead", message: "Kept after the error." },
      errors: [
        ["contact-form-name", "Enter your full name"],
        ["contact-form-email", "Enter an email address in the correct format, like name@example.com"],
      ],
    },
    {
      form: "demo",
      title: "Request a Demo",
      successPage: "the success page",
      button: "Request Demo",
      send: (page, email) =>
        fill.demo(page, { fullName: "Yaw Darko", organization: "Komfo Anokye", email, role: "healthcare" }),
      expectSuccess: async (_page, panel) => {
        await expect(panel.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
        await expect(panel).toContainText("2-3 business days");
        await expect(panel).toContainText("30-minute walkthrough");
        await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
      },
      retryPath: "/demo",
      preset: {},
      typed: { fullName: "Yaw Darko", email: "yaw at example", preferredDate: "2026-04-02", message: "Afternoons." },
      errors: [
        ["demo-form-organization", "Enter your organisation or institution"],
        ["demo-form-email", "Enter an email address in the correct format, like name@example.com"],
        ["demo-form-role", "Select your role"],
      ],
    },
    {
      form: "advisory",
      title: "Join the Health Advisory Network",
      successPage: "the success page",
      button: "Join Network",
      send: (page, email) =>
        fill.advisory(page, {
          fullName: "Abena Pokua",
          email,
          role: "policy",
          country: "Ghana",
          reason: "Better referral data.",
        }),
      expectSuccess: async (_page, panel) => {
        await expect(panel.getByRole("heading", { name: "Welcome to the Advisory Network!" })).toBeVisible();
        await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
      },
      retryPath: "/advisory",
      preset: {},
      typed: { fullName: "Abena Pokua", role: "ngo", reason: "Kept after the error." },
      errors: [
        ["advisory-form-email", "Enter your email address"],
        ["advisory-form-country", "Enter your country"],
      ],
    },
  ];

  /**
   * Issue 43: the thank-you heading the browser focuses (autofocus) shows
   * the site's focus ring, the same as a link reached with Tab, in the focus
   * colour (--color-focus): not a red one that reads as an error.
   */
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the thank-you heading's focus ring is the site's, not an error's, at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const renderedAt = await open(page, "/advisory", { hydrate: false });
      await fill.advisory(page, {
        fullName: "Abena Pokua",
        email: uniqueAddress("focus-ring"),
        role: "midwife",
        country: "Ghana",
        reason: "Better referral data.",
      });
      await afterMinFill(renderedAt);
      expect((await submitForm(page, "Join Network", { pathname: "/advisory" })).status()).toBe(200);
      const heading = page.locator('[data-slot="success-panel"] h2');
      await expect(heading).toBeFocused();
      const ring = (element: Element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
      };
      const colours = await page.evaluate(() => {
        const probe = document.createElement("span");
        document.body.append(probe);
        const rgb = (token: string) => {
          probe.style.color = `var(${token})`;
          return getComputedStyle(probe).color;
        };
        const found = {
          focus: rgb("--color-focus"),
          danger: rgb("--color-danger-700"),
          accent: rgb("--color-accent-600"),
        };
        probe.remove();
        return found;
      });
      // The token exists (an unknown one would leave the inherited colour).
      expect(colours.focus).not.toBe(await page.evaluate(() => getComputedStyle(document.body).color));
      expect(await heading.evaluate(ring)).toEqual({ style: "solid", width: "3px", colour: colours.focus });
      expect(colours.focus).not.toBe(colours.danger);
      expect(colours.focus).not.toBe(colours.accent);

      // A link reached with the keyboard has the same ring (the positive control: this is the site's).
      await page.keyboard.press("Tab");
      const link = page.locator('[data-slot="success-panel"] a');
      await expect(link).toBeFocused();
      // (Its colour eases in: buttons transition their colours.)
      await expect.poll(() => link.evaluate(ring)).toEqual({ style: "solid", width: "3px", colour: colours.focus });
    });
  }

  for (const { form, title, successPage, button, send, expectSuccess, retryPath, preset, typed, errors } of forms) {
    const path = `/${form}`;
    const formId = `${form}-form`;
    test(`${form}: ${successPage}, and a full-page error summary that keeps the values`, async ({ page }) => {
      const email = uniqueAddress(`${form}-nojs`);
      let renderedAt = await open(page, path, { hydrate: false });
      await send(page, email);
      await afterMinFill(renderedAt);
      const response = await submitForm(page, button, { pathname: path });
      expect(response.status()).toBe(200);
      await expectFullPage(page, title, formId);
      await expectSuccess(page, page.locator('[data-slot="success-panel"]'));
      await waitForMessages(email, 2);

      renderedAt = await open(page, retryPath, { hydrate: false });
      for (const [field, value] of Object.entries(preset)) {
        await expect(page.locator(`#${formId}-${field}`), field).toHaveValue(value);
      }
      await fillForm(page, formId, typed);
      await afterMinFill(renderedAt);
      const invalid = await submitForm(page, button, { pastChecksOf: formId, pathname: path });
      expect(invalid.status()).toBe(400);
      await expectFullPage(page, title, formId);
      await expectErrorSummary(page, errors);
      for (const [field, value] of Object.entries({ ...typed, ...preset })) {
        await expect(page.locator(`#${formId}-${field}`), field).toHaveValue(value);
      }
    });
  }
});
