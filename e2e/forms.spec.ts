/**
 * The three enquiry forms (/contact, /demo, /advisory) end to end: in the
 * browser with and without JavaScript, through the real pipeline to the
 * stack's SMTP server (e2e/support/stack.ts), and with the database gone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect, test as base, type Locator, type Page } from "@playwright/test";
import { freePort, startPostgres, type TestPostgres } from "../server/test-support/postgres";
import { expectNoAxeViolations, settleToast, waitForHydration } from "./support/helpers";
import { messagesAbout, uniqueAddress, waitForMessages, type MailboxMessage } from "./support/mailbox";

// Round trips through the server and the delivery worker: allow for a busy machine (2 shared cores).
const expect = baseExpect.configure({ timeout: 15_000 });

const ENQUIRIES = "hello@maternis.health";
/** The stack runs with FORM_MIN_FILL_MS=500: a form posted sooner after it was rendered counts as a bot. */
const MIN_FILL_MS = 600;

/** Waits until the form rendered at `renderedAt` may be posted. */
async function afterMinFill(renderedAt: number) {
  const left = renderedAt + MIN_FILL_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Opens a form page; returns the time it was rendered (the anti-spam token's age counts from here). */
async function open(page: Page, path: string, { hydrate = true } = {}) {
  const renderedAt = Date.now();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (hydrate) await waitForHydration(page);
  return renderedAt;
}

type SeenToast = { region: string; type: string; title: string; description: string };

/**
 * Records every toast as it appears: the label of its region, its type and
 * its text. Toasts close after 4-5 s, so on a busy machine a visibility check
 * alone could miss one; the record cannot.
 */
async function watchToasts(page: Page) {
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

/** Expects this toast (and no other) in the region labelled 'Notifications'. */
async function expectToast(page: Page, type: "success" | "error", title: string, description: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toasts?: SeenToast[] }).__toasts ?? []))
    .toEqual([{ region: expect.stringMatching(/^Notifications\b/), type, title, description }]);
}

/** Submits a form without the browser's own checks (a request that bypassed them). */
async function submitUnchecked(page: Page, formId: string, button: Locator) {
  await page.locator(`form#${formId}`).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await button.click();
}

