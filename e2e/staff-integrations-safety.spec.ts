import { Webhook } from "standardwebhooks";
import type { Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { expect, postFromPage, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";
import { serverReachingReceiver, signInAsAdmin } from "../test/support/staff";
import { waitFor } from "../test/support/wait";

/**
 * /staff/integrations without friction (issue 43), against a server of its
 * own that may reach a local HTTPS receiver (WEBHOOK_ALLOW_ADDRESSES=127.0.0.1,
 * its certificate trusted through NODE_EXTRA_CA_CERTS), with ten minutes
 * between a failing delivery's tries: after adding, the signing secret first
 * and focused (the post redirects; the secret is never in a URL); the same
 * address again warned about; a host name checked when saved; the full
 * address of a plain webhook; "Replace signing secret" confirmed, the old one
 * signing beside the new one; a failing delivery's next try, and Resend.
 * Axe-clean at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const own = serverReachingReceiver(
  {
    DELIVERY_RETRY_DELAY_SECONDS: "600",
    DELIVERY_RETRY_BACKOFF: "false",
  },
  "maternis-e2e-integrations-safety-",
);

/** A visitor's contact enquiry through the server's own form; the request it causes at `hookPath`. */
async function enquiryReaching(page: Page, hookPath: string, name: string) {
  const before = own.receiver.requests.filter((r) => r.path.startsWith(hookPath)).length;
  const response = await postFromPage(
    page,
    "/contact",
    { name, email: uniqueAddress("webhook"), interest: "general", message: "Please call me." },
    own.server.url,
  );
  expect(response.status()).toBe(200);
  return waitFor(() => own.receiver.requests.filter((r) => r.path.startsWith(hookPath))[before], {
    timeoutMs: 60_000,
    what: `a request at ${hookPath}`,
  });
}

const CRM_PATH = "/crm?token=abc123";
let crmPage = "";
let firstSecret = "";

test("adding: the secret first and focused, the same address warned about, a host name checked, the full address shown", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page, { returnTo: "/staff/integrations" });
  await waitForConsole(page);

  // A plain webhook: added, then its own page with the secret first, focused, in view.
  await page.getByLabel("Name", { exact: true }).fill("CRM");
  await page.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}${CRM_PATH}`);
  await page.getByLabel("Summary: also the name").check();
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page).toHaveURL(/\/staff\/integrations\/[0-9a-f-]{36}\?done=added$/);
  crmPage = new URL(page.url()).pathname;
  const secretField = page.getByLabel("Secret", { exact: true });
  await expect(secretField).toBeFocused();
  await expect(secretField).toBeInViewport();
  firstSecret = await secretField.inputValue();
  expect(firstSecret).toMatch(/^whsec_/);
  expect(page.url()).not.toContain(firstSecret);
  await expect(page.locator("[data-slot=secret-once]")).toContainText("Integration added.");
  // First: between the heading and everything else on the page.
  const secretBox = (await page.locator("[data-slot=secret-once]").boundingBox())!;
  const detailsBox = (await page.locator("main dl").first().boundingBox())!;
  expect(secretBox.y).toBeLessThan(detailsBox.y);
  // The full address of a plain webhook: in its details and in the form that changes it.
  await expect(page.getByRole("definition").filter({ hasText: `${own.receiver.url}${CRM_PATH}` })).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(`${own.receiver.url}${CRM_PATH}`);
  await expectNoAxeViolationsAtBothWidths(page, "a new webhook's secret");

  // Shown once: reloaded, it is gone, and the page says what to do.
  await page.reload();
  await expect(page.getByLabel("Secret", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Its signing secret was shown once" })).toBeVisible();
  expect(await page.content()).not.toContain(firstSecret);

  // The add form is empty again on the list.
  await page.goto("/staff/integrations");
  await waitForConsole(page);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");

  // A Slack address: its page shows its host only.
  await page.getByLabel("Slack", { exact: true }).check();
  await page.getByLabel("Name", { exact: true }).fill("Sales");
  await page.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}/services/T0/B0/slacksecret`);
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await expect(page.getByText("(the rest of the address is a secret: only its host is shown)")).toBeVisible();
  expect(await page.content()).not.toContain("slacksecret");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");

  // The same kind and address again: warned (focus on the warning), nothing added, what was typed kept.
  await page.goto("/staff/integrations");
  await waitForConsole(page);
  await page.getByLabel("Slack", { exact: true }).check();
  await page.getByLabel("Name", { exact: true }).fill("Sales again");
  await page.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}/services/T0/B0/slacksecret`);
  await page.getByRole("button", { name: "Add integration" }).click();
  const warning = page.locator("[data-slot=duplicate-warning]");
  await expect(warning).toBeFocused();
  await expect(warning.getByRole("alert")).toContainText("This address is already connected");
  await expect(warning.getByRole("link", { name: "Sales" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sales again");
  await expect(page.getByRole("rowheader")).toHaveText(["CRM", "Sales"]);
  await expectNoAxeViolationsAtBothWidths(page, "the same address warned about");
  // Added only when asked again.
  await page.getByRole("button", { name: "Add it anyway" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sales again" })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("rowheader")).toHaveText(["CRM", "Sales"]);

  // A host name is looked up when saved: one that does not exist is refused on the form, nothing added.
  await page.getByLabel("Name", { exact: true }).fill("Typo");
  await page.getByLabel("Address", { exact: true }).fill("https://crm.invalid/hooks");
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page.getByRole("alert")).toContainText("crm.invalid");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("https://crm.invalid/hooks");
  await expect(page.getByRole("rowheader")).toHaveText(["CRM", "Sales"]);
  // Positive control: a name that resolves to an allowed address (localhost, 127.0.0.1 here) is saved.
  await page.getByLabel("Address", { exact: true }).fill(`https://localhost:${own.receiver.port}/typo`);
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Typo" })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("rowheader")).toHaveText(["CRM", "Sales"]);

  // Without JavaScript the same: the post redirects, the page it leads to shows the secret first, focused.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: own.server.url,
  });
  try {
    const noJs = await plain.newPage();
    await noJs.goto("/staff/integrations");
    await noJs.getByLabel("Name", { exact: true }).fill("Archive");
    await noJs.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}/archive`);
    await noJs.getByRole("button", { name: "Add integration" }).click();
    await expect(noJs).toHaveURL(/\/staff\/integrations\/[0-9a-f-]{36}\?done=added$/);
    await expect(noJs.getByLabel("Secret", { exact: true })).toHaveValue(/^whsec_/);
    await expect(noJs.getByLabel("Secret", { exact: true })).toBeFocused();
    await noJs.getByRole("button", { name: "Delete" }).click();
    await noJs.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(noJs.getByRole("rowheader")).toHaveText(["CRM", "Sales"]);
  } finally {
    await plain.close();
  }
});

test("Replace signing secret: confirmed, and the old secret still signs beside the new one", async ({ page }) => {
  await signInAsAdmin(page, { returnTo: crmPage });
  await waitForConsole(page);

  // Asked first (GOV.UK's danger pattern); "No, keep it" changes nothing.
  await page.getByRole("button", { name: "Replace signing secret" }).click();
  const confirm = page.getByRole("alert");
  await expect(confirm).toContainText("Replace the signing secret of CRM?");
  await expect(confirm).toContainText("keeps signing beside it for 24 hours");
  await expectNoAxeViolationsAtBothWidths(page, "replace the signing secret?");
  await page.getByRole("link", { name: "No, keep it" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Previous secret")).toHaveCount(0);

  await page.getByRole("button", { name: "Replace signing secret" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/\?done=replaced$/);
  const secretField = page.getByLabel("Secret", { exact: true });
  await expect(secretField).toBeFocused();
  const secondSecret = await secretField.inputValue();
  expect(secondSecret).toMatch(/^whsec_/);
  expect(secondSecret).not.toBe(firstSecret);
  await expect(page.getByRole("definition").filter({ hasText: "Still signs beside the new one until" })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "the replaced secret");

  // A delivery now carries both signatures: the receiver accepts it with either secret.
  const request = await enquiryReaching(page, "/crm", "Kwame Overlap");
  const headers = request.headers as Record<string, string>;
  expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
  expect(() => new Webhook(firstSecret).verify(request.body, headers)).not.toThrow();
  expect(() => new Webhook(secondSecret).verify(request.body, headers)).not.toThrow();
  expect(() => new Webhook(`whsec_${Buffer.alloc(32, 9).toString("base64")}`).verify(request.body, headers)).toThrow();
});

test("a failing delivery shows its next try; Resend tries it now", async ({ page }) => {
  own.receiver.respondWith((request) =>
    request.path.startsWith("/crm") ? { status: 500, body: "down" } : { status: 200 },
  );
  await enquiryReaching(page, "/crm", "Ama Retry");
  await signInAsAdmin(page, { returnTo: crmPage });
  await waitForConsole(page);
  const failing = page.getByRole("row").filter({ hasText: "Failed, will retry" });
  await expect(async () => {
    await page.reload();
    await expect(failing).toContainText("Next try", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expectNoAxeViolationsAtBothWidths(page, "a failing delivery's next try");

  // The receiver is back: Resend sends it now instead of in ten minutes.
  own.receiver.respondWith(() => ({ status: 200 }));
  const before = own.receiver.requests.length;
  await failing.getByRole("button", { name: /^Resend/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending it again now" })).toBeVisible();
  await waitFor(() => own.receiver.requests.length > before, { timeoutMs: 30_000, what: "the resent delivery" });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "Failed, will retry" })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // The audit log has it.
  await page.goto("/staff/audit?action=webhook-resent");
  await expect(
    page
      .getByRole("table", { name: /^Audit log/ })
      .getByRole("row")
      .nth(1),
  ).toContainText("Webhook resent");
});
