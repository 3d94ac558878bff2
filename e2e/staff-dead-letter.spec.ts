import { expectNoAxeViolations, waitForConsole } from "../test/support/browser";
import { expect, postFromPage, test } from "../test/support/form-pages";
import { limitsOffEnv } from "../test/support/limits-off";
import { uniqueAddress } from "../test/support/mailbox";
import { serverOfItsOwn, signInAsAdmin } from "../test/support/staff";

/**
 * The dead-letter alert, against a server of its own whose SMTP server
 * refuses one recipient (550) and which gives an e-mail up after its first
 * failed attempt: once a delivery is dead, every console page says so and
 * links to the inbox's delivery problems. Its SMTP server writes to the
 * stack's mailbox, so the sign-in helpers find their codes there.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const own = serverOfItsOwn(
  {
    ...limitsOffEnv,
    FORM_MIN_FILL_MS: "500",
    // One failed attempt and an e-mail is dead.
    DELIVERY_RETRY_LIMIT: "0",
    WORKER_POLL_INTERVAL_SECONDS: "0.5",
  },
  "maternis-e2e-dead-letter-",
);

test("while an e-mail is dead, every console page shows the banner, linking to delivery problems", async ({ page }) => {
  await signInAsAdmin(page);
  await waitForConsole(page);
  await expect(page.getByTestId("dead-letter-alert")).toHaveCount(0);

  // A contact enquiry whose acknowledgement the recipient's server refuses.
  const refused = uniqueAddress("dead-letter");
  own.smtp.reject.add(refused);
  const response = await postFromPage(
    page,
    "/contact",
    { name: "Ama Refused", email: refused, interest: "general", message: "Hello." },
    own.server.url,
  );
  expect(response.status()).toBe(200);

  const banner = page.getByRole("status").filter({ hasText: "could not be delivered" });
  await expect(async () => {
    await page.goto("/staff");
    await expect(banner).toHaveText("1 e-mail could not be delivered. See delivery problems", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  for (const path of ["/staff", "/staff/spam", "/staff/account", "/staff/members"]) {
    await page.goto(path);
    await waitForConsole(page);
    await expect(banner, path).toHaveText("1 e-mail could not be delivered. See delivery problems");
    await expect(banner.getByRole("link", { name: "See delivery problems" }), path).toHaveAttribute(
      "href",
      "/staff?problem=1",
    );
  }

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/staff/spam");
    await waitForConsole(page);
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page, `console with the dead-letter alert at ${width}`);
  }

  await page.getByRole("link", { name: "See delivery problems" }).click();
  await expect(page).toHaveURL(/\/staff\?problem=1$/);
});