/** Holds the route's next POST until `release()` so the pending state can be seen. */
async function holdNextPost(page: Page, pathname: string) {
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

/** The one message with exactly this subject. */
function bySubject(messages: MailboxMessage[], subject: string) {
  const found = messages.filter((m) => m.subject === subject);
  expect(
    found.map((m) => m.subject),
    `one e-mail "${subject}" among ${messages.map((m) => m.subject).join(" | ")}`,
  ).toEqual([subject]);
  return found[0]!;
}

/** Asserts the error summary lists exactly these field errors, in order, each linking to its control. */
async function expectErrorSummary(page: Page, errors: [fieldId: string, message: string][]) {
  const summary = page.locator('[data-slot="error-summary"]');
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
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

async function fillContact(
  page: Page,
  values: { name: string; email: string; organization?: string; role?: string; interest?: string; message: string },
) {
  await page.locator("#contact-form-name").fill(values.name);
  await page.locator("#contact-form-email").fill(values.email);
  if (values.organization !== undefined) await page.locator("#contact-form-organization").fill(values.organization);
  if (values.role !== undefined) await page.locator("#contact-form-role").fill(values.role);
  if (values.interest !== undefined) await page.locator("#contact-form-interest").selectOption(values.interest);
  await page.locator("#contact-form-message").fill(values.message);
}

async function fillDemo(
  page: Page,
  values: {
    fullName: string;
    organization: string;
    email: string;
    role: string;
    preferredDate?: string;
    message?: string;
  },
) {
  await page.locator("#demo-form-fullName").fill(values.fullName);
  await page.locator("#demo-form-organization").fill(values.organization);
  await page.locator("#demo-form-email").fill(values.email);
  await page.locator("#demo-form-role").selectOption(values.role);
  if (values.preferredDate !== undefined) await page.locator("#demo-form-preferredDate").fill(values.preferredDate);
  if (values.message !== undefined) await page.locator("#demo-form-message").fill(values.message);
}

async function fillAdvisory(
  page: Page,
  values: { fullName: string; email: string; role: string; country: string; reason: string },
) {
  await page.locator("#advisory-form-fullName").fill(values.fullName);
  await page.locator("#advisory-form-email").fill(values.email);
  await page.locator("#advisory-form-role").selectOption(values.role);
  await page.locator("#advisory-form-country").fill(values.country);
  await page.locator("#advisory-form-reason").fill(values.reason);
}

/**
 * A second production server from the same build, storing enquiries in a
 * throwaway PostgreSQL cluster that is stopped once the server is up: every
 * submission then really fails to be stored.
 */
type BrokenStorageServer = { url: string };

const test = base.extend<object, { brokenStorage: BrokenStorageServer }>({
  // Every page records the toasts it shows.
  page: async ({ page }, provide) => {
    await watchToasts(page);
    await provide(page);
  },
  brokenStorage: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const root = path.resolve(import.meta.dirname, "..");
      const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-e2e-broken-"));
      let postgres: TestPostgres | undefined;
      let server: ChildProcess | undefined;
      const output: string[] = [];
      try {
        postgres = await startPostgres();
        const databaseUrl = await postgres.createDatabase("maternis_e2e_forms");
        const port = await freePort();
        server = spawn(process.execPath, [path.resolve(root, process.env.BUILD_DIR ?? "build", "node/index.js")], {
          cwd: root,
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            LOG_LEVEL: "warn",
            MAIL_TRANSPORT: "file",
            FORM_MIN_FILL_MS: "500",
            SHUTDOWN_TIMEOUT_MS: "3000",
            RATE_LIMIT_PER_MINUTE: "100000",
            POST_RATE_LIMIT_PER_MINUTE: "100000",
            ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "100000",
            ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "100000",
            ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "100000",
          },
        });
        const keep = (chunk: Buffer) => {
          output.push(chunk.toString());
          if (output.length > 200) output.shift();
        };
        server.stdout!.on("data", keep);
        server.stderr!.on("data", keep);
        const url = `http://127.0.0.1:${port}`;
        const health = async () => {
          try {
            return (await fetch(`${url}/healthz`)).status;
          } catch {
            return 0;
          }
        };
        await expect
          .poll(health, {
            message: `second server healthy\n${output.join("")}`,
            timeout: 45_000,
            intervals: [250, 500, 1000],
          })
          .toBe(200);
        // Take the database away: the server keeps running, storage fails.
        await postgres.stop();
        await expect.poll(health, { message: "second server reports its database gone", timeout: 15_000 }).toBe(503);
        await provide({ url });
      } finally {
        if (server && server.exitCode === null) {
          const exited = new Promise((resolve) => server!.once("exit", resolve));
          server.kill("SIGTERM");
          const timer = setTimeout(() => server!.kill("SIGKILL"), 5_000);
          await exited;
          clearTimeout(timer);
        }
        await postgres?.stop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test.describe.configure({ timeout: 90_000 });

test.describe("contact with JavaScript", () => {
  test("sends a message: pending button, thank-you panel with focus, toast, notification and acknowledgement e-mails", async ({
    page,
  }) => {
    const email = uniqueAddress("contact");
    const renderedAt = await open(page, "/contact");
    await fillContact(page, {
      name: "Amina Mensah",
      email,
      organization: "Korle Bu Teaching Hospital",
      role: "Head Midwife",
      interest: "pricing",
      message: "What does a district-wide licence cost?\nWe have 12 clinics.",
    });
    const release = await holdNextPost(page, "/contact");
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data")) dataRequests.push(`${request.method()} ${pathname}`);
    });
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Send Message" }).click();

    const submit = page.locator("form#contact-form button[type=submit]");
    await expect(submit).toHaveText("Sending...");
    await expect(submit).toBeDisabled();
    release();

    const panel = page.locator('[data-slot="success-panel"]');
    const heading = panel.getByRole("heading", { name: "Thank you! Your message has been sent." });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(panel).toContainText("We received your inquiry about Pricing.");
    await expect(panel).toContainText("Our team will respond within one business day.");
    await expect(page.locator("form#contact-form")).toHaveCount(0);

    await expectToast(
      page,
      "success",
      "Message Sent Successfully!",
      "We'll respond within 24 hours. Check your inbox for confirmation.",
    );

    await expect(panel.getByRole("link", { name: "Explore Platform" })).toHaveAttribute("href", "/product");
    // One request per submission: the action's result needs no reload of the page's loaders.
    expect(dataRequests).toEqual(["POST /contact.data"]);

    // The e-mails: the notification to the company (replies go to the visitor) and the acknowledgement.
    const messages = await waitForMessages(email, 2);
    const notification = bySubject(messages, "New Contact Form Submission - pricing");
    expect(notification.toAddresses).toEqual([ENQUIRIES]);
    expect(notification.replyToAddresses).toEqual([email]);
    expect(notification.text).toContain("Amina Mensah");
    expect(notification.text).toContain("Korle Bu Teaching Hospital");
    expect(notification.text).toContain("We have 12 clinics.");
    const acknowledgement = messages.find((m) => m !== notification)!;
    expect(acknowledgement.toAddresses).toEqual([email]);
    expect(acknowledgement.subject).toBe("We received your message");

    // 'Send Another Message': an empty form, interest back to general, focus on the first field.
    await panel.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.locator("#contact-form-name")).toBeFocused();
    for (const field of ["name", "email", "organization", "role", "message"]) {
      await expect(page.locator(`#contact-form-${field}`), field).toHaveValue("");
    }
    await expect(page.locator("#contact-form-interest")).toHaveValue("general");
    await expect(page.locator("#contact-form-interest option:checked")).toHaveText("General Information");

    // A second message about general information: the panel names no interest.
    const second = uniqueAddress("contact-general");
    await fillContact(page, { name: "Kofi Owusu", email: second, message: "Please tell me more about Maternis." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(panel.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeFocused();
    await expect(panel.locator("p").first()).toHaveText("We received your inquiry.");
    const generalMessages = await waitForMessages(second, 2);
    bySubject(generalMessages, "New Contact Form Submission - general");
  });

  test("a request that bypassed the browser's checks gets a focused error summary; its links focus the fields", async ({
    page,
  }) => {
    await open(page, "/contact");
    await page.locator("#contact-form-email").fill("not-an-email");
    await page.locator("#contact-form-organization").fill("Ridge Hospital");
    await page.locator("#contact-form-interest").selectOption("implementation");
    await submitUnchecked(page, "contact-form", page.getByRole("button", { name: "Send Message" }));
    const summary = await expectErrorSummary(page, [
      ["contact-form-name", "Enter your full name"],
      ["contact-form-email", "Enter an email address in the correct format, like name@example.com"],
      ["contact-form-message", "Enter your message"],
    ]);
    await expect(summary).toBeFocused();
    await expect(page.locator("#contact-form-email")).toHaveValue("not-an-email");
    await expect(page.locator("#contact-form-organization")).toHaveValue("Ridge Hospital");
    await expect(page.locator("#contact-form-organization")).not.toHaveAttribute("aria-invalid", /.*/);
    await expect(page.locator("#contact-form-interest")).toHaveValue("implementation");
    await summary.getByRole("link", { name: "Enter your message" }).click();
    await expect(page.locator("#contact-form-message")).toBeFocused();
  });
});

test.describe("contact interest", () => {
  test("the partnership card sets the interest, the #contact-form hash and scrolls to the form", async ({ page }) => {
    await open(page, "/contact");
    await expect(page.locator("#contact-form-interest")).toHaveValue("general");
    await page.getByRole("link", { name: "Start a partnership inquiry" }).click();
    await expect(page.locator("#contact-form-interest")).toHaveValue("partnership");
    await expect(page.locator("#contact-form-interest option:checked")).toHaveText("Partnership Opportunities");
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.locator("form#contact-form")).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("?interest= fills in a known interest and ignores an unknown one", async ({ page }) => {
    await open(page, "/contact?interest=pricing");
    await expect(page.locator("#contact-form-interest")).toHaveValue("pricing");
    await expect(page.locator("#contact-form-interest option:checked")).toHaveText("Pricing & Plans");
    await open(page, "/contact?interest=bogus");
    await expect(page.locator("#contact-form-interest")).toHaveValue("general");
    await expect(page.locator("#contact-form-interest option:checked")).toHaveText("General Information");
  });

  test("a later in-site link fills in the interest only while it is still general", async ({ page }) => {
    // Client-side navigation through the app's own router, as a <Link> does.
    const navigate = (to: string) =>
      page.evaluate(async (target) => {
        const router = (window as unknown as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
          .__reactRouterDataRouter;
        if (!router) throw new Error("React Router's data router is not exposed on window");
        await router.navigate(target);
      }, to);

    await open(page, "/contact");
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    // Still general: the link's interest is taken.
    await navigate("/contact?interest=implementation#contact-form");
    await expect(page).toHaveURL(/\/contact\?interest=implementation#contact-form$/);
    await expect(page.locator("#contact-form-interest")).toHaveValue("implementation");

    // The visitor's own choice is kept.
    await page.locator("#contact-form-interest").selectOption("demo");
    await navigate("/contact?interest=pricing#contact-form");
    await expect(page).toHaveURL(/\/contact\?interest=pricing#contact-form$/);
    await expect(page.locator("#contact-form-interest")).toHaveValue("demo");
    // It really was client-side: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});

test.describe("demo and advisory with JavaScript", () => {
  test("a demo request: pending label, success screen, toast, welcome then notification e-mail", async ({ page }) => {
    const email = uniqueAddress("demo");
    const renderedAt = await open(page, "/demo");
    await fillDemo(page, {
      fullName: "Kwame Boateng",
      organization: "Ghana Health Service",
      email,
      role: "government",
      preferredDate: "2026-03-12",
      message: "We would like to see the facility dashboard.",
    });
    const release = await holdNextPost(page, "/demo");
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Request Demo" }).click();
    const submit = page.locator("form#demo-form button[type=submit]");
    await expect(submit).toHaveText("Submitting...");
    await expect(submit).toBeDisabled();
    release();

    const panel = page.locator('[data-slot="success-panel"]');
    const heading = panel.getByRole("heading", { name: "Demo Request Received!" });
    await expect(heading).toBeFocused();
    await expect(panel).toContainText("2-3 business days");
    await expect(panel).toContainText("30-minute walkthrough");
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("form#demo-form")).toHaveCount(0);
    await expectToast(page, "success", "Success!", "Your demo request has been received. We'll contact you shortly.");

    const messages = await waitForMessages(email, 2);
    expect(messages.map((m) => m.subject)).toEqual([
      "Thank you for requesting a demo",
      "New Demo Request from Kwame Boateng",
    ]);
    const [welcome, notification] = messages as [MailboxMessage, MailboxMessage];
    expect(welcome.toAddresses).toEqual([email]);
    expect(welcome.text).toContain("Kwame");
    expect(notification.toAddresses).toEqual([ENQUIRIES]);
    expect(notification.replyToAddresses).toEqual([email]);
    for (const text of [
      "Kwame Boateng",
      email,
      "Ghana Health Service",
      "Government Official",
      "Preferred Date:",
      "12 March 2026",
      "We would like to see the facility dashboard.",
    ]) {
      expect(notification.text, text).toContain(text);
    }

    await panel.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an advisory signup: pending label, success screen, toast, welcome then notification e-mail", async ({
    page,
  }) => {
    const email = uniqueAddress("advisory");
    const renderedAt = await open(page, "/advisory");
    await fillAdvisory(page, {
      fullName: "Ngozi Okafor",
      email,
      role: "midwife",
      country: "Nigeria",
      reason: "Paper antenatal cards get lost between clinics.",
    });
    const release = await holdNextPost(page, "/advisory");
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Join Network" }).click();
    const submit = page.locator("form#advisory-form button[type=submit]");
    await expect(submit).toHaveText("Submitting...");
    await expect(submit).toBeDisabled();
    release();

    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Welcome to the Advisory Network!" })).toBeFocused();
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("form#advisory-form")).toHaveCount(0);
    await expectToast(page, "success", "Success!", "Thank you for joining the Advisory Network.");

    const messages = await waitForMessages(email, 2);
    expect(messages.map((m) => m.subject)).toEqual([
      "Welcome to the Advisory Network",
      "New Advisory Network Signup - Ngozi Okafor",
    ]);
    const [welcome, notification] = messages as [MailboxMessage, MailboxMessage];
    expect(welcome.toAddresses).toEqual([email]);
    expect(welcome.text).toContain("Ngozi");
    expect(notification.toAddresses).toEqual([ENQUIRIES]);
    expect(notification.replyToAddresses).toEqual([email]);
    for (const text of [
      "Ngozi Okafor",
      email,
      "Midwife",
      "Nigeria",
      "Paper antenatal cards get lost between clinics.",
    ]) {
      expect(notification.text, text).toContain(text);
    }
  });

  test("demo and advisory: a request that bypassed the browser's checks gets a focused error summary", async ({
    page,
  }) => {
    await open(page, "/demo");
    await page.locator("#demo-form-fullName").fill("Kwame Boateng");
    await page.locator("#demo-form-message").fill("Mornings are best.");
    await submitUnchecked(page, "demo-form", page.getByRole("button", { name: "Request Demo" }));
    await expect(
      await expectErrorSummary(page, [
        ["demo-form-organization", "Enter your organisation or institution"],
        ["demo-form-email", "Enter your email address"],
        ["demo-form-role", "Select your role"],
      ]),
    ).toBeFocused();
    await expect(page.locator("#demo-form-fullName")).toHaveValue("Kwame Boateng");
    await expect(page.locator("#demo-form-message")).toHaveValue("Mornings are best.");

    await open(page, "/advisory");
    await page.locator("#advisory-form-country").fill("Ghana");
    await page.locator("#advisory-form-role").selectOption("doctor");
    await submitUnchecked(page, "advisory-form", page.getByRole("button", { name: "Join Network" }));
    await expect(
      await expectErrorSummary(page, [
        ["advisory-form-fullName", "Enter your full name"],
        ["advisory-form-email", "Enter your email address"],
        ["advisory-form-reason", "Tell us why you want to join"],
      ]),
    ).toBeFocused();
    await expect(page.locator("#advisory-form-country")).toHaveValue("Ghana");
    await expect(page.locator("#advisory-form-role")).toHaveValue("doctor");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Submits the form natively and returns the document response. */
  async function post(page: Page, pathname: string, button: string, unchecked?: string) {
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === pathname,
    );
    if (unchecked) await submitUnchecked(page, unchecked, page.getByRole("button", { name: button }));
    else await page.getByRole("button", { name: button }).click();
    return response;
  }

  /**
   * The whole page came back: hero, header and footer around the result, and
   * the browser moved focus to the result (the summary, alert or success
   * heading carries `autofocus`, so this needs no JavaScript).
   */
  async function expectFullPage(page: Page, title: string, formId: string) {
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const focused = page.locator(
      `#${formId} [data-slot="error-summary"]:focus, [data-slot="success-panel"] h2:focus, [data-slot="form-alert"]:focus`,
    );
    await expect(focused).toHaveCount(1);
  }

  test("contact: the thank-you page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("contact-nojs");
    let renderedAt = await open(page, "/contact", { hydrate: false });
    await fillContact(page, { name: "Esi Asante", email, message: "A question about pilots." });
    await afterMinFill(renderedAt);
    const response = await post(page, "/contact", "Send Message");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Let's Transform Maternal Care Together", "contact-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();
    await expect(panel.locator("p").first()).toHaveText("We received your inquiry.");
    await expect(panel).toContainText("Our team will respond within one business day.");
    await waitForMessages(email, 2);
    // 'Send Another Message' reloads an empty form.
    await panel.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.locator("#contact-form-name")).toHaveValue("");
    await expect(page.locator("#contact-form-interest")).toHaveValue("general");

    renderedAt = await open(page, "/contact?interest=partnership", { hydrate: false });
    await expect(page.locator("#contact-form-interest")).toHaveValue("partnership");
    await page.locator("#contact-form-email").fill("esi@");
    await page.locator("#contact-form-role").fill("Programme Lead");
    await page.locator("#contact-form-message").fill("Kept after the error.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/contact", "Send Message", "contact-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Let's Transform Maternal Care Together", "contact-form");
    await expectErrorSummary(page, [
      ["contact-form-name", "Enter your full name"],
      ["contact-form-email", "Enter an email address in the correct format, like name@example.com"],
    ]);
    await expect(page.locator("#contact-form-email")).toHaveValue("esi@");
    await expect(page.locator("#contact-form-role")).toHaveValue("Programme Lead");
    await expect(page.locator("#contact-form-message")).toHaveValue("Kept after the error.");
    await expect(page.locator("#contact-form-interest")).toHaveValue("partnership");
  });

  test("the error summary takes focus on the page that comes back", async ({ page }) => {
    // The summary is server-rendered with `autofocus`; the form posts to a URL
    // without a fragment, because a fragment would stop the browser autofocusing.
    const renderedAt = await open(page, "/contact", { hydrate: false });
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/contact", "Send Message", "contact-form");
    expect(invalid.status()).toBe(400);
    await expect(page.locator('[data-slot="error-summary"]')).toBeFocused({ timeout: 3_000 });
  });

  test("demo: the success page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("demo-nojs");
    let renderedAt = await open(page, "/demo", { hydrate: false });
    await fillDemo(page, { fullName: "Yaw Darko", organization: "Komfo Anokye", email, role: "healthcare" });
    await afterMinFill(renderedAt);
    const response = await post(page, "/demo", "Request Demo");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Request a Demo", "demo-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
    await expect(panel).toContainText("2-3 business days");
    await expect(panel).toContainText("30-minute walkthrough");
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitForMessages(email, 2);

    renderedAt = await open(page, "/demo", { hydrate: false });
    await page.locator("#demo-form-fullName").fill("Yaw Darko");
    await page.locator("#demo-form-email").fill("yaw at example");
    await page.locator("#demo-form-preferredDate").fill("2026-04-02");
    await page.locator("#demo-form-message").fill("Afternoons.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/demo", "Request Demo", "demo-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Request a Demo", "demo-form");
    await expectErrorSummary(page, [
      ["demo-form-organization", "Enter your organisation or institution"],
      ["demo-form-email", "Enter an email address in the correct format, like name@example.com"],
      ["demo-form-role", "Select your role"],
    ]);
    await expect(page.locator("#demo-form-fullName")).toHaveValue("Yaw Darko");
    await expect(page.locator("#demo-form-email")).toHaveValue("yaw at example");
    await expect(page.locator("#demo-form-preferredDate")).toHaveValue("2026-04-02");
    await expect(page.locator("#demo-form-message")).toHaveValue("Afternoons.");
  });

  test("advisory: the success page, and a full-page error summary that keeps the values", async ({ page }) => {
    const email = uniqueAddress("advisory-nojs");
    let renderedAt = await open(page, "/advisory", { hydrate: false });
    await fillAdvisory(page, {
      fullName: "Abena Pokua",
      email,
      role: "policy",
      country: "Ghana",
      reason: "Better referral data.",
    });
    await afterMinFill(renderedAt);
    const response = await post(page, "/advisory", "Join Network");
    expect(response.status()).toBe(200);
    await expectFullPage(page, "Join the Health Advisory Network", "advisory-form");
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Welcome to the Advisory Network!" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitForMessages(email, 2);

    renderedAt = await open(page, "/advisory", { hydrate: false });
    await page.locator("#advisory-form-fullName").fill("Abena Pokua");
    await page.locator("#advisory-form-role").selectOption("ngo");
    await page.locator("#advisory-form-reason").fill("Kept after the error.");
    await afterMinFill(renderedAt);
    const invalid = await post(page, "/advisory", "Join Network", "advisory-form");
    expect(invalid.status()).toBe(400);
    await expectFullPage(page, "Join the Health Advisory Network", "advisory-form");
    await expectErrorSummary(page, [
      ["advisory-form-email", "Enter your email address"],
      ["advisory-form-country", "Enter your country"],
    ]);
    await expect(page.locator("#advisory-form-fullName")).toHaveValue("Abena Pokua");
    await expect(page.locator("#advisory-form-role")).toHaveValue("ngo");
    await expect(page.locator("#advisory-form-reason")).toHaveValue("Kept after the error.");
  });
});

test.describe("spam", () => {
  test("a post with the honeypot filled gets the success response and sends no e-mail", async ({ page, baseURL }) => {
    const forms = [
      {
        path: "/contact",
        success: "Thank you! Your message has been sent.",
        fields: (email: string) => ({ name: "Bot", email, interest: "general", message: "Buy now" }),
      },
      {
        path: "/demo",
        success: "Demo Request Received!",
        fields: (email: string) => ({ fullName: "Bot", organization: "Bots Inc", email, role: "other" }),
      },
      {
        path: "/advisory",
        success: "Welcome to the Advisory Network!",
        fields: (email: string) => ({ fullName: "Bot", email, role: "other", country: "Nowhere", reason: "Spam" }),
      },
    ];
    const spamAddresses: string[] = [];
    const realAddresses: string[] = [];
    for (const form of forms) {
      await page.goto(form.path);
      const token = await page.locator('input[name="formStartedAt"]').inputValue();
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
      const send = (email: string, website: string) =>
        page.request.post(form.path, {
          form: { ...form.fields(email), website, formStartedAt: token },
          headers: { Origin: baseURL! },
          maxRedirects: 0,
        });
      const spam = uniqueAddress("spam");
      const real = uniqueAddress("not-spam");
      spamAddresses.push(spam);
      realAddresses.push(real);
      const spamResponse = await send(spam, "https://spam.example");
      const realResponse = await send(real, "");
      expect(spamResponse.status(), form.path).toBe(200);
      expect(realResponse.status(), form.path).toBe(200);
      expect(await spamResponse.text(), form.path).toContain(form.success);
      expect(await realResponse.text(), form.path).toContain(form.success);
    }
    // The genuine posts, sent after the spam, get their e-mails; the spam never does.
    for (const address of realAddresses) await waitForMessages(address, 2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const address of spamAddresses) expect(await messagesAbout(address), address).toEqual([]);
  });

  test("with JavaScript, a filled honeypot shows the same thank-you panel and sends nothing", async ({ page }) => {
    const spam = uniqueAddress("spam-js");
    const renderedAt = await open(page, "/contact");
    await fillContact(page, { name: "Bot", email: spam, message: "Cheap pills" });
    await page
      .locator("#contact-form-website")
      .evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeFocused();
    await expectToast(
      page,
      "success",
      "Message Sent Successfully!",
      "We'll respond within 24 hours. Check your inbox for confirmation.",
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await messagesAbout(spam)).toEqual([]);
  });
});

test.describe("storage failure", () => {
  // One second server (and PostgreSQL cluster) for the group, in one worker.
  test.describe.configure({ mode: "default" });

  test("contact: 'Message Failed' and every value kept", async ({ page, brokenStorage }) => {
    const email = uniqueAddress("contact-fail");
    const renderedAt = await open(page, `${brokenStorage.url}/contact`);
    const values = {
      name: "Adjoa Mensah",
      email,
      organization: "Tamale Teaching Hospital",
      role: "Matron",
      interest: "implementation",
      message: "How long does a rollout take?",
    };
    await fillContact(page, values);
    await afterMinFill(renderedAt);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(503);

    await expectToast(
      page,
      "error",
      "Message Failed",
      "Please try again or email us directly at hello@maternis.health",
    );
    await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#contact-form-${field}`), field).toHaveValue(value);
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.locator('[data-slot="success-panel"]')).toHaveCount(0);
  });

  test("demo: 'Error' and every value kept", async ({ page, brokenStorage }) => {
    const renderedAt = await open(page, `${brokenStorage.url}/demo`);
    const values = {
      fullName: "Kojo Antwi",
      organization: "Volta Regional Hospital",
      email: uniqueAddress("demo-fail"),
      role: "ngo",
      preferredDate: "2026-05-20",
      message: "Any weekday.",
    };
    await fillDemo(page, values);
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Request Demo" }).click();

    await expectToast(page, "error", "Error", "Something went wrong. Please try again.");
    await expect(page.locator('[data-slot="form-alert"]')).toBeFocused();
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#demo-form-${field}`), field).toHaveValue(value);
    }
    await expect(page.getByRole("button", { name: "Request Demo" })).toBeEnabled();
  });

  test("advisory: 'Error' and every value kept", async ({ page, brokenStorage }) => {
    const renderedAt = await open(page, `${brokenStorage.url}/advisory`);
    const values = {
      fullName: "Efua Sam",
      email: uniqueAddress("advisory-fail"),
      role: "doctor",
      country: "Ghana",
      reason: "To shape the records.",
    };
    await fillAdvisory(page, values);
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Join Network" }).click();

    await expectToast(page, "error", "Error", "Something went wrong. Please try again.");
    for (const [field, value] of Object.entries(values)) {
      await expect(page.locator(`#advisory-form-${field}`), field).toHaveValue(value);
    }
  });
});

test.describe("accessibility of the forms @mobile", () => {
  const cases = [
    {
      path: "/contact",
      formId: "contact-form",
      button: "Send Message",
      success: "Thank you! Your message has been sent.",
      fill: (page: Page, email: string) =>
        fillContact(page, { name: "Axe Tester", email, message: "Checking accessibility." }),
    },
    {
      path: "/demo",
      formId: "demo-form",
      button: "Request Demo",
      success: "Demo Request Received!",
      fill: (page: Page, email: string) =>
        fillDemo(page, { fullName: "Axe Tester", organization: "Axe Org", email, role: "other" }),
    },
    {
      path: "/advisory",
      formId: "advisory-form",
      button: "Join Network",
      success: "Welcome to the Advisory Network!",
      fill: (page: Page, email: string) =>
        fillAdvisory(page, {
          fullName: "Axe Tester",
          email,
          role: "other",
          country: "Ghana",
          reason: "Checking accessibility.",
        }),
    },
  ];
  for (const entry of cases) {
    test(`axe finds no violations on ${entry.path}: initial, error summary and success`, async ({ page }) => {
      test.setTimeout(150_000);
      const renderedAt = await open(page, entry.path);
      await expectNoAxeViolations(page, `${entry.path} initial`);

      const button = page.getByRole("button", { name: entry.button });
      await submitUnchecked(page, entry.formId, button);
      await expect(page.locator('[data-slot="error-summary"]')).toBeFocused();
      await expectNoAxeViolations(page, `${entry.path} error summary`);

      await entry.fill(page, uniqueAddress("axe"));
      await afterMinFill(renderedAt);
      await button.click();
      await expect(page.getByRole("heading", { name: entry.success })).toBeFocused();
      // The success toast arrives after the panel (its code loads lazily) and fades in.
      await settleToast(page, "success");
      await expectNoAxeViolations(page, `${entry.path} success`);
    });
  }
});
