import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { expect, test } from "../test/support/form-pages";
import { serverOfItsOwn, signInAsAdmin } from "../test/support/staff";

/**
 * Text messages end to end, on a server of its own with the communication
 * endpoint on (COMMUNICATION_API_KEY) and the file SMS transport: a message
 * the company's services send is stored and listed on "Text messages"
 * (admins), and a data request by phone number finds it, exports it and
 * erases it. Axe-clean at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const KEY = "e2e-communication-key-0123456789abcdef";
serverOfItsOwn({ COMMUNICATION_API_KEY: KEY }, "maternis-e2e-messages-");

test("a text message is listed for admins, and a request by phone number finds and erases it", async ({ page }) => {
  const sent = await page.request.post("/functions/v1/azure-communication", {
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    data: { action: "send_sms", data: { to: "+447700900777", message: "Your clinic visit is on Monday at 10:00." } },
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).success).toBe(true);

  await signInAsAdmin(page);
  await waitForConsole(page);
  await page.getByRole("navigation").getByRole("link", { name: "Text messages" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Text messages" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "+447700900777" });
  await expect(row).toContainText("Your clinic visit is on Monday at 10:00.");
  await expect(row.getByRole("cell", { name: "Sent", exact: true })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `text messages at ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A data request by number, written as people write it.
  await page.goto("/staff/data-requests");
  await page.getByLabel("E-mail address or phone number").fill("+44 7700 900777");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: "What we hold for +447700900777" })).toBeVisible();
  const table = page.getByRole("table", { name: "Text messages to +447700900777, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expectNoAxeViolations(page, "a phone number's data");

  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Erase everything about +447700900777", level: 1 })).toBeVisible();
  await page.getByLabel("Phone number, again").fill("+447700900777");
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Erased", level: 1 })).toBeVisible();
  await expect(page.getByText("Text messages deleted")).toBeVisible();

  await page.goto("/staff/text-messages");
  await expect(page.getByText("No text message has been sent yet.")).toBeVisible();
});
