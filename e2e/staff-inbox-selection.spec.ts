/**
 * The inbox's selection bar (issue 43): it stays in view while the list
 * scrolls, says how many are ticked, and keeps the ticks after a change, so
 * marking then assigning needs no ticking twice — with JavaScript and
 * without (the page after the post ticks the same rows). At 1280 and 390 px
 * (where the changes fold under "Actions"), axe-clean (with JavaScript: axe runs in the page).
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../test/support/browser";
import { expect, test } from "../test/support/form-pages";
import { atInbox, inboxTable, postTagged, selectionBar } from "../test/support/inbox-pages";

test.describe.configure({ timeout: 150_000 });

const widths = [
  { name: "1280 px", viewport: { width: 1280, height: 800 } },
  { name: "390 px", viewport: { width: 390, height: 844 } },
];

/** The row of the enquiry from `name`, its checkbox, and the bar's count. */
const tickOf = (page: Page, name: string) => page.getByRole("checkbox", { name: `Select the enquiry from ${name}` });
const count = (page: Page) => selectionBar(page).getByRole("status");

/** Presses one of the bar's changes: on a phone, "Actions" first opens them. */
async function change(page: Page, button: string) {
  const actions = page.locator("summary", { hasText: "Actions" });
  if (await actions.isVisible()) {
    if ((await actions.locator("xpath=..").getAttribute("open")) === null) await actions.click();
  }
  await page.getByRole("button", { name: button, exact: true }).click();
}

for (const { name: width, viewport } of widths) {
  test(`at ${width} the bar stays in view while the list scrolls, with the number ticked`, async ({
    page,
    browser,
  }) => {
    const names = Array.from({ length: 12 }, (_, i) => `Person ${i + 1}`);
    const tag = await postTagged(page, "sel", names);
    await atInbox(browser, { viewport }, tag, async (desk) => {
      await expect(inboxTable(desk).locator("[data-enquiry-row]")).toHaveCount(12);
      await expect(count(desk)).toHaveText("No enquiries selected");
      // The oldest is last: scrolled to, ticked there, with the bar still on screen above it.
      const last = tickOf(desk, `Person 1 ${tag}`);
      await last.scrollIntoViewIfNeeded();
      await last.check();
      await expect(count(desk)).toHaveText("1 enquiry selected");
      const bar = (await selectionBar(desk).boundingBox())!;
      expect(await desk.evaluate(() => window.scrollY), "the page has scrolled").toBeGreaterThan(400);
      expect(bar.y, "the bar's top is on screen").toBeGreaterThanOrEqual(0);
      expect(bar.y + bar.height, "the bar's bottom is on screen").toBeLessThanOrEqual(viewport.height / 3);
      // It does not hide the row ticked.
      const row = (await inboxTable(desk).locator("[data-enquiry-row]").last().boundingBox())!;
      expect(row.y + row.height).toBeGreaterThan(bar.y + bar.height);
      await tickOf(desk, `Person 2 ${tag}`).check();
      await expect(count(desk)).toHaveText("2 enquiries selected");
      await expectNoAxeViolations(desk, `inbox scrolled, two ticked, ${width}`);
      if (viewport.width < 768) {
        // On a phone the changes fold under "Actions", over the list when open.
        await expect(desk.getByRole("button", { name: "Mark handled" })).toBeHidden();
        await desk.locator("summary", { hasText: "Actions" }).click();
        await expect(desk.getByRole("button", { name: "Mark handled" })).toBeVisible();
        await expectNoAxeViolations(desk, `inbox, actions open, ${width}`);
      }
    });
  });

  test(`at ${width} the ticks stay after a change: mark handled, then assign, ticking once`, async ({
    page,
    browser,
  }) => {
    const tag = await postTagged(page, "sel", ["Ama", "Bo", "Cy"]);
    await atInbox(browser, { viewport }, tag, async (desk) => {
      await tickOf(desk, `Ama ${tag}`).check();
      await tickOf(desk, `Bo ${tag}`).check();
      await expect(count(desk)).toHaveText("2 enquiries selected");
      await change(desk, "Mark handled");
      await expect(desk.getByText("2 enquiries marked handled.")).toBeVisible();
      await expect(inboxTable(desk).getByRole("row").filter({ hasText: "Handled" })).toHaveCount(2);
      // Still ticked: the same two, and only them.
      await expect(tickOf(desk, `Ama ${tag}`)).toBeChecked();
      await expect(tickOf(desk, `Bo ${tag}`)).toBeChecked();
      await expect(tickOf(desk, `Cy ${tag}`)).not.toBeChecked();
      await expect(count(desk)).toHaveText("2 enquiries selected");
      await expectNoAxeViolations(desk, `inbox after a change, ${width}`);

      // Assigned with no ticking again.
      const actions = desk.locator("summary", { hasText: "Actions" });
      if (await actions.isVisible()) await expect(desk.getByLabel("Assign to")).toBeVisible();
      await desk.getByLabel("Assign to").selectOption({ label: "Me" });
      await desk.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(desk.getByText("2 enquiries assigned.")).toBeVisible();
      await expect(inboxTable(desk).getByRole("row").filter({ hasText: "Nobody" })).toHaveCount(1);

      // A new view (another filter) starts with nothing ticked.
      await desk.goto(`/staff?q=${tag}&state=handled`);
      await expect(count(desk)).toHaveText("No enquiries selected");
      await expect(tickOf(desk, `Ama ${tag}`)).not.toBeChecked();
    });
  });
}

test("without JavaScript the page after a change ticks the same rows, so assigning needs no ticking again", async ({
  page,
  browser,
}) => {
  const tag = await postTagged(page, "sel", ["Dai", "Eve"]);
  // At 1280 px marked handled then assigned to me; at 390 px reopened then assigned to nobody.
  const steps = [
    { ...widths[0]!, first: "Mark handled", firstDone: "1 enquiry marked handled.", assignee: "Me" },
    { ...widths[1]!, first: "Reopen", firstDone: "1 enquiry reopened.", assignee: "Nobody (unassign)" },
  ];
  for (const { viewport, first, firstDone, assignee } of steps) {
    await atInbox(browser, { viewport, javaScriptEnabled: false }, tag, async (noJs) => {
      await tickOf(noJs, `Dai ${tag}`).check();
      await change(noJs, first);
      await expect(noJs.getByText(firstDone)).toBeVisible();
      await expect(tickOf(noJs, `Dai ${tag}`)).toBeChecked();
      await expect(tickOf(noJs, `Eve ${tag}`)).not.toBeChecked();
      await change(noJs, "Assign");
      // Nobody chosen: the error, and still ticked; then assigned, ticking nothing again.
      await expect(noJs.getByRole("alert")).toContainText("Choose who to assign them to");
      await expect(tickOf(noJs, `Dai ${tag}`)).toBeChecked();
      await noJs.getByLabel("Assign to").selectOption({ label: assignee });
      await noJs.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(noJs.getByText("1 enquiry assigned.")).toBeVisible();
      await expect(tickOf(noJs, `Dai ${tag}`)).toBeChecked();
      await expect(tickOf(noJs, `Eve ${tag}`)).not.toBeChecked();
    });
  }
});
