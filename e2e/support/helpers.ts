import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { pages } from "../../app/pages";

export { pages };

/** Runs axe-core (all WCAG 2.x A/AA rules and best practices) and expects zero violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
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

/** Waits until React has hydrated the page (the menu toggle gains aria-expanded). */
export async function waitForHydration(page: Page) {
  await page.locator("summary[aria-expanded]").first().waitFor({ state: "attached" });
}

/**
 * Waits (at most 3 s) for running CSS animations and transitions to finish, so
 * axe measures what a person sees rather than, say, a toast half faded in.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0));
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}
