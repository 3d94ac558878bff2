/**
 * What scripts a public page loads, and when (docs/decisions/006, 011 and
 * 015): an enquiry page's form island loads only when the visitor moves to
 * the form and builds no time-zone formatter; content pages carry none of
 * React Router's scripts, only one small enhancement module loaded after the
 * document is parsed; links load pages as documents, prefetched under the
 * CSP by Speculation Rules, cross-fading except under reduced motion.
 */
import { expect, test } from "@playwright/test";
import { islandPaths } from "../app/features/enquiries/kinds";
import { pages } from "../app/pages";
import { waitForEnhancement, waitForIsland, watchCspViolations } from "../test/support/browser";

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
