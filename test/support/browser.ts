import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { isStaffPath } from "../../app/features/console/paths";
import { islandPaths } from "../../app/features/enquiries/kinds";

/** Runs axe-core (all WCAG 2.x A/AA rules and best practices) and expects zero violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
  await settleConsole(page);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n    ")}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/**
 * A console page whose scripts run changes as it hydrates (controls that need
 * JavaScript appear: "Select all" becomes a checkbox, the passkey button is
 * added), so it is checked once hydrated (waitForConsole);
 * one whose scripts are off is checked as it is.
 */
async function settleConsole(page: Page) {
  if (!isStaffPath(new URL(page.url()).pathname)) return;
  if (await page.evaluate(() => matchMedia("(scripting: enabled)").matches)) await waitForConsole(page);
}

/** Waits until a console page has hydrated (`data-hydrated`, set by the console's shell). */
export async function waitForConsole(page: Page) {
  await page.locator("[data-hydrated]").first().waitFor({ state: "attached" });
}

/**
 * expectNoAxeViolations at 1280 and at 390 px wide (800 high), back at 1280 after; with `fits`,
 * also that nothing is cut off at either width (the page never scrolls sideways).
 */
export async function expectNoAxeViolationsAtBothWidths(page: Page, what: string, { fits = false } = {}) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `${what} at ${width}`);
    if (fits) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${what} fits ${width} px`).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Collects the page's uncaught script errors and console errors, each with the page's address. */
export function watchPageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/** Collects Content-Security-Policy violations reported by the page. */
export async function watchCspViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/**
 * Holds back the page's JavaScript (the build's /assets/*.js) until
 * `release()`, so a test can do what a visitor on a slow connection does
 * before a page's scripts run. Open the page with `waitUntil: "commit"`: its
 * load event waits for the held scripts.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Routing also turns off the HTTP cache, so a reload fetches the scripts again (and is held).
  // The route stays: once released, every request passes straight through (no unroute racing the held ones).
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    // A request the page abandoned meanwhile (it navigated away, as a form post does) is already handled.
    await route.continue().catch((error: unknown) => {
      if (!String(error).includes("already handled")) throw error;
    });
  });
  return { release };
}

/**
 * Waits until React has hydrated the page: the menu toggle gains
 * aria-expanded, and React's own properties are on the element. Only the
 * staff console is hydrated; a content page never is (use waitForEnhancement
 * there), nor an enquiry page (waitForIsland).
 */
export async function waitForHydration(page: Page) {
  await page.locator("summary[aria-expanded]").first().waitFor({ state: "attached" });
  await expect.poll(() => page.evaluate(isHydrated), { message: "React has hydrated the page" }).toBe(true);
}

/**
 * Waits until a content page's enhancement module (app/enhance/) has run, and
 * checks that React did not hydrate the page.
 */
export async function waitForEnhancement(page: Page) {
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  expect(await page.evaluate(isHydrated), "a content page is not hydrated").toBe(false);
}

/**
 * Starts an enquiry page's form island as a visitor's pointer does, moving
 * over the form (docs/decisions/015-form-islands.md: the island loads on the
 * first move to the form), without scrolling or moving focus; waits until it
 * has hydrated (its container is marked `data-island-ready`) and checks that
 * the rest of the page was not hydrated.
 */
export async function waitForIsland(page: Page) {
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  const island = page.locator("[data-island]").first();
  await island.dispatchEvent("pointerover");
  await island.and(page.locator("[data-island-ready]")).waitFor({ state: "attached" });
  await waitForEnhancement(page);
}

/** Waits for a page's scripts: the form island on the enquiry pages, the enhancement module on content pages. */
export async function waitForPageScripts(page: Page, path: string) {
  if (islandPaths.includes(path)) await waitForIsland(page);
  else await waitForEnhancement(page);
}

/** In the page: true when React owns the menu toggle (React keeps its fibre on the element). */
function isHydrated() {
  const summary = document.querySelector("summary");
  return !!summary && Object.keys(summary).some((key) => key.startsWith("__react"));
}

/**
 * Waits until no finite CSS animation or transition has run for several
 * consecutive frames, so axe measures what a person sees rather than, say, a
 * toast half faded in. One look is not enough: a transition starts only at the
 * style recalculation after the change that triggers it (Sonner sets
 * data-mounted in an effect, a frame after the toast is inserted), so a page
 * can be still for a frame and then start moving. Fails after 5 s of motion.
 */
export async function settleAnimations(page: Page, quietFrames = 6) {
  const moving = await page.evaluate(async (quietFrames) => {
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0));
    const deadline = performance.now() + 5000;
    let quiet = 0;
    while (quiet < quietFrames) {
      if (performance.now() > deadline) {
        return running().map(
          (a) =>
            `${a.constructor.name} ${(a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? ""}`,
        );
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
      quiet = running().length === 0 ? quiet + 1 : 0;
    }
    return [];
  }, quietFrames);
  expect(moving, "animations still running after 5 s").toEqual([]);
}

/**
 * Waits for the visible toast of the given type to be fully entered, and holds
 * it there. Sonner inserts a toast with data-mounted="false" (opacity 0), sets
 * it to "true" in an effect, and fades it in with a 400 ms CSS transition; after
 * its duration (4 s, 5 s for errors) it sets data-removed="true" and fades it
 * out. The pointer over the region pauses that timer, so the toast can neither
 * be entering nor leaving while axe measures it.
 */
export async function settleToast(page: Page, type: "success" | "error") {
  const toast = page.locator(`[data-sonner-toast][data-type="${type}"][data-mounted="true"][data-removed="false"]`);
  await expect(toast).toBeVisible();
  await toast.hover();
  await expect(toast).toHaveAttribute("data-expanded", "true");
  await settleAnimations(page);
  await expect(toast).toHaveCSS("opacity", "1");
}

/**
 * Holds the page's carousel on its current slide: the rotation pauses while the
 * pointer is over it, so no cross-fade (500 ms) can start while axe measures.
 * The pointer rests in the padding above the slides, over no control.
 */
export async function holdCarousel(page: Page) {
  const carousel = page.locator('[data-slot="carousel"]');
  if ((await carousel.count()) === 0) return;
  await expect(carousel).toHaveAttribute("data-enhanced", "");
  await carousel.hover({ position: { x: 2, y: 2 } });
}
