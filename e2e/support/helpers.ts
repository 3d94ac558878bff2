import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { pages } from "../../app/pages";

export { pages };

/** Runs axe-core (all WCAG 2.x A/AA rules and best practices) and expects zero violations. */
export async function expectNoAxeViolations(page: Page, context = "") {
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
