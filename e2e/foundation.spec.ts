import { expect, test } from "@playwright/test";
import { islandPaths } from "../app/features/enquiries/kinds";
import { pages } from "../app/pages";
import {
  expectNoAxeViolations,
  holdCarousel,
  waitForEnhancement,
  waitForIsland,
  waitForPageScripts,
  watchCspViolations,
} from "../test/support/browser";

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
    await expect(page.locator('[data-slot="announcement-banner"]')).toBeHidden();

    // An enquiry page (a form island) keeps it hidden, and so does the
    // content page it links to.
    await page.goto("/contact");
    await waitForIsland(page);
    await expect(page.locator('[data-slot="announcement-banner"]')).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Product" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await waitForEnhancement(page);
    await expect(page.locator('[data-slot="announcement-banner"]')).toBeHidden();
  });

  test("is dismissed on an enquiry page (a form island) for the session too", async ({ page }) => {
    await page.goto("/contact");
    await waitForIsland(page);
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(page.getByRole("complementary", { name: "Announcement" })).toHaveCount(0);
    await page.goto("/");
    await expect(page.locator('[data-slot="announcement-banner"]')).toBeHidden();
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

test.describe("security", () => {
  test("every page runs with no CSP violations", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCspViolations(page);
    for (const entry of pages) {
      const response = await page.goto(entry.path);
      expect(response?.headers()["content-security-policy"], entry.path).toBeTruthy();
      await waitForPageScripts(page, entry.path);
    }
    // The 404 page, and following links from it and from an enquiry page too.
    await page.goto("/does-not-exist");
    await waitForEnhancement(page);
    await page.getByRole("banner").getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await waitForIsland(page);
    await page.getByRole("banner").getByRole("link", { name: "Team" }).first().click();
    await expect(page).toHaveURL(/\/team$/);
    await waitForEnhancement(page);
    expect(violations).toEqual([]);
  });

  test("every page runs its scripts without errors, with the banner shown and dismissed", async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const entry of pages) {
      await page.goto(entry.path);
      await waitForPageScripts(page, entry.path);
    }
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    for (const entry of pages) {
      await page.goto(entry.path);
      await waitForPageScripts(page, entry.path);
    }
    expect(errors).toEqual([]);
  });

  test("responses carry the security headers", async ({ request }) => {
    for (const path of ["/", "/contact", "/no-such-page", "/healthz", "/downloads/maternis-one-page-pitch.pdf"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["strict-transport-security"], path).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1])).toBeGreaterThanOrEqual(
        31536000,
      );
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
      const csp = headers["content-security-policy"] ?? "";
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  test("hashed assets are immutable and precompressed", async ({ request }) => {
    const html = await (await request.get("/contact")).text();
    // The form island's script (React and the form), named by its container.
    const script = /data-island-src="(\/assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const br = await request.get(script!, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers()["content-encoding"]).toBe("br");
    const gzip = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    // A subresource carries the headers that apply to it, and a policy that forbids everything.
    const headers = br.headers();
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["permissions-policy"]).toBeUndefined();
  });

  test("icons, images and the web manifest carry the subresource headers", async ({ request }) => {
    for (const path of ["/favicon.svg", "/favicon.ico", "/icon-192.png", "/og-image.png", "/site.webmanifest"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["strict-transport-security"], path).toMatch(/max-age=\d+/);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
      // Opened on its own (an SVG), it may run and load nothing, and be framed by no one.
      expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

test.describe("loading order", () => {
  test("on an enquiry page the form island's script loads only when the visitor moves to the form, and the form then hydrates", async ({
    page,
    request,
  }) => {
    const path = "/contact";
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('rel="modulepreload"');
    // Everything but the content pages' own small script (menu, banner, and the island's loader).
    const islandScripts = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith(".js") && !entry.name.includes("/content-page-")).length,
      );
    await page.goto(path);
    await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
    // Read and scrolled, with the pointer elsewhere and focus on a link: no React.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Product", exact: true }).hover();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Product", exact: true }).focus();
    await page.mouse.wheel(0, 600);
    await page.waitForLoadState("networkidle");
    expect(await islandScripts(), "no island script before the visitor starts on the form").toBe(0);
    await expect(page.locator("[data-island-ready]")).toHaveCount(0);
    // The first focus in the form starts it; the field keeps what is typed meanwhile.
    await page.locator("#contact-form-name").focus();
    await page.keyboard.type("Ama");
    await page.locator("[data-island][data-island-ready]").waitFor({ state: "attached" });
    expect(await islandScripts()).toBeGreaterThanOrEqual(1);
    await expect(page.locator("#contact-form-name")).toHaveValue("Ama");
    await waitForEnhancement(page);
  });

  test("hydrating an enquiry page builds no time-zone formatter (a browser's first loads the zone data: 30-60 ms of main thread)", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Counts every formatter made, with or without `new`; the formatters themselves are the browser's own.
      const counter = window as unknown as { formattersBuilt: number };
      counter.formattersBuilt = 0;
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args, newTarget) {
          counter.formattersBuilt += 1;
          return Reflect.construct(target, args, newTarget) as object;
        },
        apply(target, thisArg, args) {
          counter.formattersBuilt += 1;
          return Reflect.apply(target, thisArg, args) as unknown;
        },
      });
    });
    for (const path of islandPaths) {
      await page.goto(path);
      await waitForIsland(page);
      expect(await page.evaluate(() => (window as unknown as { formattersBuilt: number }).formattersBuilt), path).toBe(
        0,
      );
    }
    // The counter counts: building one is seen.
    expect(
      await page.evaluate(() => {
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" });
        return (window as unknown as { formattersBuilt: number }).formattersBuilt;
      }),
    ).toBe(1);
  });
});

