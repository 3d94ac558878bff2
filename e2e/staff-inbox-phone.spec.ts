/**
 * The inbox on a phone (issue 43): at 390 px the enquiries come first — the
 * console's menu folds under "Menu", the filters behind the search fold into
 * a disclosure that counts those in use — while at 1280 px everything stays
 * in view; names wrap between words, never inside one. Each state axe-clean;
 * the disclosures work without JavaScript.
 */
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { expect, test } from "../test/support/form-pages";
import {
  atDesk,
  atInbox,
  expectNoSidewaysScroll,
  inboxTable,
  newTag,
  postEnquiries,
  postTagged,
  wordsBrokenInside,
} from "../test/support/inbox-pages";

test.describe.configure({ timeout: 120_000 });

const phone = { viewport: { width: 390, height: 844 } };
const desktop = { viewport: { width: 1280, height: 800 } };

test("at 390 px the first enquiry is on the first screen: menu and filters folded, the filters in use counted", async ({
  page,
  browser,
}) => {
  const tag = await postTagged(page, "ph", ["Ama Mensah", "Bea Okafor"]);
  await atInbox(browser, phone, tag, async (desk) => {
    const firstRow = inboxTable(desk).locator("[data-enquiry-row]").first();
    await expect(firstRow).toContainText(tag);
    // The first enquiry starts within the first screen (it was about 1,100 px down).
    const top = (await firstRow.boundingBox())!.y;
    expect(top, "the first enquiry's top").toBeLessThan(600);
    // Folded: the menu's pages and the filters' fields are out of view until asked for.
    await expect(desk.getByRole("link", { name: "Audit log" })).toBeHidden();
    await expect(desk.getByLabel("Form", { exact: true })).toBeHidden();
    await expect(desk.locator("summary", { hasText: "Filters" })).toHaveText("Filters(none in use)");
    await expectNoSidewaysScroll(desk);
    await expectNoAxeViolations(desk, "inbox at 390 px, folded");

    // The filters in use are counted, and open to change.
    await desk.goto(`/staff?q=${tag}&kind=contact&state=new`);
    await waitForConsole(desk); // the menu's Escape, below, is JavaScript's
    const filters = desk.locator("summary", { hasText: "Filters" });
    await expect(filters).toHaveText("Filters(2 in use)");
    await filters.click();
    await expect(desk.getByLabel("Form", { exact: true })).toHaveValue("contact");
    await expect(desk.getByLabel("State", { exact: true })).toHaveValue("new");
    await expectNoAxeViolations(desk, "inbox at 390 px, filters open");
    await desk.getByLabel("State", { exact: true }).selectOption("");
    await desk.getByRole("button", { name: "Apply filters" }).click();
    await expect(desk).toHaveURL((url) => url.searchParams.get("state") === "" || !url.searchParams.has("state"));
    await expect(desk.locator("summary", { hasText: "Filters" })).toHaveText("Filters(1 in use)");

    // The menu: opened, every page there; Escape folds it and gives focus back to its toggle.
    const menu = desk.locator("summary", { hasText: "Menu" });
    await menu.click();
    await expect(
      desk.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }),
    ).toBeVisible();
    await expect(desk.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectNoAxeViolations(desk, "inbox at 390 px, menu open");
    await desk.keyboard.press("Escape");
    await expect(desk.getByRole("link", { name: "Audit log" })).toBeHidden();
    await expect(menu).toBeFocused();
    // A page chosen from it: there, with the menu folded again.
    await menu.click();
    await desk.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Spam" }).click();
    await expect(desk.getByRole("heading", { level: 1 })).toContainText(/spam/i);
    await expect(desk.getByRole("link", { name: "Audit log" })).toBeHidden();
  });
});

test("at 1280 px the menu and every filter stay in view, with no disclosure to open", async ({ page, browser }) => {
  const tag = await postTagged(page, "ph", ["Cai Jones"]);
  await atDesk(browser, desktop, async (desk) => {
    await desk.goto(`/staff?q=${tag}&kind=contact`);
    await expect(inboxTable(desk).getByRole("link", { name: `Cai Jones ${tag}` })).toBeVisible();
    await expect(
      desk.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }),
    ).toBeVisible();
    await expect(desk.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(desk.locator("summary", { hasText: "Menu" })).toBeHidden();
    await expect(desk.getByLabel("Form", { exact: true })).toBeVisible();
    await expect(desk.getByLabel("Form", { exact: true })).toHaveValue("contact");
    await expect(desk.getByLabel("Received from")).toBeVisible();
    await expect(desk.locator("summary", { hasText: "Filters" })).toBeHidden();
    await expectNoAxeViolations(desk, "inbox at 1280 px");
  });
});

test("names wrap between words, never inside one, at 1280 and 390 px", async ({ page, browser }) => {
  const tag = newTag("ph");
  const names = [
    `Bartholomew Featherstonehaugh Oyelaran-Whitmore ${tag}`,
    `Maximiliana Wolfeschlegelstein ${tag}`,
    `Grace Brewster Murray Hopper ${tag}`,
  ];
  await postEnquiries(
    page,
    names.map((name) => ({ name, organisation: `Royal Infirmary of Featherstonehaugh ${tag}` })),
    tag,
  );
  for (const options of [desktop, phone]) {
    await atInbox(browser, options, tag, async (desk) => {
      const links = inboxTable(desk).locator("[data-enquiry-link]");
      await expect(links).toHaveCount(3);
      // Some of them do wrap (the check has something to look at) …
      const heights = await links.evaluateAll((elements) => elements.map((e) => e.getClientRects().length));
      expect(Math.max(...heights), `a name on more than one line at ${options.viewport.width} px`).toBeGreaterThan(1);
      // … and every word stays whole.
      expect(await wordsBrokenInside(links), `${options.viewport.width} px`).toEqual([]);
      expect(await wordsBrokenInside(inboxTable(desk).locator("[data-label='Organisation']"))).toEqual([]);
      await expectNoSidewaysScroll(desk);

      // The positive control: the same check sees a name broken inside a word.
      await links.first().evaluate((link) => {
        link.style.overflowWrap = "anywhere";
        link.style.display = "inline-block";
        link.style.width = "4ch";
      });
      expect(await wordsBrokenInside(links.first())).not.toEqual([]);
    });
  }
});

test("without JavaScript, at 390 px the menu and the filters open and work", async ({ page, browser }) => {
  const tag = await postTagged(page, "ph", ["Dee Noel"]);
  await atInbox(browser, { ...phone, javaScriptEnabled: false }, tag, async (noJs) => {
    await expect(noJs.getByLabel("Form", { exact: true })).toBeHidden();
    await noJs.locator("summary", { hasText: "Filters" }).click();
    await noJs.getByLabel("Form", { exact: true }).selectOption("demo");
    await noJs.getByRole("button", { name: "Apply filters" }).click();
    await expect(noJs.getByText("No enquiries match these filters.")).toBeVisible();
    await expect(noJs.locator("summary", { hasText: "Filters" })).toHaveText("Filters(1 in use)");
    await noJs.locator("summary", { hasText: "Menu" }).click();
    await noJs.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
    await expect(noJs).toHaveURL(/\/staff\/account$/);
  });
});
