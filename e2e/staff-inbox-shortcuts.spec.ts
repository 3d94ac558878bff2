/**
 * The inbox's keyboard shortcuts (issue 43): `?` opens a dialog that lists
 * them (an accessible modal: focus in it, Escape closes it, focus back where
 * it was); j/k move between enquiries, x ticks, h marks the ticked handled,
 * / goes to the search box; none fires while typing in a field. Without
 * JavaScript there are none, and nothing offers them. At 1280 and 390 px,
 * axe-clean with the dialog open.
 */
import { expectNoAxeViolations } from "../test/support/browser";
import { expect, test } from "../test/support/form-pages";
import { atDesk, atInbox, inboxTable, postTagged, selectionBar } from "../test/support/inbox-pages";

test.describe.configure({ timeout: 120_000 });

test("at 1280 px: the ? dialog, moving, ticking and marking handled by key, never while typing", async ({
  page,
  browser,
}) => {
  const tag = await postTagged(page, "key", ["Third", "Second", "First"]);
  await atInbox(browser, { viewport: { width: 1280, height: 800 } }, tag, async (desk) => {
    const links = inboxTable(desk).locator("[data-enquiry-link]");
    await expect(links).toHaveCount(3);

    // ? opens the list: a modal dialog named by its heading, focus on its Close button.
    await desk.locator("main h1").click();
    await desk.keyboard.press("?");
    const dialog = desk.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(dialog.getByRole("row")).toHaveCount(9); // header + eight shortcuts
    await expect(dialog.getByRole("row", { name: /^j / })).toContainText("Next enquiry");
    await expectNoAxeViolations(desk, "shortcuts dialog at 1280 px");
    // Keys do nothing behind it; Escape closes it.
    await desk.keyboard.press("j");
    await expect(links.first()).not.toBeFocused();
    await desk.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The button opens it too, and closing gives focus back to the button.
    const button = desk.getByRole("button", { name: /Keyboard shortcuts/ });
    await button.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // Focus that moves on before the dialog's close event (a task queued after
    // it closes, so a quick key can come first) stays where it went.
    const focusKept = await desk.evaluate(async () => {
      const shortcuts = document.querySelector<HTMLDialogElement>("dialog[aria-labelledby='inbox-shortcuts-title']");
      const link = document.querySelector<HTMLElement>("[data-enquiry-link]");
      const open = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Keyboard shortcuts"));
      if (!shortcuts || !link || !open) return "the dialog, a link or the button is missing";
      open.click();
      const closed = new Promise((resolve) => shortcuts.addEventListener("close", resolve, { once: true }));
      shortcuts.querySelector<HTMLButtonElement>("form[method='dialog'] button")?.click();
      link.focus();
      await closed; // runs after any close listener the page added when it rendered
      return document.activeElement === link ? "kept" : `moved to ${document.activeElement?.tagName}`;
    });
    expect(focusKept).toBe("kept");
    await button.focus();

    // j and k move between the enquiries; x ticks the one with focus.
    await desk.keyboard.press("j");
    await expect(links.nth(0)).toBeFocused();
    await desk.keyboard.press("j");
    await expect(links.nth(1)).toBeFocused();
    await desk.keyboard.press("k");
    await expect(links.nth(0)).toBeFocused();
    await desk.keyboard.press("x");
    await expect(desk.getByRole("checkbox", { name: `Select the enquiry from First ${tag}` })).toBeChecked();
    await expect(selectionBar(desk).getByRole("status")).toHaveText("1 enquiry selected");

    // Typing in a field: the keys are the field's (the positive control for each key above).
    await desk.keyboard.press("/");
    const search = desk.getByLabel("Search name, e-mail or organisation");
    await expect(search).toBeFocused();
    await search.fill("");
    await desk.keyboard.type("jkx?h");
    await expect(search).toHaveValue("jkx?h");
    await expect(dialog).toBeHidden();
    await expect(selectionBar(desk).getByRole("status")).toHaveText("1 enquiry selected");
    await expect(inboxTable(desk).getByRole("row").filter({ hasText: "Handled" })).toHaveCount(0);
    // Nor with Ctrl held (the browser's own shortcuts).
    await links.nth(0).focus();
    await desk.keyboard.press("Control+j");
    await expect(links.nth(0)).toBeFocused();

    // h marks the ticked enquiries handled.
    await desk.keyboard.press("h");
    await expect(desk.getByText("1 enquiry marked handled.")).toBeVisible();
    await expect(inboxTable(desk).getByRole("row", { name: new RegExp(`First ${tag}`) })).toContainText("Handled");
  });
});

test("at 390 px the dialog fits the screen and is axe-clean; a assigns by choosing who", async ({ page, browser }) => {
  const tag = await postTagged(page, "key", ["Only"]);
  await atInbox(browser, { viewport: { width: 390, height: 844 } }, tag, async (desk) => {
    await desk.getByRole("button", { name: /Keyboard shortcuts/ }).click();
    const dialog = desk.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(desk, "shortcuts dialog at 390 px");
    await desk.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // a: the folded actions open at "Assign to".
    await desk.locator("main h1").click();
    await desk.keyboard.press("a");
    await expect(desk.getByLabel("Assign to")).toBeFocused();
    await expect(desk.getByRole("button", { name: "Mark handled" })).toBeVisible();
  });
});

test("without JavaScript nothing offers shortcuts", async ({ browser }) => {
  await atDesk(browser, { javaScriptEnabled: false }, async (noJs) => {
    await noJs.goto("/staff");
    await expect(noJs.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(noJs.getByRole("button", { name: /Keyboard shortcuts/ })).toHaveCount(0);
    await expect(noJs.getByRole("dialog")).toHaveCount(0);
  });
  // With JavaScript the same page offers them (the positive control).
  await atDesk(browser, {}, async (desk) => {
    await expect(desk.getByRole("button", { name: /Keyboard shortcuts/ })).toBeVisible();
  });
});
