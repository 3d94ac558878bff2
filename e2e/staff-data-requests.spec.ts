import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { afterMinFill, fill, open } from "../test/support/form-pages";
import { signInAsAdmin, signInAsStaff } from "../test/support/staff";

/**
 * Data requests and the audit log in a real browser: an admin finds a
 * person who wrote through the public contact form, downloads everything as
 * JSON, erases it (right after signing in, as erasure requires), and reads
 * the audit rows; a staff-role member is refused both pages. Axe-clean at
 * desktop width and at 390 px.
 */
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function axeAtBothWidths(page: Page, what: string) {
  await expectNoAxeViolations(page, `${what} (desktop)`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, `${what} (390 px)`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an admin finds a person, downloads their data, erases it, and sees it in the audit log", async ({ page }) => {
  const tag = unique();
  const email = `Subject-${tag}@Example.org`;
  const name = `Efua Quillfeather ${tag}`;
  const message = `Lantern harbour message ${tag}`;

  // The person writes through the public contact form.
  const renderedAt = await open(page, "/contact");
  await fill.contact(page, { name, email, organization: "Tamale Clinic", message });
  await afterMinFill(renderedAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.").first()).toBeVisible({ timeout: 15_000 });

  await signInAsAdmin(page, { returnTo: "/staff/data-requests" });
  await waitForConsole(page);
  await expect(page.getByRole("heading", { name: "Data requests", level: 1 })).toBeVisible();
  await axeAtBothWidths(page, "data requests search");

  // Something that is not an address: a clear error that keeps what was typed.
  // (The browser's own check stops it in the form; the server's check answers a browser without it.)
  await page.locator("#subject-search").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByLabel("E-mail address").fill("not an address");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter an e-mail address in the correct format");
  await expect(page.getByLabel("E-mail address")).toHaveValue("not an address");
  // The search is a POST: the address never reaches the URL.
  expect(page.url()).not.toContain("not");

  // Found, case aside.
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const lower = email.toLowerCase();
  await expect(page.getByRole("heading", { name: `What we hold for ${lower}` })).toBeVisible();
  const table = page.getByRole("table", { name: `Enquiries from ${lower}, newest first` });
  await expect(table.getByRole("columnheader")).toHaveText(["Received", "Form", "State", "E-mails", "Notes"]);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("Contact");
  await expect(table.getByRole("row").nth(1)).toContainText("New");
  await axeAtBothWidths(page, "data requests results");

  expect(page.url()).not.toContain(tag);

  // The download: one JSON attachment, never cached, by POST only (a link from anywhere starts nothing).
  const origin = new URL(page.url()).origin;
  const viaGet = await page.request.get(`/staff/data-requests/export?email=${encodeURIComponent(lower)}`);
  expect(viaGet.status()).toBe(405); // POST only: nothing is exported
  expect(viaGet.headers().allow).toBe("POST");
  expect(await viaGet.text()).not.toContain(lower);
  const direct = await page.request.post("/staff/data-requests/export", {
    form: { email: lower },
    headers: { origin },
  });
  expect(direct.status()).toBe(200);
  expect(direct.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(direct.headers()["content-disposition"]).toMatch(
    /^attachment; filename="maternis-access-request-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(direct.headers()["cache-control"]).toBe("no-store");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download as JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^maternis-access-request-.*\.json$/);
  const doc = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    email: string;
    enquiries: {
      form: string;
      fields: Record<string, string>;
      emails: { kind: string; subject: string; text: string }[];
    }[];
  };
  expect(doc.email).toBe(lower);
  expect(doc.enquiries).toHaveLength(1);
  expect(doc.enquiries[0]!.form).toBe("contact");
  expect(doc.enquiries[0]!.fields).toMatchObject({ name, message, organization: "Tamale Clinic" });
  expect(doc.enquiries[0]!.emails.map((e) => e.kind).sort()).toEqual(["acknowledgement", "notification"]);
  for (const sent of doc.enquiries[0]!.emails) {
    expect(sent.subject.length).toBeGreaterThan(0);
    expect(sent.text.length).toBeGreaterThan(0);
  }

  // Erasure: its own confirmation page, the address typed again.
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("heading", { name: `Erase everything about ${lower}`, level: 1 })).toBeVisible();
  await expect(page.getByText("delete 1 enquiry")).toBeVisible();
  await axeAtBothWidths(page, "erase confirmation");
  await page.getByLabel("E-mail address, again").fill(`someone-else-${tag}@example.org`);
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("alert")).toContainText("does not match");
  await expect(page.getByLabel("E-mail address, again")).toHaveValue(`someone-else-${tag}@example.org`);
  await axeAtBothWidths(page, "erase confirmation with an error");
  await page.getByLabel("E-mail address, again").fill(email);
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Erased", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(lower);
  await expect(page.getByRole("definition").first()).toHaveText("1");
  await axeAtBothWidths(page, "erasure result");

  expect(page.url()).not.toContain(tag);

  // Nothing is held any more.
  await page.goto("/staff/data-requests");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Nothing held for ${lower}` })).toBeVisible();

  // The audit log in words: the access export and the erasure, a short reference to a keyed hash, never the address.
  await page.goto("/staff/audit");
  await waitForConsole(page);
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await axeAtBothWidths(page, "audit log");
  await page.getByLabel("Action").selectOption({ label: "Personal data erased" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=erasure/);
  const audit = page.getByRole("table", { name: /^Audit log, newest first/ });
  await expect(audit.getByRole("columnheader")).toHaveText(["Time", "Who", "Action", "About", "Details", "Client"]);
  const newest = audit.getByRole("row").nth(1);
  await expect(newest).toContainText("Personal data erased");
  await expect(newest).toContainText("admin@maternis.test");
  await expect(newest).toContainText(/A person, by a one-way hash of their address \(ref [0-9a-f]{8}\)/);
  await expect(newest).not.toContainText(/sha256:|[0-9a-f]{32}/);
  await expect(newest).toContainText("1 enquiry,");
  await page.getByLabel("Action").selectOption({ label: "Access request exported" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(audit.getByRole("row").nth(1)).toContainText("Access request exported");
  const text = (await page.locator("main").textContent())!.toLowerCase();
  expect(text).not.toContain(lower);
  await axeAtBothWidths(page, "audit log filtered");
});

test("a staff-role member is refused the data request and audit pages, and the refusals are audited", async ({
  browser,
  page,
}) => {
  const { page: staffPage, context, email } = await signInAsStaff(browser);
  try {
    for (const path of ["/staff/data-requests", "/staff/data-requests?email=someone%40example.org", "/staff/audit"]) {
      const response = await staffPage.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(staffPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    }
    const download = await staffPage.request.post("/staff/data-requests/export", {
      form: { email: "someone@example.org" },
      headers: { origin: new URL(staffPage.url()).origin },
    });
    expect(download.status()).toBe(403);
    expect(await download.text()).not.toContain("someone@example.org");
    await expectNoAxeViolations(staffPage, "403 page");
    // The navigation offers neither page to staff.
    await staffPage.goto("/staff/account");
    await expect(staffPage.getByRole("link", { name: "Inbox", exact: true })).not.toHaveCount(0);
    await expect(staffPage.getByRole("link", { name: "Data requests" })).toHaveCount(0);
    await expect(staffPage.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  } finally {
    await context.close();
  }

  await signInAsAdmin(page, { returnTo: `/staff/audit?action=refused&actor=${encodeURIComponent(email)}` });
  const rows = page.getByRole("table", { name: /^Audit log, newest first/ }).getByRole("row");
  await expect(rows).toHaveCount(5); // header and four refusals
  await expect(rows.nth(1)).toContainText("Refused (403)");
  await expect(rows.nth(1)).toContainText("POST /staff/data-requests/export");
  await expect(rows.nth(4)).toContainText("GET /staff/data-requests");
});
