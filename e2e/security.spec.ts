/**
 * Security as a browser and a client see it: every page runs under its CSP
 * with no violation and no script error, every response carries the security
 * headers, and hashed assets, icons, images and the manifest carry the
 * subresource headers (immutable and precompressed where hashed); other
 * methods, the repository's own files and folder listings are refused.
 */
import { expect, test } from "@playwright/test";
import { pages } from "../app/pages";
import {
  waitForEnhancement,
  waitForIsland,
  waitForPageScripts,
  watchCspViolations,
  watchPageErrors,
} from "../test/support/browser";

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
    const errors = watchPageErrors(page);
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

  test("the watchers of the two tests above see a violation and an error (their positive control)", async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const errors = watchPageErrors(page);
    await page.goto("/about");
    await waitForPageScripts(page, "/about");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    // An image from another origin breaks img-src; a script that throws leaves an uncaught error.
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "https://example.invalid/tracker.png";
      document.body.append(image);
      setTimeout(() => {
        throw new Error("a script failed");
      });
    });
    await expect.poll(() => violations.join("\n")).toMatch(/img-src/);
    await expect.poll(() => errors.join("\n")).toMatch(/\/about: a script failed/);
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

  test("TRACE and OPTIONS answer 405; no .git, source, build folder or listing is served (ASVS 13.4.1, 13.4.3, 13.4.4)", async ({
    request,
  }) => {
    for (const method of ["TRACE", "OPTIONS"]) {
      const response = await request.fetch("/contact", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"], method).toBe("GET, HEAD, POST");
    }
    // The server runs from a checkout here, so .git and the sources are on its disk: none of them is served.
    for (const path of [
      "/.git/config",
      "/.git/HEAD",
      "/package.json",
      "/server/app.ts",
      "/app/root.tsx",
      "/build/server/index.js",
      "/assets/",
      "/downloads/",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toMatch(/repositoryformatversion|ref: refs|Index of|"devDependencies"/);
    }
    // Positive control: the same client gets a page, and a file the build serves, with GET.
    expect((await request.get("/contact")).status()).toBe(200);
    expect((await request.get("/favicon.svg")).status()).toBe(200);
  });
});
