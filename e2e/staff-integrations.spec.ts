import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { expect, postFromPage, test } from "../test/support/form-pages";
import { uniqueAddress } from "../test/support/mailbox";
import { serverReachingReceiver, signInAsAdmin } from "../test/support/staff";
import { waitFor } from "../test/support/wait";

/**
 * /staff/integrations end to end, against a server of its own that may reach
 * a local HTTPS receiver (WEBHOOK_ALLOW_ADDRESSES=127.0.0.1, its throwaway
 * certificate trusted through NODE_EXTRA_CA_CERTS): an admin adds a signed
 * webhook (its secret shown once), a visitor's enquiry reaches the receiver
 * signed, the log shows it, Resend sends it again with the same webhook-id;
 * pause, replace the secret, change and delete. Axe-clean at 1280 and 390 px.
 * The secret's first display, duplicates, the replaced secret's 24 hours and
 * Resend of a failing delivery: ./staff-integrations-safety.spec.ts.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const own = serverReachingReceiver(
  {
    DELIVERY_RETRY_DELAY_SECONDS: "1",
    DELIVERY_RETRY_BACKOFF: "false",
  },
  "maternis-e2e-integrations-",
);

test("an admin connects a signed webhook, an enquiry reaches it, and the log resends it with the same webhook-id", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await waitForConsole(page);

  // The menu has it (admins); the empty page is accessible at both widths.
  await page.getByRole("navigation").getByRole("link", { name: "Integrations" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  await expect(page.getByText("Nothing is connected yet.")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "empty integrations page");

  // An http:// address is refused, with nothing typed lost.
  await page.getByLabel("Name", { exact: true }).fill("CRM");
  await page.getByLabel("Address", { exact: true }).fill("http://crm.example.org/hooks");
  await page.getByRole("button", { name: "Add integration" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Use an https:// address");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("CRM");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("http://crm.example.org/hooks");
  await expectNoAxeViolations(page, "add form with an error");

  // Added: its own page, the signing secret first and focused, shown once, never in its address.
  await page.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}/crm`);
  await page.getByLabel("Summary: also the name").check();
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page).toHaveURL(/\/staff\/integrations\/[0-9a-f-]{36}\?done=added$/);
  const secretField = page.getByLabel("Secret", { exact: true });
  await expect(secretField).toHaveValue(/^whsec_/);
  await expect(secretField).toBeFocused();
  const secret = await secretField.inputValue();
  expect(page.url()).not.toContain(secret);
  await expectNoAxeViolations(page, "signing secret shown");
  await page.goto("/staff/integrations");
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: "CRM" })).toBeVisible();
  await expect(page.getByRole("cell", { name: new URL(own.receiver.url).host })).toBeVisible();

  // A visitor's enquiry reaches the receiver, signed (checked with the Standard Webhooks library).
  const response = await postFromPage(
    page,
    "/contact",
    { name: "Abena Webhook", email: uniqueAddress("webhook"), interest: "general", message: "Please call me." },
    own.server.url,
  );
  expect(response.status()).toBe(200);
  const first = await waitFor(() => own.receiver.requests.find((r) => r.path === "/crm"), {
    timeoutMs: 60_000,
    what: "the webhook to arrive",
  });
  const event = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
    type: string;
    data: { enquiry: { name: string; url: string } };
  };
  expect(event.type).toBe("enquiry.received");
  expect(event.data.enquiry.name).toBe("Abena Webhook");
  expect(first.body).not.toContain("Please call me.");

  // Its log says so; Resend sends it again with the same webhook-id.
  await page.goto("/staff/integrations");
  await page.getByRole("link", { name: "CRM" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CRM" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("cell", { name: "Delivered" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("cell", { name: /HTTP 200/ })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "integration page with its log");
  await page.getByRole("button", { name: /^Resend/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Queued again, with the same webhook-id." })).toBeVisible();
  const again = await waitFor(() => own.receiver.requests.filter((r) => r.path === "/crm")[1], {
    timeoutMs: 60_000,
    what: "the resent webhook",
  });
  expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);

  // The enquiry's page lists it beside its e-mails.
  await page.goto(event.data.enquiry.url.replace(/^https?:\/\/[^/]+/, ""));
  const integrations = page.getByRole("region", { name: "Integrations" });
  await expect(integrations.getByRole("rowheader", { name: "CRM" })).toBeVisible();

  // Pause, replace the secret (the new one signs from now on), change the name, delete.
  await page.goto("/staff/integrations");
  await page.getByRole("link", { name: "CRM" }).click();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Paused" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await page.getByRole("button", { name: "Replace signing secret" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page.getByLabel("Secret", { exact: true })).toHaveValue(/^whsec_/);
  expect(await page.getByLabel("Secret", { exact: true }).inputValue()).not.toBe(secret);
  await page.getByLabel("Name", { exact: true }).fill("CRM (sales)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CRM (sales)" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText("Delete CRM (sales)?");
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/staff\/integrations\?done=deleted$/);
  await expect(page.getByText("Nothing is connected yet.")).toBeVisible();
});
