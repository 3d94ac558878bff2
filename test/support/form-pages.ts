/**
 * What the enquiry-form end-to-end tests share: opening a form page and
 * waiting out its minimum fill time, filling each form, submitting it (for
 * its response, or to see its pending state), recording the toasts a page
 * shows, the error summary, what a refused form says (its toast and its page
 * alike), a second server whose database is gone, and one that lets each
 * client send a single form an hour.
 * The stack (./e2e-stack.ts) delivers e-mail to the mailbox (./mailbox.ts).
 */
import { expect as baseExpect, test as base, type Locator, type Page } from "@playwright/test";
import { waitForIsland } from "./browser";
import { limitsOffEnv } from "./limits-off";
import type { MailboxMessage } from "./mailbox";
import { startPostgres, type TestPostgres } from "./postgres";
import { startServer, type RunningServer } from "./server-process";
import { TEST_KEYS } from "./test-keys";

// Round trips through the server and the delivery worker: allow for a busy machine (2 shared cores).
export const expect = baseExpect.configure({ timeout: 15_000 });

export const ENQUIRIES = "hello@maternis.health";
/** The stack runs with FORM_MIN_FILL_MS=500: a form posted sooner after it was rendered counts as a bot. */
export const MIN_FILL_MS = 600;

/** Waits until the form rendered at `renderedAt` may be posted. */
export async function afterMinFill(renderedAt: number) {
  const left = renderedAt + MIN_FILL_MS - Date.now();
  // A fixed wait is right here: the server rejects a post sooner than FORM_MIN_FILL_MS after rendering.
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * Posts an enquiry form as a browser without JavaScript does, through the
 * page's own context (its cookies, its base URL): opens `path` for an
 * anti-spam token, waits out the minimum fill time, and posts `fields` with
 * an empty honeypot (`website` in `fields` overrides it). Returns the response.
 */
export async function postFromPage(page: Page, path: string, fields: Record<string, string>, origin: string) {
  await page.goto(path);
  const token = await page.locator('input[name="formStartedAt"]').inputValue();
  // A fixed wait is right here: the server rejects a post sooner than its minimum fill time after the token.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  return page.request.post(path, {
    form: { website: "", ...fields, formStartedAt: token },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
}

/** Opens a form page (and waits for its form island, unless `hydrate: false`); returns the time it was rendered (the anti-spam token's age counts from here). */
export async function open(page: Page, path: string, { hydrate = true } = {}) {
  const renderedAt = Date.now();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (hydrate) await waitForIsland(page);
  return renderedAt;
}

export type SeenToast = { region: string; type: string; title: string; description: string };

/**
 * Records every toast as it appears: the label of its region, its type and
 * its text. Toasts close after 4-5 s, so on a busy machine a visibility check
 * alone could miss one; the record cannot.
 */
export async function watchToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: SeenToast[] = [];
    const known = new WeakSet<Element>();
    (window as unknown as { __toasts: SeenToast[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        const title = toast.querySelector("[data-title]")?.textContent ?? "";
        if (known.has(toast) || !title) continue;
        known.add(toast);
        seen.push({
          region: toast.closest("section")?.getAttribute("aria-label") ?? "",
          type: toast.getAttribute("data-type") ?? "",
          title,
          description: toast.querySelector("[data-description]")?.textContent ?? "",
        });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts the page has shown so far (see watchToasts). */
export function seenToasts(page: Page) {
  return page.evaluate(() => (window as unknown as { __toasts?: SeenToast[] }).__toasts ?? []);
}

/**
 * A refused form says the same thing in its toast and on the page: the
 * latest toast is destructive, titled `toastTitle`, and the page's message
 * (the form's alert, or its error summary; exactly one) is headed `title`
 * and has the toast's description, which matches `description`. Returns
 * that description.
 */
export async function expectRefusal(
  page: Page,
  { toastTitle, title, description }: { toastTitle: string; title: string; description: string | RegExp },
) {
  await expect
    .poll(async () => (await seenToasts(page)).at(-1)?.type, { message: "a destructive toast" })
    .toBe("error");
  const toast = (await seenToasts(page)).at(-1)!;
  expect(toast.region).toMatch(/^Notifications\b/);
  expect(toast.title).toBe(toastTitle);
  if (typeof description === "string") expect(toast.description).toBe(description);
  else expect(toast.description).toMatch(description);
  const message = page.locator('[data-slot="form-alert"], [data-slot="error-summary"]');
  await expect(message).toHaveCount(1);
  await expect(message.locator('[data-slot="form-alert-title"], h2')).toHaveText(title);
  await expect(
    message.locator('[data-slot="form-alert-description"], [data-slot="error-summary-description"]'),
  ).toHaveText(toast.description);
  return toast.description;
}

/** Expects this toast (and no other) in the region labelled 'Notifications'. */
export async function expectToast(page: Page, type: "success" | "error", title: string, description: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toasts?: SeenToast[] }).__toasts ?? []))
    .toEqual([{ region: expect.stringMatching(/^Notifications\b/), type, title, description }]);
}

