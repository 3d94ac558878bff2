/**
 * The staff inbox end to end: enquiries sent through the public forms appear
 * in the inbox; staff filter, search, open one, add a note (with the error
 * for an empty one), mark it handled and export CSV (byte-order mark, formula
 * neutralised); every page and state is axe-clean at desktop width and at
 * 390 px, and the main tasks work by keyboard alone. The inbox on a phone,
 * the selection bar, the shortcuts and the CSV's columns have their own
 * suites (staff-inbox-phone, -selection, -shortcuts, -csv).
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { afterMinFill, expect, fill, open, test } from "../test/support/form-pages";
import { atDesk, expectNoSidewaysScroll, inboxTable, tabTo } from "../test/support/inbox-pages";
import { uniqueAddress } from "../test/support/mailbox";

test.describe.configure({ timeout: 120_000 });

/** A contact enquiry and a demo request from the same new person; returns their address and a unique tag. */
async function sendEnquiries(page: Page) {
  const tag = Math.random().toString(36).slice(2, 8);
  const email = uniqueAddress(`inbox-${tag}`);
  const name = `=HYPERLINK("http://evil.example","Zed ${tag}")`;
  let renderedAt = await open(page, "/contact");
  await fill.contact(page, {
    name,
    email,
    organization: `Inbox Clinic ${tag}`,
    interest: "pricing",
    message: "What does a licence cost?",
  });
  await afterMinFill(renderedAt);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();

  renderedAt = await open(page, "/demo");
  await fill.demo(page, {
    fullName: `Demo Person ${tag}`,
    organization: `Demo Trust ${tag}`,
    email,
    role: "healthcare",
    message: "A walkthrough, please.",
  });
  await afterMinFill(renderedAt);
  await page.getByRole("button", { name: "Request Demo" }).click();
  await expect(page.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
  return { tag, email, name };
}

test.describe("staff inbox", () => {
  test("find, read, annotate, handle and export an enquiry sent through the forms", async ({ page, browser }) => {
    const { tag, email, name } = await sendEnquiries(page);
    await atDesk(browser, {}, async (desk) => {
      await desk.goto("/staff");
      await waitForConsole(desk);
      await expect(desk.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await expect(inboxTable(desk).getByRole("link", { name })).toBeVisible();
      await expect(desk.getByRole("navigation", { name: "Pages of enquiries" })).toContainText(/Page 1 of \d+/);
      await expectNoAxeViolations(desk, "inbox");

      // Search, case-insensitive: by organisation (only the contact names this one), then by address (both).
      await desk.getByLabel("Search name, e-mail or organisation").fill(`INBOX CLINIC ${tag.toUpperCase()}`);
      await desk.getByRole("button", { name: "Apply filters" }).click();
      await expect(desk).toHaveURL(/[?&]q=INBOX/);
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(2); // header + one enquiry
      await desk.getByLabel("Search name, e-mail or organisation").fill(email);
      await desk.getByRole("button", { name: "Apply filters" }).click();
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(3);
      // Filter: demo requests only, new.
      await desk.getByLabel("Form").selectOption("demo");
      await desk.getByLabel("State").selectOption("new");
      await desk.getByRole("button", { name: "Apply filters" }).click();
      const demoRow = inboxTable(desk).getByRole("row", { name: new RegExp(`Demo Person ${tag}`) });
      await expect(demoRow).toBeVisible();
      await expect(demoRow).toContainText("Healthcare Provider");
      await expect(demoRow).toContainText("New");
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(2);
      await expectNoAxeViolations(desk, "inbox, filtered");

      // Nothing matches: the empty state.
      await desk.getByLabel("Only delivery problems").check();
      await desk.getByRole("button", { name: "Apply filters" }).click();
      await expect(desk.getByText("No enquiries match these filters.")).toBeVisible();
      await expectNoAxeViolations(desk, "inbox, empty");

      // The contact enquiry's page.
      await desk.goto(`/staff?q=${encodeURIComponent(email)}&kind=contact`);
      await inboxTable(desk).getByRole("link", { name }).click();
      await expect(desk.getByRole("heading", { level: 1, name })).toBeVisible();
      await waitForConsole(desk);
      await expect(desk.getByText("Pricing & Plans")).toBeVisible();
      const emails = desk.getByRole("table", { name: /The e-mails this enquiry caused/ });
      await expect(emails.getByRole("row")).toHaveCount(3); // header + notification + acknowledgement
      await expect(emails).toContainText(/<[0-9a-f-]{36}\.notification@/);
      await expect(desk.getByRole("link", { name: /^Reply by e-mail to / })).toHaveAttribute(
        "href",
        new RegExp(`^mailto:${email.replace(/[.+]/g, "\\$&")}\\?subject=`),
      );
      await expectNoAxeViolations(desk, "enquiry page");

      // An empty note: the error summary; the note then saved.
      await desk.getByRole("button", { name: "Add note" }).click();
      await expect(desk.getByRole("alert")).toContainText("Enter a note");
      await expectNoAxeViolations(desk, "enquiry page, note error");
      await desk.getByLabel("Add a note").fill("Sent pricing by e-mail.");
      await desk.getByRole("button", { name: "Add note" }).click();
      await expect(desk.getByRole("status")).toContainText("Note added.");
      await expect(desk.getByText("Sent pricing by e-mail.")).toBeVisible();
      await expect(desk.getByLabel("Add a note")).toHaveValue("");

      await desk.getByRole("button", { name: "Mark as handled" }).click();
      await expect(desk.getByRole("status")).toContainText("Marked as handled.");
      await expect(desk.getByRole("button", { name: "Reopen" })).toBeVisible();
      await expectNoAxeViolations(desk, "enquiry page, handled");

      await desk.goto(`/staff?q=${encodeURIComponent(email)}&state=handled`);
      await expect(inboxTable(desk).getByRole("row", { name: new RegExp(tag) })).toContainText("Handled");

      // The CSV of this filter.
      // By POST only: a GET (a link from anywhere) exports nothing.
      expect(
        (await desk.request.get(`/staff/export.csv?q=${encodeURIComponent(email)}`)).status(),
      ).toBeGreaterThanOrEqual(400);
      const csv = await desk.request.post("/staff/export.csv", {
        form: { q: email },
        headers: { origin: new URL(desk.url()).origin },
      });
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers()["content-disposition"]).toMatch(
        /^attachment; filename="enquiries-up-to-\d{4}-\d{2}-\d{2}-search\.csv"$/,
      );
      const body = await csv.body();
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = body.subarray(3).toString("utf8");
      expect(text.split("\r\n")[0]).toMatch(/^ID,Received \(London time\),Form,Form \(code\),State,/);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Zed ${tag}"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
      expect(text.match(new RegExp(email.replace(/[.+]/g, "\\$&"), "g"))?.length).toBeGreaterThanOrEqual(2);
    });
  });

  test("at 390 px the table stacks and every page stays axe-clean", async ({ page, browser }) => {
    const { email, name } = await sendEnquiries(page);
    await atDesk(browser, {}, async (desk) => {
      await desk.setViewportSize({ width: 390, height: 844 });
      await desk.goto(`/staff?q=${encodeURIComponent(email)}`);
      await waitForConsole(desk);
      const row = inboxTable(desk).getByRole("row", { name: new RegExp(name.slice(0, 10)) });
      await expect(row).toBeVisible();
      // Stacked: each row is a card no wider than the screen, and the page does not scroll sideways.
      expect((await row.boundingBox())!.width).toBeLessThanOrEqual(390);
      await expectNoSidewaysScroll(desk);
      await expectNoAxeViolations(desk, "inbox at 390 px");
      await inboxTable(desk).getByRole("link", { name }).click();
      await expect(desk.getByRole("heading", { level: 1, name })).toBeVisible();
      await expectNoSidewaysScroll(desk);
      await expectNoAxeViolations(desk, "enquiry page at 390 px");
      await desk.getByRole("button", { name: "Add note" }).click();
      await expect(desk.getByRole("alert")).toContainText("Enter a note");
      await expectNoAxeViolations(desk, "note error at 390 px");
    });
  });

  test("keyboard only: search, open an enquiry, add a note, mark it handled", async ({ page, browser }) => {
    const { email, name } = await sendEnquiries(page);
    await atDesk(browser, {}, async (desk) => {
      await desk.goto("/staff");
      await waitForConsole(desk);
      await tabTo(desk, desk.getByLabel("Search name, e-mail or organisation"));
      await desk.keyboard.type(email);
      await desk.keyboard.press("Enter");
      await expect(desk).toHaveURL(/[?&]q=/);
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(3);

      const link = inboxTable(desk).getByRole("link", { name });
      await tabTo(desk, link);
      await desk.keyboard.press("Enter");
      await expect(desk.getByRole("heading", { level: 1, name })).toBeVisible();
      await waitForConsole(desk);

      await tabTo(desk, desk.getByLabel("Add a note"));
      await desk.keyboard.type("Called back by keyboard.");
      await desk.keyboard.press("Tab");
      await expect(desk.getByRole("button", { name: "Add note" })).toBeFocused();
      await desk.keyboard.press("Enter");
      await expect(desk.getByText("Called back by keyboard.")).toBeVisible();
      // The focus stays where the keyboard left it, through the post (WCAG 2.4.3).
      await expect(desk.getByRole("button", { name: "Add note" })).toBeFocused();

      const handle = desk.getByRole("button", { name: "Mark as handled" });
      await tabTo(desk, handle);
      await desk.keyboard.press("Enter");
      await expect(desk.getByRole("button", { name: "Reopen" })).toBeVisible();
      await expect(desk.getByRole("button", { name: "Reopen" })).toBeFocused();
    });
  });

  test("bulk triage: tick rows (the count is announced), mark handled, assign to me, filter Mine, move to spam", async ({
    page,
    browser,
  }) => {
    const { email, tag } = await sendEnquiries(page);
    await atDesk(browser, {}, async (desk) => {
      await desk.goto(`/staff?q=${encodeURIComponent(email)}`);
      await waitForConsole(desk);
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(3); // header + contact + demo
      const selected = desk.getByRole("group", { name: "With the enquiries ticked" }).getByRole("status");
      await expect(selected).toHaveText("No enquiries selected");

      // By keyboard: Tab to the demo request's checkbox and tick it with Space.
      const demoTick = desk.getByRole("checkbox", { name: `Select the enquiry from Demo Person ${tag}` });
      await tabTo(desk, demoTick);
      await desk.keyboard.press("Space");
      await expect(demoTick).toBeChecked();
      await expect(selected).toHaveText("1 enquiry selected");
      await desk.getByRole("checkbox", { name: "Select all on this page" }).check();
      await expect(selected).toHaveText("2 enquiries selected");
      await expectNoAxeViolations(desk, "inbox, two ticked");

      await desk.getByRole("button", { name: "Mark handled" }).click();
      await expect(desk.getByText("2 enquiries marked handled.")).toBeVisible();
      await expect(inboxTable(desk).getByRole("row").filter({ hasText: "Handled" })).toHaveCount(2);
      // The ticks stay once the change is made (issue 43): untick the contact enquiry.
      await expect(selected).toHaveText("2 enquiries selected");
      await expect(demoTick).toBeChecked();
      await desk.getByRole("checkbox", { name: /^Select the enquiry from =HYPERLINK/ }).uncheck();
      await expect(selected).toHaveText("1 enquiry selected");

      // Assign the demo request to me; "Mine" then lists it alone.
      await desk.getByLabel("Assign to").selectOption({ label: "Me" });
      await desk.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(desk.getByText("1 enquiry assigned.")).toBeVisible();
      await expect(inboxTable(desk).getByRole("row").filter({ hasText: "Nobody" })).toHaveCount(1);
      await desk.getByLabel("Assigned to").selectOption("mine");
      await desk.getByRole("button", { name: "Apply filters" }).click();
      await expect(desk).toHaveURL(/[?&]assigned=mine/);
      await expect(inboxTable(desk).getByRole("row")).toHaveCount(2);
      await expect(inboxTable(desk).getByRole("row", { name: new RegExp(`Demo Person ${tag}`) })).toBeVisible();
      await expectNoAxeViolations(desk, "inbox, mine");

      // Moved to spam, it leaves the inbox (and is in the Spam view, moved by staff).
      await desk.getByRole("checkbox", { name: "Select all on this page" }).check();
      await desk.getByRole("button", { name: "Move to spam" }).click();
      await expect(desk.getByText("1 enquiry moved to spam.")).toBeVisible();
      await expect(desk.getByText("No enquiries match these filters.")).toBeVisible();
      await desk.goto("/staff/spam");
      await expect(desk.getByRole("row", { name: new RegExp(`Demo Person ${tag}`) })).toContainText(
        "Moved here by staff",
      );
    });
  });

  test("bulk triage without JavaScript: nothing ticked is an error; 'select all' and assign are plain form posts", async ({
    page,
    browser,
  }) => {
    const { email, tag } = await sendEnquiries(page);
    await atDesk(browser, { javaScriptEnabled: false }, async (noJs) => {
      await noJs.goto(`/staff?q=${encodeURIComponent(email)}`);
      await noJs.getByRole("button", { name: "Mark handled" }).click();
      await expect(noJs.getByRole("alert")).toContainText("Select at least one enquiry");

      await noJs.getByRole("link", { name: "Select all on this page" }).click();
      await expect(noJs).toHaveURL(/[?&]select=all/);
      const ticks = noJs.getByRole("checkbox", { name: /^Select the enquiry from/ });
      await expect(ticks).toHaveCount(2);
      for (const tick of await ticks.all()) await expect(tick).toBeChecked();
      // Assign with nobody chosen: an error, and the ticks are kept.
      await noJs.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(noJs.getByRole("alert")).toContainText("Choose who to assign them to");
      for (const tick of await ticks.all()) await expect(tick).toBeChecked();
      await noJs.getByLabel("Assign to").selectOption({ label: "Me" });
      await noJs.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(noJs.getByText("2 enquiries assigned.")).toBeVisible();
      await expect(inboxTable(noJs).getByRole("row").filter({ hasText: "Nobody" })).toHaveCount(0);

      // Both still ticked after the change: only the demo request is to be marked handled.
      await expect(noJs.getByRole("checkbox", { name: `Select the enquiry from Demo Person ${tag}` })).toBeChecked();
      await noJs.getByRole("checkbox", { name: /^Select the enquiry from =HYPERLINK/ }).uncheck();
      await noJs.getByRole("button", { name: "Mark handled" }).click();
      await expect(noJs.getByText("1 enquiry marked handled.")).toBeVisible();
      await expect(inboxTable(noJs).getByRole("row", { name: new RegExp(`Demo Person ${tag}`) })).toContainText(
        "Handled",
      );
    });
  });

  test("works without JavaScript: filters, a note and handled by plain form posts", async ({ page, browser }) => {
    const { email, name } = await sendEnquiries(page);
    await atDesk(browser, { javaScriptEnabled: false }, async (noJs) => {
      await noJs.goto("/staff");
      await noJs.getByLabel("Search name, e-mail or organisation").fill(email);
      await noJs.getByLabel("Form").selectOption("contact");
      await noJs.getByRole("button", { name: "Apply filters" }).click();
      await expect(inboxTable(noJs).getByRole("row")).toHaveCount(2);
      await inboxTable(noJs).getByRole("link", { name }).click();
      await noJs.getByRole("button", { name: "Add note" }).click();
      await expect(noJs.getByRole("alert")).toContainText("Enter a note");
      await noJs.getByLabel("Add a note").fill("Noted without JavaScript.");
      await noJs.getByRole("button", { name: "Add note" }).click();
      await expect(noJs.getByText("Noted without JavaScript.")).toBeVisible();
      await noJs.getByRole("button", { name: "Mark as handled" }).click();
      await expect(noJs.getByRole("button", { name: "Reopen" })).toBeVisible();
    });
  });
});
