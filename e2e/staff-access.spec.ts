import { expect, test, type APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { consolePages } from "../app/routes/staff/routes";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { waitForMessages } from "../test/support/mailbox";
import { ADMIN_EMAIL, addStaffMember, signInAsAdmin, signInAsStaff, uniqueStaffAddress } from "../test/support/staff";

/**
 * Who gets into which console URL: signed out, nobody (every page listed in
 * app/routes/staff/routes.ts, so pages added later are covered); staff not
 * on admin pages or actions (403); a removed member not even on their open
 * session's next request; no cross-site posts.
 */

// Sign-ins as the shared admin address take turns across workers (test/support/staff.ts), and a
// test may sign in several times: more time than a page test.
test.describe.configure({ timeout: 120_000 });

/** Every console URL in the route config, with a made-up value for each dynamic segment. */
function consolePaths(entries: RouteConfigEntry[], base = "/staff"): string[] {
  return entries.flatMap((entry) => {
    const here = entry.index ? base : entry.path ? `${base}/${entry.path}` : base;
    const path = here.replace(/:[A-Za-z_]+\??/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
    return [...(entry.index || entry.path ? [path] : []), ...consolePaths(entry.children ?? [], here)];
  });
}
const paths = [...new Set(consolePaths(consolePages))];

async function expectNoData(body: string) {
  expect(body).not.toContain(ADMIN_EMAIL);
  expect(body).not.toMatch(/staff-[a-z]+-\d+/); // no member addresses
}

test.describe("signed out", () => {
  test("the route config lists the console's pages", () => {
    expect(paths).toEqual(expect.arrayContaining(["/staff", "/staff/account", "/staff/members"]));
  });

  for (const path of paths) {
    test(`${path}: pages redirect to sign-in, data and other requests get 401 or a redirect, never data`, async ({
      request,
    }) => {
      await checkSignedOut(request, path);
    });
  }
});

async function checkSignedOut(request: APIRequestContext, path: string) {
  const returnTo = `/staff/sign-in?returnTo=${encodeURIComponent(path)}`;
  const page = await request.get(path, { headers: { Accept: "text/html" }, maxRedirects: 0 });
  expect(page.status()).toBe(302);
  expect(page.headers().location).toBe(path === "/staff" ? "/staff/sign-in" : returnTo);
  expect(page.headers()["cache-control"]).toBe("no-store");
  await expectNoData(await page.text());

  const dataUrl = `${path}.data`;
  const data = await request.get(dataUrl, { maxRedirects: 0 });
  expect([202, 302, 401]).toContain(data.status());
  const dataBody = await data.text();
  if (data.status() === 202) expect(dataBody).toContain("/staff/sign-in");
  await expectNoData(dataBody);

  const api = await request.get(path, { headers: { Accept: "application/json" }, maxRedirects: 0 });
  expect(api.status()).toBe(401);
  await expectNoData(await api.text());

  const post = await request.post(path, {
    headers: { Accept: "application/json" },
    form: { intent: "remove", id: "x" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(401);
  await expectNoData(await post.text());
}

test("staff are refused admin pages and actions with 403", async ({ browser }) => {
  const { page, context } = await signInAsStaff(browser);
  // The console's navigation is there (it offers staff the inbox), without Members.
  await expect(page.getByRole("link", { name: "Inbox", exact: true })).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: "Members", exact: true })).toHaveCount(0);
  const response = await page.goto("/staff/members");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  // Nothing of the team page: no other member's address (their own is in the header).
  expect(await page.content()).not.toContain(ADMIN_EMAIL);
  const post = await page.request.post("/staff/members", { form: { intent: "remove", id: "x" }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
  await context.close();
});

test("removing a member ends their open session on its next request", async ({ browser }) => {
  const { page: member, context, email } = await signInAsStaff(browser);
  await member.goto("/staff/account");
  await expect(member.getByRole("heading", { name: "Your account" })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, { returnTo: "/staff/members" });
  const row = admin.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await row.getByRole("link", { name: /Remove/ }).click();
  // A page of its own names who is removed and what happens; only its button removes them.
  const confirm = admin.getByRole("region", { name: /^Remove .+\?$/ });
  await expect(confirm).toContainText(`${email}. Their sessions end at once and they can no longer sign in.`);
  await expectNoAxeViolationsAtBothWidths(admin, "the removal's confirmation", { fits: true });
  await confirm.getByRole("button", { name: "Remove this member" }).click();
  await expect(admin.getByRole("status")).toContainText(`${email} was removed and signed out.`);
  await adminContext.close();

  await member.reload();
  await expect(member).toHaveURL(/\/staff\/sign-in\?returnTo=%2Fstaff%2Faccount/);
  await context.close();
});

test("an admin adds a member, who gets an e-mail; role changes and duplicate addresses", async ({ page }) => {
  await signInAsAdmin(page, { returnTo: "/staff/members" });
  const email = uniqueStaffAddress("invite");
  await addStaffMember(page, { email, name: "Ama Invitee" });
  // The form is empty again (it was filled: addStaffMember), so the member is not added twice by mistake.
  const addForm = page.getByRole("form", { name: "Add a member of staff" });
  await expect(addForm.getByLabel("E-mail address")).toHaveValue("");
  await expect(addForm.getByLabel("Name")).toHaveValue("");
  const [invitation] = await waitForMessages(email, 1);
  expect(invitation?.subject).toContain("staff console");
  expect(invitation?.text).toContain("/staff/sign-in");

  const row = page.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await row.getByRole("button", { name: /Make admin/ }).click();
  await expect(page.getByRole("status")).toContainText(`${email} is now an admin.`);

  await page.getByLabel("Name").fill("Again");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("is already a member of staff");
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
});

test("signing in again (reauth) returns to the page and replaces the session", async ({ page, context }) => {
  await signInAsAdmin(page, { returnTo: "/staff/members" });
  const before = (await context.cookies()).find((c) => c.name.endsWith("session_token"))?.value;
  await page.goto("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Fmembers");
  await expect(page.getByRole("heading", { name: "Sign in again" })).toBeVisible();
  // The address is already there.
  await expect(page.getByLabel("Work e-mail address")).toHaveValue(ADMIN_EMAIL);
  await signInAsAdmin(page, { returnTo: "/staff/members", reauth: true });
  await expect(page).toHaveURL(/\/staff\/members$/);
  const after = (await context.cookies()).find((c) => c.name.endsWith("session_token"))?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});

test("cross-site posts are refused", async ({ request }) => {
  for (const path of [
    "/staff/sign-in",
    "/staff/members",
    "/staff/sign-out",
    "/staff/auth/passkey/verify-authentication",
  ]) {
    const response = await request.post(path, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { intent: "send-code", email: ADMIN_EMAIL },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(403);
  }
});

test("account and team pages are axe-clean, and nothing is cut off, at 1280 and 390 px", async ({ page }) => {
  await signInAsAdmin(page, { returnTo: "/staff/account" });
  await waitForConsole(page);
  await expectNoAxeViolationsAtBothWidths(page, "account");
  await page.goto("/staff/members");
  await waitForConsole(page);
  await expectNoAxeViolationsAtBothWidths(page, "team");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, "team errors", { fits: true });
});

test("every console page in the route config is axe-clean at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, { returnTo: "/staff" });
  await waitForConsole(page);
  const checked: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    // POST-only downloads and forms (the CSV, the access export, the recovery codes, cancelling a held change) answer a GET with no page at all.
    if (!response?.headers()["content-type"]?.startsWith("text/html")) continue;
    await expectNoAxeViolationsAtBothWidths(page, path);
    checked.push(path);
  }
  expect(checked).toEqual(paths.filter((path) => !/(\/export(\.csv)?|\.txt|\/held-change)$/.test(path)));
});