test.describe("content pages without framework JavaScript", () => {
  const contentPaths = [...pages.map((p) => p.path).filter((p) => !islandPaths.includes(p)), "/no-such-page"];

  test("no public page carries React Router's scripts, only the enhancement module; enquiry pages add their island", async ({
    request,
  }) => {
    for (const path of [...contentPaths, ...islandPaths]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain("__reactRouterContext");
      expect(html, path).not.toContain('rel="modulepreload"');
      const modules = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>/g)].map((m) => m[0]);
      expect(modules, path).toEqual([
        expect.stringMatching(/^<script type="module" src="\/assets\/content-page-[\w-]+\.js">$/),
      ]);
      expect(html, path).toContain('<script type="speculationrules">');
      if (islandPaths.includes(path)) {
        // The island: its container names its script (loaded when the visitor moves to the form), its props are JSON beside it.
        expect(html, path).toMatch(/<div data-island="\w+" data-island-src="\/assets\/main-[\w-]+\.js"/);
        expect(html, path).toMatch(/<script type="application\/json" data-island-props="\w+">/);
      }
    }
  });

  test("a content page loads one small script, and only after the document is parsed", async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on("requestfinished", async (req) => {
      if (req.resourceType() === "script")
        scripts.push({ url: req.url(), bytes: (await req.sizes()).responseBodySize });
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForEnhancement(page);
    expect(scripts.map((s) => new URL(s.url).pathname)).toEqual([expect.stringMatching(/^\/assets\/content-page-/)]);
    expect(scripts[0]!.bytes).toBeLessThan(5 * 1024);
    // A module script is deferred: it never holds up the parser or the first paint.
    expect(
      await page.evaluate(() => (document.querySelector('script[src*="content-page-"]') as HTMLScriptElement).type),
    ).toBe("module");
  });

  test("from an enquiry page, a link to a content page loads it as a document", async ({ page }) => {
    await page.goto("/contact");
    await waitForIsland(page);
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    await page.getByRole("banner").getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await waitForEnhancement(page);
    // A new document: the old window's state is gone.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).not.toBe(marker);
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("Speculation Rules run under the CSP, and a hovered link's page is fetched before the click", async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    await page.goto("/");
    await waitForEnhancement(page);
    expect(await page.evaluate(() => HTMLScriptElement.supports?.("speculationrules"))).toBe(true);
    const link = page.getByRole("banner").getByRole("link", { name: "About" }).first();
    // Moderate eagerness: the browser starts after a hover of 200 ms. (A browser
    // driven through DevTools never prerenders, so the prefetch is what shows here.)
    const prefetched = page.context().waitForEvent("requestfinished", {
      predicate: (req) => new URL(req.url()).pathname === "/about",
    });
    await link.hover();
    expect((await (await prefetched).allHeaders())["sec-purpose"]).toMatch(/^prefetch/);
    await link.click();
    await expect(page).toHaveURL(/\/about$/);
    const delivery = await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType: string })
          .deliveryType,
    );
    expect(delivery, "the page came from the prefetch").toBe("navigational-prefetch");
    expect(violations).toEqual([]);
  });

  test("pages cross-fade as documents (view transitions), except under reduced motion", async ({ page }) => {
    await page.goto("/about");
    const rule = () =>
      page.evaluate(() =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((r): r is CSSMediaRule => r instanceof CSSMediaRule)
          .filter((r) => [...r.cssRules].some((inner) => inner.cssText.includes("@view-transition")))
          .map((r) => ({ media: r.media.mediaText, matches: matchMedia(r.media.mediaText).matches })),
      );
    expect(await rule()).toEqual([{ media: "(prefers-reduced-motion: no-preference)", matches: true }]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await rule()).toEqual([{ media: "(prefers-reduced-motion: no-preference)", matches: false }]);
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
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(baseURL!).origin)
        foreign.push(req.url());
    });
    for (const entry of pages) await page.goto(entry.path, { waitUntil: "networkidle" });
    expect(foreign).toEqual([]);
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
