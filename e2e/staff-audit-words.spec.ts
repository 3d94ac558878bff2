/**
 * The audit log in words (issue 43): sign-ins say how ("With an e-mail code
 * and an authenticator app"), changes name the enquiry and the member
 * concerned, and no row shows a raw detail (`method: code`), a session id, a
 * UUID or a whole hash — short references instead. At 1280 and 390 px,
 * axe-clean.
 */
import type { Locator } from "@playwright/test";
import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { expect, test } from "../test/support/form-pages";
import { atDesk, inboxTable, postEnquiries, selectionBar } from "../test/support/inbox-pages";

test.describe.configure({ timeout: 120_000 });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

for (const { width, viewport } of [
  { width: "1280 px", viewport: { width: 1280, height: 800 } },
  { width: "390 px", viewport: { width: 390, height: 844 } },
]) {
  test(`at ${width} each row reads in words: who, what, about whom, how`, async ({ page, browser }) => {
    const tag = `aud${Math.random().toString(36).slice(2, 8)}`;
    const name = `Audited Person ${tag}`;
    await postEnquiries(page, [{ name }], tag);
    await atDesk(browser, { viewport }, async (desk) => {
      // Viewed, then assigned: two rows about this enquiry.
      await desk.goto(`/staff?q=${tag}`);
      await inboxTable(desk).getByRole("link", { name }).click();
      await expect(desk.getByRole("heading", { level: 1, name })).toBeVisible();
      await desk.goto(`/staff?q=${tag}`);
      await waitForConsole(desk);
      await desk.getByRole("checkbox", { name: `Select the enquiry from ${name}` }).check();
      await expect(selectionBar(desk).getByRole("status")).toHaveText("1 enquiry selected");
      const actions = desk.locator("summary", { hasText: "Actions" });
      if (await actions.isVisible()) await actions.click();
      await desk.getByLabel("Assign to").selectOption({ label: "Me" });
      await desk.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(desk.getByText("1 enquiry assigned.")).toBeVisible();

      // Each action on a view of its own (other tests add rows meanwhile).
      const log = desk.getByRole("table", { name: /^Audit log, newest first/ });
      await desk.goto("/staff/audit?action=assigned");
      await waitForConsole(desk);
      const assigned = log.getByRole("row").filter({ hasText: `The enquiry from ${name}` });
      await expect(assigned).toHaveCount(1);
      await expect(assigned).toContainText("Assigned");
      await expect(assigned).toContainText(/To .+@maternis\.test/);
      // The enquiry is a link to its page.
      const link = assigned.getByRole("link", { name: `The enquiry from ${name}` });
      await expect(link).toHaveAttribute("href", /^\/staff\/enquiries\/[0-9a-f-]{36}$/);
      await expectNoRawDetails(log);
      await expectNoAxeViolations(desk, `audit log, assigned, at ${width}`);
      // The positive control: the UUID check sees the enquiry's id where it is (the link's address).
      expect(await link.getAttribute("href")).toMatch(UUID);

      await desk.goto("/staff/audit?action=enquiry-viewed");
      await expect(log.getByRole("row").filter({ hasText: `The enquiry from ${name}` })).toContainText(
        "Enquiry viewed",
      );
      await expectNoRawDetails(log);

      // Sign-ins say how, in words, and name the session only by a short reference.
      await desk.goto("/staff/audit?action=sign-in");
      const signIn = log.getByRole("row").nth(1);
      await expect(signIn).toContainText(/With an e-mail code( and an authenticator app|, set-up only)|With a passkey/);
      await expect(signIn).toContainText(/Session ref [0-9a-z]{8}/i);
      await expectNoRawDetails(log);
      await expectNoAxeViolations(desk, `audit log, sign-ins, at ${width}`);
    });
  });
}

/** Nothing raw in the log's rows: no keys, session ids, UUIDs or whole hashes. */
async function expectNoRawDetails(log: Locator) {
  const text = (await log.textContent())!;
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(/sha256:|[0-9a-f]{32}/);
  expect(text).not.toMatch(/\b(method|enrolOnly|noteId|to): /);
}
