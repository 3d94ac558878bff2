/**
 * What frames every public page, end to end: the header's navigation (the
 * active link), the mobile menu (with and without JavaScript, also on an
 * enquiry page), the announcement banner and its dismissal for the session,
 * the footer's links and contact details, and the skip link.
 */
import { expect, test, type Page } from "@playwright/test";
import { waitForEnhancement, waitForIsland } from "../test/support/browser";

test.describe("header", () => {
  test("the active link carries aria-current by exact path", async ({ page }) => {
    await page.goto("/product");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Product" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get in Touch" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("mobile menu @mobile", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 1024, "the menu toggle only shows on small screens");

  test("opens, closes on Escape with focus back on the toggle, and closes on link choice", async ({ page }) => {
    await page.goto("/");
    await waitForEnhancement(page);
    const toggle = page.locator('[data-slot="mobile-menu"] summary');
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator("#mobile-menu-panel");
    await expect(panel.getByRole("link", { name: "Investors" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Get in Touch" })).toBeVisible();
    await panel.getByRole("link", { name: "Investors" }).focus();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await panel.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("on an enquiry page (a form island) the menu behaves the same", async ({ page }) => {
    await page.goto("/contact");
    await waitForIsland(page);
    const toggle = page.locator('[data-slot="mobile-menu"] summary');
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the menu still opens and its links work", async ({ page }) => {
      await page.goto("/");
      const toggle = page.locator('[data-slot="mobile-menu"] summary');
      await toggle.click();
      const panel = page.locator("#mobile-menu-panel");
      await expect(panel.getByRole("link", { name: "Team" })).toBeVisible();
      await panel.getByRole("link", { name: "Team" }).click();
      await expect(page).toHaveURL(/\/team$/);
    });
  });
});

test.describe("announcement banner", () => {
  /** The banner is on the page (so "hidden" is not simply "absent"), and hidden. */
  async function expectDismissedBanner(page: Page) {
    const banner = page.locator('[data-slot="announcement-banner"]');
    await expect(banner).toHaveCount(1);
    await expect(banner).toBeHidden();
  }

  test("is shown on load, links to /contact, and stays dismissed for the session", async ({ page }) => {
    await page.goto("/");
    await waitForEnhancement(page);
    const banner = page.getByRole("complementary", { name: "Announcement" });
    await expect(banner).toContainText("Web Summit 2025");
    await expect(banner).toContainText("Lisbon");
    await expect(banner.getByRole("link", { name: "Meet Us There" })).toHaveAttribute("href", "/contact");
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(banner).toBeHidden();
    // Focus moves on to the next thing in the header.
    await expect(page.locator('[data-slot="brand-link"]')).toBeFocused();

    // A full page load: the boot script hides it before first paint.
    await page.goto("/about");
    const hiddenAtLoad = await page.evaluate(() => {
      const el = document.querySelector('[data-slot="announcement-banner"]');
      return !el || getComputedStyle(el).display === "none";
    });
    expect(hiddenAtLoad).toBe(true);
    await expectDismissedBanner(page);

    // An enquiry page (a form island) keeps it hidden, and so does the
    // content page it links to.
    await page.goto("/contact");
    await waitForIsland(page);
    await expectDismissedBanner(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Product" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await waitForEnhancement(page);
    await expectDismissedBanner(page);
  });

  test("is dismissed on an enquiry page (a form island) for the session too", async ({ page }) => {
    await page.goto("/contact");
    await waitForIsland(page);
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(page.getByRole("complementary", { name: "Announcement" })).toHaveCount(0);
    await page.goto("/");
    await expectDismissedBanner(page);
  });

  test("comes back in a new browser session", async ({ browser }) => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto("/");
    await waitForEnhancement(page);
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    await first.close();
    const second = await browser.newContext();
    const fresh = await second.newPage();
    await fresh.goto("/");
    await expect(fresh.getByRole("complementary", { name: "Announcement" })).toBeVisible();
    await second.close();
  });
});

test.describe("footer", () => {
  test("has the specified links, address, telephone, e-mail and copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const expected = [
      ["Home", "/"],
      ["About Us", "/about"],
      ["Our Product", "/product"],
      ["Our Story", "/our-story"],
      ["Why Choose Us", "/impact"],
      ["Contact", "/contact"],
      ["Investors", "/investors"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await expect(footer.locator('a[href^="tel:+44131496"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer).toContainText("Aberdeen");
    await expect(footer).toContainText("© 2025 Maternis Health Ltd");
  });
});

test.describe("keyboard", () => {
  test("the skip link is the first focusable element and moves focus to main", async ({ page }) => {
    await page.goto("/about");
    await waitForEnhancement(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();
  });
});
