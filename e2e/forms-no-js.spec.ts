/**
 * The three enquiry forms without JavaScript: the server renders the whole
 * page with the result, focus moves to it, and the values are kept.
 */
import { type Page } from "@playwright/test";
import {
  afterMinFill,
  expect,
  expectErrorSummary,
  fill,
  open,
  submitUnchecked,
  test,
} from "../test/support/form-pages";
import { uniqueAddress, waitForMessages } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Submits the form natively and returns the document response. */
  async function post(page: Page, pathname: string, button: string, unchecked?: string) {
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === pathname,
    );
    if (unchecked) await submitUnchecked(page, unchecked, page.getByRole("button", { name: button }));
    else await page.getByRole("button", { name: button }).click();
    return response;
  }

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

  test("contact: the thank-you page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("contact-nojs");
    let renderedAt = await open(page, "/contact", { hydrate: false });
    await fill.contact(page, { name: "Esi Asante", email, message: "A question about pilots." });
    await afterMinFill(renderedAt);
    const response = await post(page, "/contact", "Send Message");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Let's Transform Maternal Care Together", "contact-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();
    await expect(panel.locator("p").first()).toHaveText("We received your inquiry.");
    await expect(panel).toContainText("Our team will respond within one business day.");
    await waitForMessages(email, 2);
    // 'Send Another Message' reloads an empty form.
    await panel.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.locator("#contact-form-name")).toHaveValue("");
    await expect(page.locator("#contact-form-interest")).toHaveValue("general");

    renderedAt = await open(page, "/contact?interest=partnership", { hydrate: false });
    await expect(page.locator("#contact-form-interest")).toHaveValue("partnership");
    await page.locator("#contact-form-email").fill("esi@");
    await page.locator("#contact-form-role").fill("Programme Lead");
    await page.locator("#contact-form-message").fill("Kept after the error.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/contact", "Send Message", "contact-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Let's Transform Maternal Care Together", "contact-form");
    await expectErrorSummary(page, [
      ["contact-form-name", "Enter your full name"],
      ["contact-form-email", "Enter an email address in the correct format, like name@example.com"],
    ]);
    await expect(page.locator("#contact-form-email")).toHaveValue("esi@");
    await expect(page.locator("#contact-form-role")).toHaveValue("Programme Lead");
    await expect(page.locator("#contact-form-message")).toHaveValue("Kept after the error.");
    await expect(page.locator("#contact-form-interest")).toHaveValue("partnership");
  });

  test("the error summary takes focus on the page that comes back", async ({ page }) => {
    // The summary is server-rendered with `autofocus`; the form posts to a URL
    // without a fragment, because a fragment would stop the browser autofocusing.
    const renderedAt = await open(page, "/contact", { hydrate: false });
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/contact", "Send Message", "contact-form");
    expect(invalid.status()).toBe(400);
    await expect(page.locator('[data-slot="error-summary"]')).toBeFocused({ timeout: 3_000 });
  });

  test("demo: the success page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("demo-nojs");
    let renderedAt = await open(page, "/demo", { hydrate: false });
    await fill.demo(page, { fullName: "Yaw Darko", organization: "Komfo Anokye", email, role: "healthcare" });
    await afterMinFill(renderedAt);
    const response = await post(page, "/demo", "Request Demo");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Request a Demo", "demo-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
    await expect(panel).toContainText("2-3 business days");
    await expect(panel).toContainText("30-minute walkthrough");
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitForMessages(email, 2);

    renderedAt = await open(page, "/demo", { hydrate: false });
    await page.locator("#demo-form-fullName").fill("Yaw Darko");
    await page.locator("#demo-form-email").fill("yaw at example");
    await page.locator("#demo-form-preferredDate").fill("2026-04-02");
    await page.locator("#demo-form-message").fill("Afternoons.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/demo", "Request Demo", "demo-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Request a Demo", "demo-form");
    await expectErrorSummary(page, [
      ["demo-form-organization", "Enter your organisation or institution"],
      ["demo-form-email", "Enter an email address in the correct format, like name@example.com"],
      ["demo-form-role", "Select your role"],
    ]);
    await expect(page.locator("#demo-form-fullName")).toHaveValue("Yaw Darko");
    await expect(page.locator("#demo-form-email")).toHaveValue("yaw at example");
    await expect(page.locator("#demo-form-preferredDate")).toHaveValue("2026-04-02");
    await expect(page.locator("#demo-form-message")).toHaveValue("Afternoons.");
  });

  test("advisory: the success page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("advisory-nojs");
    let renderedAt = await open(page, "/advisory", { hydrate: false });
    await fill.advisory(page, {
      fullName: "Abena Pokua",
      email,
      role: "policy",
      country: "Ghana",
      reason: "Better referral data.",
    });
    await afterMinFill(renderedAt);
    const response = await post(page, "/advisory", "Join Network");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Join the Health Advisory Network", "advisory-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Welcome to the Advisory Network!" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitForMessages(email, 2);

    renderedAt = await open(page, "/advisory", { hydrate: false });
    await page.locator("#advisory-form-fullName").fill("Abena Pokua");
    await page.locator("#advisory-form-role").selectOption("ngo");
    await page.locator("#advisory-form-reason").fill("Kept after the error.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/advisory", "Join Network", "advisory-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Join the Health Advisory Network", "advisory-form");
    await expectErrorSummary(page, [
      ["advisory-form-email", "Enter your email address"],
      ["advisory-form-country", "Enter your country"],
    ]);
    await expect(page.locator("#advisory-form-fullName")).toHaveValue("Abena Pokua");
    await expect(page.locator("#advisory-form-role")).toHaveValue("ngo");
    await expect(page.locator("#advisory-form-reason")).toHaveValue("Kept after the error.");
  });
});
