/**
 * The banner staff publish (issue 13; docs/decisions/010-dated-content.md)
 * end to end, on servers of this file's own: a published banner replaces
 * whatever the site shows, so it must not run against the shared stack the
 * other suites read the specification's Web Summit banner from.
 *
 * - On the embedded database (one process): an admin writes an announcement
 *   with a live preview, publishes it, and a prerendered page shows it without
 *   a rebuild or a restart; a visitor who dismissed it sees the next one (a
 *   new id); withdrawing it leaves no banner and no empty landmark. The
 *   editor is axe-clean empty, with a preview and with errors, and no page
 *   reports a CSP violation.
 * - On PostgreSQL with two web processes: published on one, the other's
 *   prerendered pages show it (LISTEN/NOTIFY; the target is 5 s), and a
 *   withdrawal reaches it the same way.
 *
 * The servers run at today's date (no SITE_CLOCK), where the content module's
 * default announcement (Web Summit 2025) has ended: the site starts with no
 * banner. Sign-in codes go through an SMTP server of this file's own that
 * writes to the stack's mailbox folder, so the mailbox helpers read them; each
 * server has its own admin address.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  holdScripts,
  waitForConsole,
  waitForEnhancement,
  watchCspViolations,
} from "../test/support/browser";
import { startPostgres, type TestPostgres } from "../test/support/postgres";
import { mailboxDir } from "../test/support/mailbox";
import { startServer, type RunningServer } from "../test/support/server-process";
import { TEST_KEYS } from "../test/support/test-keys";
import { startSmtpServer, type TestSmtpServer } from "../test/support/smtp";
import { signInWithCode } from "../test/support/staff";

/**
 * Publishing re-renders every prerendered page, and visitors should see it
 * within 5 s. That is a speed target, not something a test on a loaded
 * 2-core machine can time: these tests wait for the state (the banner shown
 * or gone) with room for a busy machine, and fail only if it never arrives.
 */
const REACHES_VISITORS_MS = 30_000;

// One worker runs this file's tests in order (the servers are started once per group); a failure skips none of the others.
test.describe.configure({ mode: "default", timeout: 180_000 });

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer({ mailboxDir });
});
test.afterAll(async () => {
  await smtp?.stop();
});

const banner = (page: Page) => page.getByRole("complementary", { name: "Announcement" });

function serverEnv(adminEmail: string, extra: Record<string, string> = {}) {
  return {
    LOG_LEVEL: "warn",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    STAFF_ADMIN_EMAILS: adminEmail,
    ...extra,
  };
}

async function adminPage(browser: Browser, server: RunningServer, email: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInWithCode(page, email, { returnTo: "/staff/banner" });
  await expect(page).toHaveURL(/\/staff\/banner$/);
  await waitForConsole(page);
  return { context, page };
}

/** Fills the editor and publishes; waits for the console to say so. */
async function publish(page: Page, fields: { message: string; label: string; href: string }) {
  await page.getByLabel("Announcement").fill(fields.message);
  await page.getByLabel("Link text").fill(fields.label);
  await page.getByLabel("Link goes to").fill(fields.href);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
}

/** Opens `url` and checks its banner reads `message` (with null: that there is none, and no empty landmark). */
async function checkBanner(page: Page, url: string, message: string | null) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  if (message === null) {
    expect(await page.locator('[data-slot="announcement-banner"]').count()).toBe(0);
    expect(await banner(page).count()).toBe(0);
  } else {
    // allTextContents does not wait for the banner to appear: each try looks once.
    expect((await banner(page).allTextContents()).join("")).toContain(message);
  }
}

/** Reloads `url` until its banner reads `message` (or has none), for at most the time allowed to reach visitors. */
async function waitForBanner(page: Page, url: string, message: string | null) {
  await expect(() => checkBanner(page, url, message)).toPass({
    timeout: REACHES_VISITORS_MS,
    intervals: [200, 300, 500],
  });
}

