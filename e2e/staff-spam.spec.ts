import type { Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { expect, postFromPage, test } from "../test/support/form-pages";
import { messagesAbout, uniqueAddress, waitForMessages } from "../test/support/mailbox";
import { ADMIN_EMAIL, signInAsAdmin, signInWithCode } from "../test/support/staff";
import { waitFor } from "../test/support/wait";

/**
 * The console's Spam view end to end: a contact form whose hidden field a
 * password manager filled is answered like any other, sends nothing, and
 * waits in Spam; staff release it (its e-mails arrive through the real SMTP
 * server) or delete it, each after a confirmation step that works without
 * JavaScript; the pages are axe-clean at desktop width and at 390 px.
 */
test.describe.configure({ timeout: 120_000 });

const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * Posts the contact form as a browser whose password manager filled the hidden field with the address,
 * from a unique address (`label`) and name (`namePrefix` and a random tail); returns them.
 */
async function postSuspect(page: Page, baseURL: string, label: string, namePrefix: string) {
  const email = uniqueAddress(label);
  const name = uniqueName(namePrefix);
  const response = await postFromPage(
    page,
    "/contact",
    {
      name,
      email,
      organization: "Korle Bu Teaching Hospital",
      role: "Midwife",
      interest: "partnership",
      message: "Could we talk about a pilot in our three clinics?",
      website: email,
    },
    baseURL,
  );
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Thank you! Your message has been sent.");
  return { email, name };
}

/** Posts a suspect (see postSuspect), signs in as the admin to the Spam list and returns the sender and their row, once it shows. */
async function suspectInSpamList(page: Page, baseURL: string, label: string, namePrefix: string) {
  const suspect = await postSuspect(page, baseURL, label, namePrefix);
  await signInAsAdmin(page, { returnTo: "/staff/spam" });
  await expect(page).toHaveURL(/\/staff\/spam$/);
  await waitForConsole(page);
  const table = page.getByRole("table", { name: /Suspected spam, newest first/ });
  const row = table.getByRole("row").filter({ hasText: suspect.email });
  await expect(row).toBeVisible();
  return { ...suspect, row };
}

test("a post whose hidden field was filled waits in Spam, sends nothing, and release delivers its e-mails", async ({
  page,
  baseURL,
}) => {
  const { email, name, row } = await suspectInSpamList(page, baseURL!, "spam-release", "Ama Release");
  await expect(row).toContainText(name);
  await expect(row).toContainText("Hidden field filled in");
  await expect(row).toContainText("Contact");
  await expect(row).toContainText("Could we talk about a pilot");
  await expect(row.locator("time")).toHaveText(/^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);

  await row.getByRole("link", { name: `Release the post from ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Release this post?" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `an acknowledgement to ${email}` })).toBeVisible();
  const releasedAt = Date.now();
  await page.getByRole("button", { name: "Release and send e-mails" }).click();
  await expect(page).toHaveURL(/\/staff\/spam\?done=released$/);
  await expect(page.getByRole("status").filter({ hasText: "Released." })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // Delivered as if accepted: the notification (Reply-To the sender) and the acknowledgement. They are
  // also the positive control for "the post sent nothing": once the release's two e-mails have arrived,
  // anything the post itself had queued (earlier) would have too, and there is nothing else.
  const afterRelease = await waitFor(
    async () => {
      const found = (await messagesAbout(email)).filter((m) => m.receivedAt >= releasedAt);
      return found.length >= 2 ? found : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 250, what: `the released post's two e-mails about ${email}` },
  );
  expect(afterRelease.map((m) => m.subject).sort()).toEqual([
    "New Contact Form Submission - partnership",
    "We received your message",
  ]);
  expect((await messagesAbout(email)).map((m) => m.file)).toEqual(afterRelease.map((m) => m.file));
});

test("without JavaScript, a post is deleted after a confirmation step, and nothing is sent", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const { email, name } = await postSuspect(page, baseURL!, "spam-delete", "Kofi Delete");
  // The positive control: a second suspect post, released after the first is deleted.
  const control = await postSuspect(page, baseURL!, "spam-delete-control", "Esi Control");
  await signInWithCode(page, ADMIN_EMAIL, { returnTo: "/staff/spam" });

  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("link", { name: `Delete the post from ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Delete this post?" })).toBeVisible();
  // Cancel goes back to the post, which is still there.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: `Suspected spam from ${name}` })).toBeVisible();
  await page.getByRole("link", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/staff\/spam\?done=deleted$/);
  await expect(page.getByText("Deleted.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  const gone = await page.goto(
    page.url().replace(/\/staff\/spam.*$/, "/staff/spam/") + "00000000-0000-4000-8000-000000000000",
  );
  expect(gone?.status()).toBe(404);

  // The control post, released now, has its e-mails delivered; once they have arrived, the deleted
  // post's empty mailbox shows nothing was sent for it (not merely nothing yet).
  await page.goto("/staff/spam");
  await page
    .getByRole("row")
    .filter({ hasText: control.email })
    .getByRole("link", { name: `Release the post from ${control.name}` })
    .click();
  await page.getByRole("button", { name: "Release and send e-mails" }).click();
  await expect(page).toHaveURL(/\/staff\/spam\?done=released$/);
  const released = await waitForMessages(control.email, 2);
  expect(released.map((m) => m.subject).sort()).toEqual([
    "New Contact Form Submission - partnership",
    "We received your message",
  ]);
  expect(await messagesAbout(email)).toEqual([]);
  await context.close();
});

test("the Spam pages are axe-clean, and the list stacks with no sideways scrolling, at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  const { name, row } = await suspectInSpamList(page, baseURL!, "spam-axe", "Efua Axe");
  await expectNoAxeViolationsAtBothWidths(page, "spam list", { fits: true });
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Suspected spam from ${name}` })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "spam post");
  for (const step of ["release", "delete"]) {
    await page.goto(`${new URL(page.url()).pathname}?confirm=${step}`);
    await waitForConsole(page);
    await expectNoAxeViolationsAtBothWidths(page, `confirm ${step}`);
  }
});
