/**
 * The privacy and terms pages in a real browser: the table of contents jumps
 * to its section; and their HTML as the server sends it, with no JavaScript:
 * the specified sections, the date and a matching table of contents.
 */
import { expect, test } from "@playwright/test";
import { waitForEnhancement } from "../test/support/browser";
import { describePrerendered, escapeRegExp, loadPrerendered } from "../test/support/page-checks";

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

describePrerendered(() => {
  for (const [path, title, sections] of [
    ["/privacy", "Privacy Policy", 9],
    ["/terms", "Terms of Service", 14],
  ] as const) {
    test(`${path}: ${sections} sections, 'Last updated: January 2025' and a matching table of contents`, async ({
      page,
    }) => {
      await loadPrerendered(page, path, title);
      await expect(page.locator("main")).toContainText("Last updated: January 2025");
      const headings = page.locator("main article h2");
      await expect(headings).toHaveCount(sections);
      const ids = await headings.evaluateAll((els) => els.map((el) => el.id));
      const texts = (await headings.allTextContents()).map((t) => t.trim());
      expect(
        ids.every((id) => /^[a-z0-9-]+$/.test(id)),
        `heading ids ${ids.join(", ")}`,
      ).toBe(true);
      expect(new Set(ids).size).toBe(sections);

      const toc = page.getByRole("navigation", { name: "Contents" });
      const tocLinks = toc.getByRole("link");
      await expect(tocLinks).toHaveCount(sections);
      expect(await tocLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
        ids.map((id) => `#${id}`),
      );
      expect((await tocLinks.allTextContents()).map((t) => t.trim())).toEqual(texts);
    });
  }

  test("privacy and terms cover the specified sections", async ({ page }) => {
    await loadPrerendered(page, "/privacy", "Privacy Policy");
    await expect(page.locator("main article h2")).toHaveText([
      /information/i,
      /use/i,
      /legal basis/i,
      /keep|retention/i,
      /protect|security/i,
      /rights.*GDPR/i,
      /international transfers/i,
      /changes/i,
      /contact/i,
    ]);
    await loadPrerendered(page, "/terms", "Terms of Service");
    const terms = page.locator("main article");
    await expect(terms.locator("h2")).toHaveText([
      /acceptance/i,
      /description of service/i,
      /accounts/i,
      /acceptable use/i,
      /HIPAA.*Business Associate Agreement/i,
      /subscription and payment/i,
      /availability/i,
      /intellectual property/i,
      /liability/i,
      /indemnification/i,
      /termination/i,
      /governing law/i,
      /changes/i,
      /contact/i,
    ]);
    await expect(terms).toContainText("30 days");
    await expect(terms).toContainText(/Scotland/);
  });
});
