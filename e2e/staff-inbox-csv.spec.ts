/**
 * The CSV download and the date range (issue 43): the file is named after
 * its range and filters; it has an "Assigned to" column, one header style,
 * the console's labels with each code in a column of its own, and times in
 * London with their offset. A reversed or impossible range is refused with
 * an error summary on the inbox (the dates kept, nothing listed), with
 * JavaScript and without, at 1280 and 390 px, axe-clean.
 */
import { readFile } from "node:fs/promises";
import { expectNoAxeViolations } from "../test/support/browser";
import { parseCsv } from "../test/support/enquiries-cli";
import { expect, test } from "../test/support/form-pages";
import { atDesk, atInbox, inboxTable, postTagged, selectionBar } from "../test/support/inbox-pages";

test.describe.configure({ timeout: 120_000 });

/** Today in London, "YYYY-MM-DD" (the enquiries are received now). */
const londonToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

test("at 1280 px the download is named after its range and filters, in the console's words, London times", async ({
  page,
  browser,
}) => {
  const tag = await postTagged(page, "csv", ["Assigned", "Waiting"]);
  await atInbox(browser, { viewport: { width: 1280, height: 800 } }, tag, async (desk) => {
    const today = londonToday();
    // One of them assigned to me (through the inbox), so the column has someone in it.
    await desk.getByRole("checkbox", { name: `Select the enquiry from Assigned ${tag}` }).check();
    await expect(selectionBar(desk).getByRole("status")).toHaveText("1 enquiry selected");
    await desk.getByLabel("Assign to").selectOption({ label: "Me" });
    await desk.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(desk.getByText("1 enquiry assigned.")).toBeVisible();
    const assignedRow = inboxTable(desk).getByRole("row", { name: new RegExp(`Assigned ${tag}`) });
    const me = (await assignedRow.locator("[data-label='Assigned to']").textContent())!.trim();
    const shownTime = (await assignedRow.locator("time").textContent())!.trim();

    await desk.getByLabel("Received from").fill(today);
    await desk.getByLabel("Received to").fill(today);
    await desk.getByLabel("State", { exact: true }).selectOption("new");
    await desk.getByRole("button", { name: "Apply filters" }).click();
    await expect(desk).toHaveURL(/state=new/);
    await expect(inboxTable(desk).locator("[data-enquiry-row]")).toHaveCount(2);

    const [download] = await Promise.all([
      desk.waitForEvent("download"),
      desk.getByRole("button", { name: "Download these as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`enquiries-${today}-to-${today}-new-search.csv`);
    const text = await readFile((await download.path())!, "utf8");
    const [header] = text.replace(/^\uFEFF/, "").split("\r\n");
    // One header style: sentence case, no code names.
    for (const name of header!.split(",")) expect(name).not.toMatch(/_|[a-z][A-Z]/);
    const rows = parseCsv(text);
    expect(rows.map((row) => row["Full name"]).sort()).toEqual([`Assigned ${tag}`, `Waiting ${tag}`]);
    const assigned = rows.find((row) => row["Full name"] === `Assigned ${tag}`)!;
    expect(assigned).toMatchObject({
      Form: "Contact",
      "Form (code)": "contact",
      State: "New",
      "State (code)": "new",
      "Assigned to": me,
      "Area of interest": "Pricing & Plans",
      "Area of interest (code)": "pricing",
    });
    expect(assigned["Assigned to (e-mail)"]).toMatch(/@maternis\.test$/);
    expect(rows.find((row) => row["Full name"] === `Waiting ${tag}`)!["Assigned to"]).toBe("");
    // London time with its offset: the same clock time the inbox shows.
    expect(assigned["Received (London time)"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[01]:00$/);
    expect(shownTime).toContain(assigned["Received (London time)"]!.slice(11, 16));
  });
});

for (const { width, viewport } of [
  { width: "1280 px", viewport: { width: 1280, height: 800 } },
  { width: "390 px", viewport: { width: 390, height: 844 } },
]) {
  test(`at ${width} a reversed range is refused with an error summary, the dates kept; turned round, the list is back`, async ({
    page,
    browser,
  }) => {
    const tag = await postTagged(page, "csv", ["Ranged"]);
    await atInbox(browser, { viewport }, tag, async (desk) => {
      const today = londonToday();
      const filters = desk.locator("summary", { hasText: "Filters" });
      if (await filters.isVisible()) await filters.click();
      await desk.getByLabel("Received from").fill(today);
      await desk.getByLabel("Received to").fill("2020-01-01");
      await desk.getByRole("button", { name: "Apply filters" }).click();
      const summary = desk.getByRole("alert");
      await expect(summary).toContainText("There is a problem");
      await expect(summary.getByRole("link")).toHaveText(
        "‘Received to’ must be the same day as ‘Received from’ or after it",
      );
      await expect(summary.getByRole("link")).toHaveAttribute("href", "#inbox-to");
      await expect(desk.locator("[data-slot='error-summary']")).toBeFocused();
      // Nothing typed is lost, nothing is listed, nothing can be downloaded.
      await expect(desk.getByLabel("Received from")).toHaveValue(today);
      await expect(desk.getByLabel("Received to")).toHaveValue("2020-01-01");
      await expect(desk.getByLabel("Search name, e-mail or organisation")).toHaveValue(tag);
      await expect(inboxTable(desk)).toHaveCount(0);
      await expect(desk.getByRole("button", { name: "Download these as CSV" })).toHaveCount(0);
      await expectNoAxeViolations(desk, `range refused at ${width}`);
      // The summary's link leads to the field.
      await summary.getByRole("link").click();
      await expect(desk.getByLabel("Received to")).toBeFocused();

      await desk.getByLabel("Received to").fill(today);
      await desk.getByRole("button", { name: "Apply filters" }).click();
      await expect(inboxTable(desk).getByRole("link", { name: `Ranged ${tag}` })).toBeVisible();
      await expect(desk.getByRole("alert")).toHaveCount(0);
    });
  });
}

test("without JavaScript the same refusal; the download refuses a reversed range and an impossible date too", async ({
  browser,
}) => {
  await atDesk(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false }, async (noJs) => {
    await noJs.goto("/staff");
    await noJs.locator("summary", { hasText: "Filters" }).click();
    await noJs.getByLabel("Received from").fill("2026-11-27");
    await noJs.getByLabel("Received to").fill("2026-11-01");
    await noJs.getByRole("button", { name: "Apply filters" }).click();
    await expect(noJs.getByRole("alert")).toContainText(
      "‘Received to’ must be the same day as ‘Received from’ or after it",
    );
    await expect(noJs.getByLabel("Received from")).toHaveValue("2026-11-27");
    await expect(noJs.getByLabel("Received to")).toHaveValue("2026-11-01");
    await expect(noJs.getByText("Correct the dates above to see the enquiries.")).toBeVisible();

    // A download asked for with such a range goes back to the inbox, which says what to fix.
    const origin = new URL(noJs.url()).origin;
    const refused = await noJs.request.post("/staff/export.csv", {
      form: { from: "2026-11-27", to: "2026-11-01", state: "new" },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(303);
    expect(refused.headers()["location"]).toBe("/staff?state=new&from=2026-11-27&to=2026-11-01");
    // An impossible date (typed where the browser has no date picker) is refused on its field.
    await noJs.goto("/staff?from=2026-02-30");
    await expect(noJs.getByRole("alert")).toContainText("Enter a real date for ‘Received from’, like 2026-11-01");
    // The positive control: a range the right way round downloads.
    const allowed = await noJs.request.post("/staff/export.csv", {
      form: { from: "2026-11-01", to: "2026-11-27" },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()["content-disposition"]).toBe(
      'attachment; filename="enquiries-2026-11-01-to-2026-11-27.csv"',
    );
    // The server's one no-store for console paths (the route adds none of its own).
    expect(allowed.headers()["cache-control"]).toBe("no-store");
  });
});