/** Submits a form without the browser's own checks (a request that bypassed them). */
export async function submitUnchecked(page: Page, formId: string, button: Locator) {
  await page.locator(`form#${formId}`).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await button.click();
}

/**
 * Submits the form with the button named `button` (past the browser's own checks of the form
 * whose id is `pastChecksOf`, when given) and returns the response to its POST (to `pathname` only, when given).
 */
export async function submitForm(
  page: Page,
  button: string,
  { pastChecksOf, pathname }: { pastChecksOf?: string; pathname?: string } = {},
) {
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && (pathname === undefined || new URL(r.url()).pathname === pathname),
  );
  const submit = page.getByRole("button", { name: button });
  if (pastChecksOf) await submitUnchecked(page, pastChecksOf, submit);
  else await submit.click();
  return response;
}

/** Holds the route's next POST until `release()` so the pending state can be seen. */
export async function holdNextPost(page: Page, pathname: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith(pathname),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * Submits the form `formId` at `pathname` with the button named `button`, its POST held: the submit
 * button reads `pendingLabel` and is disabled; then lets the POST go on.
 */
export async function submitShowingPending(
  page: Page,
  {
    pathname,
    formId,
    button,
    pendingLabel,
  }: { pathname: string; formId: string; button: string; pendingLabel: string },
) {
  const release = await holdNextPost(page, pathname);
  await page.getByRole("button", { name: button }).click();
  const submit = page.locator(`form#${formId} button[type=submit]`);
  await expect(submit).toHaveText(pendingLabel);
  await expect(submit).toBeDisabled();
  release();
}

/** The one message with exactly this subject. */
export function bySubject(messages: MailboxMessage[], subject: string) {
  const found = messages.filter((m) => m.subject === subject);
  expect(
    found.map((m) => m.subject),
    `one e-mail "${subject}" among ${messages.map((m) => m.subject).join(" | ")}`,
  ).toEqual([subject]);
  return found[0]!;
}

/** Asserts the error summary lists exactly these field errors, in order, each linking to its control. */
export async function expectErrorSummary(page: Page, errors: [fieldId: string, message: string][]) {
  const summary = page.locator('[data-slot="error-summary"]');
  // As in GOV.UK Frontend: the focused container is not itself the alert; an element inside it is.
  await expect(summary).not.toHaveAttribute("role");
  await expect(summary.getByRole("alert").getByRole("heading", { name: "There is a problem" })).toBeVisible();
  const links = summary.getByRole("link");
  await expect(links).toHaveText(errors.map(([, message]) => message));
  for (const [index, [fieldId, message]] of errors.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", `#${fieldId}`);
    const control = page.locator(`#${fieldId}`);
    await expect(control).toHaveAttribute("aria-invalid", "true");
    await expect(control).toHaveAttribute("aria-describedby", new RegExp(`(^| )${fieldId}-error( |$)`));
    await expect(page.locator(`#${fieldId}-error`)).toHaveText(`Error: ${message}`);
  }
  return summary;
}

/**
 * Fills the form `formId` with only `typed` and sends it past the browser's own checks with the
 * button named `button`: the error summary lists `errors` (see expectErrorSummary) and has focus,
 * and what was typed is kept. Returns the summary.
 */
export async function expectRefusedPastChecks(
  page: Page,
  {
    formId,
    button,
    typed,
    errors,
  }: { formId: string; button: string; typed: Record<string, string>; errors: [fieldId: string, message: string][] },
) {
  await fillForm(page, formId, typed);
  await submitUnchecked(page, formId, page.getByRole("button", { name: button }));
  const summary = await expectErrorSummary(page, errors);
  await expect(summary).toBeFocused();
  for (const [field, value] of Object.entries(typed)) {
    await expect(page.locator(`#${formId}-${field}`), field).toHaveValue(value);
  }
  return summary;
}

/**
 * Fills a form's fields by name (the control `#<formId>-<name>`): a select
 * gets the option with that value, any other control the text. Fields left
 * undefined are not touched.
 */
export async function fillForm(page: Page, formId: string, values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const control = page.locator(`#${formId}-${name}`);
    if ((await control.evaluate((element) => element.tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
}

/** Each enquiry form filled as a visitor would, by field name. */
export const fill = {
  contact: (
    page: Page,
    values: { name: string; email: string; organization?: string; role?: string; interest?: string; message: string },
  ) => fillForm(page, "contact-form", values),
  demo: (
    page: Page,
    values: {
      fullName: string;
      organization: string;
      email: string;
      role: string;
      preferredDate?: string;
      message?: string;
    },
  ) => fillForm(page, "demo-form", values),
  advisory: (page: Page, values: { fullName: string; email: string; role: string; country: string; reason: string }) =>
    fillForm(page, "advisory-form", values),
};

/**
 * A second production server from the same build, storing enquiries in a
 * throwaway PostgreSQL cluster that is stopped once the server is up: every
 * enquiry then really fails to be stored.
 */
export type BrokenStorageServer = { url: string };

/**
 * A production server from the same build with the hourly limit per client
 * at one form (the end-to-end stack turns its limits off), behind a trusted
 * proxy (TRUST_PROXY=loopback): a test is a client of its own by sending
 * `X-Forwarded-For: <clientAddress()>` with every request.
 */
export type LimitedServer = { url: string; clientAddress(): string };

let clients = 0;

export const test = base.extend<object, { brokenStorage: BrokenStorageServer; limitedServer: LimitedServer }>({
  // Every page records the toasts it shows.
  page: async ({ page }, provide) => {
    await watchToasts(page);
    await provide(page);
  },
  brokenStorage: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      let postgres: TestPostgres | undefined;
      let server: RunningServer | undefined;
      try {
        postgres = await startPostgres();
        const databaseUrl = await postgres.createDatabase("maternis_e2e_forms");
        server = await startServer(
          {
            DATABASE_URL: databaseUrl,
            ...TEST_KEYS,
            LOG_LEVEL: "warn",
            MAIL_TRANSPORT: "file",
            SHUTDOWN_TIMEOUT_MS: "3000",
            ...limitsOffEnv,
            FORM_MIN_FILL_MS: "500",
          },
          { capture: true, healthTimeoutMs: 45_000, dataPrefix: "maternis-e2e-broken-" },
        );
        const url = server.url;
        const health = async () => {
          try {
            return (await fetch(`${url}/healthz`)).status;
          } catch {
            return 0;
          }
        };
        // Take the database away: the server keeps running, storage fails.
        await postgres.stop();
        await expect.poll(health, { message: "second server reports its database gone", timeout: 15_000 }).toBe(503);
        await provide({ url });
      } finally {
        if (server) {
          const timer = setTimeout(() => void server!.kill("SIGKILL"), 5_000);
          await server.stop();
          clearTimeout(timer);
        }
        await postgres?.stop().catch(() => {});
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  limitedServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = await startServer(
        {
          LOG_LEVEL: "warn",
          MAIL_TRANSPORT: "file",
          SHUTDOWN_TIMEOUT_MS: "3000",
          ...limitsOffEnv,
          ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "1",
          FORM_MIN_FILL_MS: "500",
          TRUST_PROXY: "loopback",
        },
        { capture: true, healthTimeoutMs: 150_000, dataPrefix: "maternis-e2e-limited-" },
      );
      try {
        await provide({
          url: server.url,
          // A documentation address (RFC 5737) per test: no two of this server's share a limit.
          clientAddress: () => `198.51.100.${++clients}`,
        });
      } finally {
        const timer = setTimeout(() => void server.kill("SIGKILL"), 5_000);
        await server.stop();
        clearTimeout(timer);
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});
