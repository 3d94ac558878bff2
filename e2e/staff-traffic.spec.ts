import type { Browser } from "@playwright/test";
import { addDays, londonDate } from "../app/platform/calendar";
import { expectNoAxeViolations, waitForConsole, waitForIsland } from "../test/support/browser";
import { afterMinFill, expect, fill, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";
import { serverOfItsOwn, signInAsAdmin } from "../test/support/staff";

/**
 * The console's Traffic page end to end (issue 44), on a server of its own:
 * two people browse the site (a desktop from a partner's page, a phone from
 * an e-mail's button straight to the contact form, which they send with
 * JavaScript); the page then shows their visits, sources, campaign, devices
 * and the enquiry's conversion, the enquiry's own page where it came from.
 * The page works by keyboard (a reversed range is refused with an error
 * summary), without JavaScript, and is axe-clean at 1280 and 390 px, where
 * its chart is drawn for the width, its labels at least 11 px high.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

serverOfItsOwn({ FORM_MIN_FILL_MS: "500" }, "maternis-e2e-traffic-");

// Playwright's own user agent says "HeadlessChrome": a bot, never counted. These people use ordinary browsers.
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function browse(browser: Browser, baseURL: string) {
  const desktop = await browser.newContext({ userAgent: DESKTOP, baseURL });
  const reader = await desktop.newPage();
  await reader.goto("/", { referer: "https://www.partner.example/news/maternis?id=7" });
  await reader.goto("/about", { referer: `${baseURL}/` });
  await desktop.close();

  const phone = await browser.newContext({ userAgent: PHONE, baseURL, viewport: { width: 390, height: 800 } });
  const sender = await phone.newPage();
  const renderedAt = Date.now();
  await sender.goto("/contact?utm_source=email&utm_medium=transactional&utm_campaign=welcome&utm_cta=reply", {
    referer: "https://mail.example.org/",
  });
  await waitForIsland(sender);
  await fill.contact(sender, { name: "Ama Traffic", email: uniqueAddress("traffic"), message: "Tell me more." });
  await afterMinFill(renderedAt);
  await sender.getByRole("button", { name: "Send Message" }).click();
  await expect(sender.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();
  await phone.close();
}

test("the Traffic page shows the visits and the enquiry they brought, by keyboard and without JavaScript", async ({
  browser,
  page,
  baseURL,
}) => {
  await browse(browser, baseURL!);
  const today = londonDate(new Date());

  await signInAsAdmin(page, { returnTo: "/staff/traffic" });
  await waitForConsole(page);
  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  const sources = page.getByRole("table", { name: /^Sources, most visitors first/ });
  // The server writes what it counted every few seconds: the page shows it once written.
  await expect(async () => {
    await page.reload();
    await expect(sources.getByRole("row").filter({ hasText: "mail.example.org" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  const figure = (term: string) =>
    page
      .locator("dl div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}`) }) })
      .locator("dd");
  await expect(figure("Visitors")).toHaveText("2");
  await expect(figure("Views")).toHaveText("3");
  await expect(figure("Enquiries")).toHaveText("1");
  await expect(figure("Conversion")).toHaveText("50.0%");
  await expect(page.locator('svg[data-chart="traffic"] g[data-day]')).toHaveCount(7);
  await expect(page.locator(`svg[data-chart="traffic"] g[data-day="${today}"] title`)).toHaveText(
    /2 visitors, 3 views$/,
  );
  await expect(page.getByRole("table", { name: "Visitors, views and enquiries per day" })).toBeVisible();

  const row = (table: string | RegExp, name: string) =>
    page
      .getByRole("table", { name: table })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row(/^Sources/, "mail.example.org")).toHaveText(/mail\.example\.org\s*1\s*1\s*1\s*100\.0%/);
  await expect(row(/^Sources/, "partner.example")).toHaveText(/partner\.example\s*1\s*1\s*0\s*0\.0%/);
  await expect(row(/^Sources/, "This site: /")).toHaveText(/1\s*1\s*0\s*0\.0%/);
  await expect(row(/^Campaigns/, "welcome")).toHaveText(/welcome\s*reply\s*1\s*1\s*1\s*100\.0%/);
  await expect(row(/^Each form's page/, "Contact (/contact)")).toHaveText(/1\s*1\s*100\.0%/);
  await expect(row(/^Visitors by device/, "Phone")).toHaveText(/Phone\s*1\s*1\s*50%/);
  await expect(row(/^Visitors by device/, "Desktop")).toHaveText(/Desktop\s*1\s*2\s*50%/);
  await expect(row(/^Pages/, "/about")).toHaveText(/1\s*1/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `traffic at ${width}`);
    // One chart shows at each width, its labels drawn at least 11 px high (an SVG's text scales with it).
    const shown = page.locator("svg[data-chart]:visible");
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute("data-chart", width < 640 ? "traffic-narrow" : "traffic");
    const heights = await shown
      .locator("text")
      .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // By keyboard: a reversed range is refused with an error summary; then a real one is shown.
  const from = page.locator("#traffic-from");
  await from.focus();
  await from.fill(today);
  // (A date field's day, month and year are stops of their own for Tab: each field is filled, then Enter sends the form.)
  await page.locator("#traffic-to").fill(addDays(today, -3));
  await page.locator("#traffic-to").press("Enter");
  await expect(page.getByRole("alert")).toContainText("To must be the same day as From or after it");
  await expect(page.locator('[data-slot="error-summary"]')).toBeFocused();
  await expectNoAxeViolations(page, "traffic with a refused range");
  await page.locator("#traffic-from").fill(addDays(today, -29));
  await page.locator("#traffic-to").fill(today);
  await page.locator("#traffic-to").press("Enter");
  await expect(page).toHaveURL(new RegExp(`from=${addDays(today, -29)}&to=${today}$`));
  await expect(page.getByRole("heading", { level: 2, name: /\(30 days\)$/ })).toBeVisible();
  await expect(page.locator('svg[data-chart="traffic"] g[data-day]')).toHaveCount(30);
  await page.getByRole("link", { name: "Last 7 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /\(7 days\)$/ })).toBeVisible();

  // The enquiry's page says where it came from.
  await page.goto("/staff");
  await page
    .getByRole("link", { name: /Ama Traffic/ })
    .first()
    .click();
  const source = page.getByRole("region", { name: "Where they came from" });
  await expect(source).toContainText("mail.example.org");
  await expect(source).toContainText("utm_campaign");
  await expect(source).toContainText("welcome");

  // Without JavaScript: the same page, chart and tables, and its form.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await plain.newPage();
    await noJs.goto("/staff/traffic");
    await expect(noJs.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
    await expect(noJs.locator('svg[data-chart="traffic"] rect[data-series="visitors"]')).toHaveCount(7);
    await expect(noJs.getByRole("table", { name: /^Sources/ })).toContainText("mail.example.org");
    await noJs.locator("#traffic-from").fill(addDays(today, -13));
    await noJs.locator("#traffic-to").fill(today);
    await noJs.getByRole("button", { name: "Show" }).click();
    await expect(noJs).toHaveURL(new RegExp(`from=${addDays(today, -13)}&to=${today}$`));
    await expect(noJs.getByRole("heading", { level: 2, name: /\(14 days\)$/ })).toBeVisible();
  } finally {
    await plain.close();
  }
});
