import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, waitForConsole } from "../test/support/browser";
import { expect, postFromPage, test } from "../test/support/form-pages";
import { serverReachingReceiver, signInAsAdmin } from "../test/support/staff";
import { waitFor } from "../test/support/wait";

/**
 * Erasure and the integrations (issue 43): "Erase everything" is a danger
 * button (GOV.UK's warning button, the site's danger tokens), and the
 * "Erased" page names the integrations that were sent a summary of the
 * person, with their hosts, so the team asks those receivers to delete it
 * too. A server of its own reaches a local HTTPS receiver
 * (WEBHOOK_ALLOW_ADDRESSES=127.0.0.1, its certificate trusted through
 * NODE_EXTRA_CA_CERTS). Axe-clean at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const own = serverReachingReceiver({}, "maternis-e2e-erasure-receivers-");

/** The danger button's look: the danger token's red, white text, a darker bottom edge. */
async function expectDanger(button: Locator) {
  const style = await button.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { background: computed.backgroundColor, color: computed.color, shadow: computed.boxShadow };
  });
  expect(style.background).toBe("rgb(180, 35, 24)"); // --color-danger-700
  expect(style.color).toBe("rgb(255, 255, 255)");
  expect(style.shadow).toContain("rgb(85, 21, 11)"); // --color-danger-900
}

async function addIntegration(page: Page, values: { kind: string; name: string; path: string; summary: boolean }) {
  await page.goto("/staff/integrations");
  await waitForConsole(page);
  await page.getByLabel(values.kind, { exact: true }).check();
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Address", { exact: true }).fill(`${own.receiver.url}${values.path}`);
  if (values.summary) await page.getByLabel("Summary: also the name").check();
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page.getByRole("heading", { level: 1, name: values.name })).toBeVisible();
}

test("the Erased page lists the integrations that were sent a summary of the person, with their hosts", async ({
  page,
}) => {
  await signInAsAdmin(page, { returnTo: "/staff/integrations" });
  await addIntegration(page, { kind: "Webhook (signed)", name: "CRM", path: "/crm", summary: true });
  await addIntegration(page, { kind: "Slack", name: "Sales channel", path: "/services/T0/B0/x", summary: false });

  // The person writes; both integrations hear of it (the Slack one with a link only).
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `erased-${tag}@example.org`;
  const response = await postFromPage(
    page,
    "/contact",
    { name: `Adjoa Receiver ${tag}`, email, interest: "general", message: "Please call me." },
    own.server.url,
  );
  expect(response.status()).toBe(200);
  await waitFor(() => own.receiver.requests.some((r) => r.path === "/crm" && r.body.includes(tag)), {
    timeoutMs: 60_000,
    what: "the summary at the CRM",
  });
  await waitFor(() => own.receiver.requests.some((r) => r.path.startsWith("/services/")), {
    timeoutMs: 60_000,
    what: "the link at Slack",
  });

  // Found; "Erase everything" is a danger button here and on the confirmation page.
  await page.goto("/staff/data-requests");
  await waitForConsole(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  const first = page.getByRole("button", { name: "Erase everything" });
  await expectDanger(first);
  await first.click();
  await expect(page.getByRole("heading", { name: `Erase everything about ${email}`, level: 1 })).toBeVisible();
  await expectDanger(page.getByRole("button", { name: "Erase everything" }));
  await page.getByLabel("E-mail address, again").fill(email);
  await page.getByRole("button", { name: "Erase everything" }).click();

  // Erased: the CRM (summary) is named with its host; the Slack channel (link only) is not.
  await expect(page.getByRole("heading", { name: "Erased", level: 1 })).toBeVisible();
  const receivers = page.getByRole("region", { name: "Integrations that were sent a summary" });
  await expect(receivers.getByRole("listitem")).toHaveText([`CRM, at ${new URL(own.receiver.url).host}`]);
  await expect(page.getByText("Sales channel")).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page, "erased, with the receivers of a summary");

  // Positive control: someone never sent anywhere gets no such list.
  await page.goto("/staff/data-requests");
  await page.getByLabel("E-mail address").fill(`nobody-${tag}@example.org`);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("button", { name: "Erase anyway" }).click();
  await page.getByLabel("E-mail address, again").fill(`nobody-${tag}@example.org`);
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Erased", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Integrations that were sent a summary" })).toHaveCount(0);
});
