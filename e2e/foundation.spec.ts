/**
 * The public site's foundations, end to end: every route answers 200 with
 * its title and the whole page in its HTML (prerendered ones as static files
 * with a hash-based CSP), the 404 page, what search engines read (meta tags,
 * sitemap, robots.txt, the manifest and icons), no request to another
 * origin, and axe on every page. The header and footer: header-and-footer.spec.ts;
 * the security headers: security.spec.ts; what scripts load and when:
 * page-scripts.spec.ts.
 */
import { expect, test } from "@playwright/test";
import { pages } from "../app/pages";
import { expectNoAxeViolations, holdCarousel, waitForEnhancement, waitForPageScripts } from "../test/support/browser";

const brand = "Maternis";
const expectedTitle = (page: (typeof pages)[number]) => (page.path === "/" ? page.title : `${page.title} | ${brand}`);

test.describe("every route", () => {
  for (const entry of pages) {
    test(`${entry.path} answers 200 with its title`, async ({ request }) => {
      const response = await request.get(entry.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${expectedTitle(entry).replace(/&/g, "&amp;")}</title>`);
      // The whole page is in the HTML, with no JavaScript involved.
      expect(html).toContain("<header");
      expect(html).toContain("<footer");
      expect(html).toMatch(/<main id="main-content"[^>]*>[\s\S]*<h1/);
    });
  }

  test("prerendered pages are served as static files with hash-based CSP", async ({ request }) => {
    for (const entry of pages.filter((p) => p.prerender)) {
      const response = await request.get(entry.path);
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp, entry.path).toContain("'sha256-");
      expect(csp, entry.path).not.toContain("'nonce-");
      expect(csp, entry.path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });
});

test.describe("404 and errors", () => {
  test("an unknown path answers 404 with the 404 page and logs the path", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("main")).toContainText("404");
    await expect(page.getByRole("heading", { level: 1, name: /Page Not Found/ })).toBeVisible();
    await expect(
      page.getByText("Oops! The page you're looking for doesn't exist. It may have been moved or deleted."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitForEnhancement(page);
    await expect.poll(() => logged.some((line) => line.includes("/no-such-page"))).toBe(true);
  });

  test("'Go Back' returns to the previous page", async ({ page }) => {
    await page.goto("/about");
    await page.goto("/missing-thing");
    await waitForEnhancement(page);
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("'Return Home' goes to /", async ({ page }) => {
    await page.goto("/missing-thing");
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("SEO", () => {
  test("pages carry description, canonical, Open Graph and Twitter tags", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain('<link rel="canonical" href="https://www.maternis.health/about"/>');
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
  });

  test("sitemap.xml lists every page and robots.txt points at it", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const entry of pages) expect(sitemap).toContain(`<loc>https://www.maternis.health${entry.path}</loc>`);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://www.maternis.health/sitemap.xml");
  });

  test("the manifest and icons are served", async ({ request }) => {
    const manifest = await (await request.get("/site.webmanifest")).json();
    expect(manifest.name).toContain("Maternis");
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    expect((await request.get("/favicon.ico")).status()).toBe(200);
    expect((await request.get("/apple-touch-icon.png")).status()).toBe(200);
    expect((await request.get("/og-image.png")).status()).toBe(200);
  });

  test("no request leaves for another origin", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const foreign: string[] = [];
    const own: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (["data:", "blob:"].includes(url.protocol)) return;
      (url.origin === new URL(baseURL!).origin ? own : foreign).push(req.url());
    });
    for (const entry of pages) await page.goto(entry.path, { waitUntil: "networkidle" });
    expect(foreign).toEqual([]);
    // The listener saw the pages' own requests (documents, scripts, styles, images): it was listening.
    expect(own.length).toBeGreaterThan(pages.length);
  });
});

test.describe("accessibility @mobile", () => {
  for (const entry of pages) {
    test(`axe finds no violations on ${entry.path}`, async ({ page }) => {
      await page.goto(entry.path);
      await waitForPageScripts(page, entry.path);
      await holdCarousel(page);
      await expectNoAxeViolations(page, entry.path);
    });
  }

  test("axe finds no violations on the 404 page", async ({ page }) => {
    await page.goto("/no-such-page");
    await waitForEnhancement(page);
    await expectNoAxeViolations(page, "404");
  });
});
