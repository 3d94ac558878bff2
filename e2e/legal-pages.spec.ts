/**
 * The privacy and terms pages in a real browser: the table of contents jumps
 * to its section.
 */
import { expect, test } from "@playwright/test";
import { waitForEnhancement } from "../test/support/browser";
import { escapeRegExp } from "../test/support/page-checks";

test.describe("legal pages", () => {
  for (const path of ["/privacy", "/terms"]) {
    test(`${path}: a table-of-contents link brings its section into view`, async ({ page }) => {
      await page.goto(path);
      await waitForEnhancement(page);
      const links = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
      const last = links.last();
      const href = (await last.getAttribute("href"))!;
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
      const heading = page.locator(`main article h2${href}`);
      await expect(heading).toHaveText((await last.textContent())!.trim());
      await expect(heading).toBeInViewport();
    });
  }
});