test.describe("on the embedded database", () => {
  const adminEmail = "banner-admin@maternis.test";
  let server: RunningServer;
  let admin: { context: BrowserContext; page: Page };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startServer(serverEnv(adminEmail), {
      dataPrefix: "maternis-e2e-banner-",
      healthTimeoutMs: 170_000,
    });
    admin = await adminPage(browser, server, adminEmail);
  });
  test.afterAll(async () => {
    await admin?.context.close();
    await server?.stop();
  });

  test("the editor is accessible, previews as it is typed, and keeps what was typed on an error", async () => {
    const { page } = admin;
    await expect(page.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      "No announcement has been published from the console, and the built-in one has ended. The site shows no banner.",
    );
    await expect(page.getByText("Write the announcement to see it here.")).toBeVisible();
    await expectNoAxeViolations(page, "on the empty editor");

    await page.getByLabel("Announcement").fill("Join us at the Accra maternal health forum.");
    await page.getByLabel("Link text").fill("Book a meeting");
    const preview = page.locator('[data-slot="announcement-preview"]');
    await expect(preview).toContainText("Join us at the Accra maternal health forum.");
    await expect(preview).toContainText("Book a meeting");
    // The preview is not a landmark and has no dismiss button: only the site's banner has those.
    await expect(banner(page)).toHaveCount(0);
    await expect(preview.getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(page, "with a preview");

    // A link that is neither a path here nor https: an error, and nothing typed is lost.
    await page.getByLabel("Link goes to").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Publish" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toBeVisible();
    await expect(page.getByLabel("Link goes to")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Announcement")).toHaveValue("Join us at the Accra maternal health forum.");
    await expect(page.getByLabel("Link text")).toHaveValue("Book a meeting");
    await expect(page.getByLabel("Link goes to")).toHaveValue("javascript:alert(1)");
    await expectNoAxeViolations(page, "with an error");
  });

  test("published, it appears on a prerendered page without a restart; a new one shows after the last was dismissed; withdrawn, none", async ({
    browser,
  }) => {
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const violations = await watchCspViolations(visitor);
    try {
      // At today's date the built-in default (Web Summit 2025) has ended: no banner, no empty landmark.
      await checkBanner(visitor, `${server.url}/about`, null);

      await admin.page.goto("/staff/banner");
      await publish(admin.page, {
        message: "Join us at the Accra maternal health forum.",
        label: "Book a meeting",
        href: "/demo",
      });
      await waitForBanner(visitor, `${server.url}/about`, "Join us at the Accra maternal health forum.");
      await waitForEnhancement(visitor);
      await expect(banner(visitor).getByRole("link", { name: "Book a meeting" })).toHaveAttribute("href", "/demo");
      const firstId = await banner(visitor).getAttribute("data-announcement");

      // Dismissed, it stays dismissed for the session, on this page and the next.
      await banner(visitor).getByRole("button", { name: "Dismiss announcement" }).click();
      await expect(banner(visitor)).toBeHidden();
      await visitor.goto(`${server.url}/team`);
      await expect(banner(visitor)).toBeHidden();

      // An edit is a new announcement with a new id: the visitor who dismissed the last one sees it.
      // It is typed before the console's script has run, and hydration keeps it (React alone would put
      // the saved text back into the textarea, and the old announcement would be published again).
      const scripts = await holdScripts(admin.page);
      await admin.page.reload({ waitUntil: "commit" });
      const message = admin.page.getByLabel("Announcement");
      await expect(message).toHaveValue("Join us at the Accra maternal health forum.");
      await message.fill("The Accra forum moves to 4 December.");
      scripts.release();
      await waitForConsole(admin.page);
      await expect(message).toHaveValue("The Accra forum moves to 4 December.");
      await expect(admin.page.locator('[data-slot="announcement-preview"]')).toContainText(
        "The Accra forum moves to 4 December.",
      );
      await publish(admin.page, {
        message: "The Accra forum moves to 4 December.",
        label: "Book a meeting",
        href: "/demo",
      });
      await waitForBanner(visitor, `${server.url}/about`, "The Accra forum moves to 4 December.");
      await expect(banner(visitor)).toBeVisible();
      expect(await banner(visitor).getAttribute("data-announcement")).not.toBe(firstId);
      // A page rendered per request (an enquiry page) shows the same banner.
      await visitor.goto(`${server.url}/contact`);
      await expect(banner(visitor)).toContainText("The Accra forum moves to 4 December.");

      await admin.page.reload();
      await admin.page.getByRole("button", { name: "Withdraw the announcement" }).click();
      await expect(admin.page.getByRole("status").filter({ hasText: "Withdrawn." })).toBeVisible();
      await waitForBanner(visitor, `${server.url}/about`, null);
      await checkBanner(visitor, `${server.url}/contact`, null);
      expect(violations).toEqual([]);
    } finally {
      await visitorContext.close();
    }
  });
});

test.describe("on PostgreSQL with two web processes", () => {
  const adminEmail = "banner-admin-pg@maternis.test";
  let postgres: TestPostgres;
  let first: RunningServer;
  let second: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase();
    // Both processes on the database have the same keys.
    const env = serverEnv(adminEmail, { DATABASE_URL: databaseUrl, ...TEST_KEYS });
    // One after the other: the first runs the migrations.
    first = await startServer(env, { dataPrefix: "maternis-e2e-banner-pg-", healthTimeoutMs: 170_000 });
    second = await startServer(env, { dataPrefix: "maternis-e2e-banner-pg-", healthTimeoutMs: 170_000 });
  });
  test.afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await postgres?.stop();
  });

  test("published on one process, the other's prerendered pages show it; withdrawn, neither does", async ({
    browser,
  }) => {
    const admin = await adminPage(browser, first, adminEmail);
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    try {
      await checkBanner(visitor, `${second.url}/about`, null);
      await publish(admin.page, {
        message: "Meet the Maternis team in Lagos this week.",
        label: "Get in touch",
        href: "https://maternis.example/lagos",
      });
      await waitForBanner(visitor, `${second.url}/about`, "Meet the Maternis team in Lagos this week.");
      await expect(banner(visitor).getByRole("link", { name: "Get in touch" })).toHaveAttribute(
        "href",
        "https://maternis.example/lagos",
      );
      await waitForBanner(visitor, `${second.url}/`, "Meet the Maternis team in Lagos this week.");
      // The publishing process shows it too, so its withdrawal below is seen to change something.
      await waitForBanner(visitor, `${first.url}/about`, "Meet the Maternis team in Lagos this week.");

      await admin.page.getByRole("button", { name: "Withdraw the announcement" }).click();
      await expect(admin.page.getByRole("status").filter({ hasText: "Withdrawn." })).toBeVisible();
      await waitForBanner(visitor, `${second.url}/about`, null);
      await waitForBanner(visitor, `${first.url}/about`, null);
    } finally {
      await visitorContext.close();
      await admin.context.close();
    }
  });
});
