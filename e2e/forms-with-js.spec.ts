/**
 * The three enquiry forms end to end with JavaScript (their twin without it:
 * ./forms-no-js.spec.ts). Contact: the thank-you panel, the toast and both
 * e-mails through the real pipeline, the error summary, what is typed or sent
 * before the form's script has run, and the interest that links and cards set.
 * Demo and advisory: the success screen, the toast, the welcome and
 * notification e-mails, and the error summary.
 */
import { type Page } from "@playwright/test";
import {
  ENQUIRIES,
  afterMinFill,
  bySubject,
  expect,
  expectRefusedPastChecks,
  expectToast,
  fill,
  open,
  submitShowingPending,
  submitUnchecked,
  test,
} from "../test/support/form-pages";
import { holdScripts, waitForIsland } from "../test/support/browser";
import { uniqueAddress, waitForMessages, type MailboxMessage } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

test.describe("contact with JavaScript", () => {
  test("sends a message: pending button, thank-you panel with focus, toast, notification and acknowledgement e-mails", async ({
    page,
  }) => {
    const email = uniqueAddress("contact");
    const renderedAt = await open(page, "/contact");
    await fill.contact(page, {
      name: "Amina Mensah",
      email,
      organization: "Korle Bu Teaching Hospital",
      role: "Head Midwife",
      interest: "pricing",
      message: "What does a district-wide licence cost?\nWe have 12 clinics.",
    });
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data")) dataRequests.push(`${request.method()} ${pathname}`);
    });
    await afterMinFill(renderedAt);
    await submitShowingPending(page, {
      pathname: "/contact",
      formId: "contact-form",
      button: "Send Message",
      pendingLabel: "Sending...",
    });

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
    // One request per enquiry: the action's result needs no reload of the page's loaders.
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
    await fill.contact(page, { name: "Kofi Owusu", email: second, message: "Please tell me more about Maternis." });
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
    const summary = await expectRefusedPastChecks(page, {
      formId: "contact-form",
      button: "Send Message",
      typed: { email: "not-an-email", organization: "Ridge Hospital", interest: "implementation" },
      errors: [
        ["contact-form-name", "Enter your full name"],
        ["contact-form-email", "Enter an email address in the correct format, like name@example.com"],
        ["contact-form-message", "Enter your message"],
      ],
    });
    await expect(page.locator("#contact-form-organization")).not.toHaveAttribute("aria-invalid", /.*/);
    await summary.getByRole("link", { name: "Enter your message" }).click();
    await expect(page.locator("#contact-form-message")).toBeFocused();
    // Its label shows too, not under the sticky header (the scroll may be smooth: wait for it to settle).
    const label = page.locator('label[for="contact-form-message"]');
    await expect(label).toBeInViewport();
    await expect
      .poll(() =>
        label.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const seen = document.elementFromPoint(box.left + 2, box.top + box.height / 2);
          return seen !== null && element.contains(seen);
        }),
      )
      .toBe(true);
  });

  test("what is typed before the form's script has run is kept when it runs, after a post that came back with errors", async ({
    page,
  }) => {
    // A visitor on a slow connection sends the form before its script arrives: the page comes back from the server
    // with an error and what was typed. They change the message while the script is still on its way.
    const scripts = await holdScripts(page);
    const renderedAt = Date.now();
    await page.goto("/contact", { waitUntil: "commit" });
    await fill.contact(page, { name: "Amina Mensah", email: "not-an-email", message: "First words." });
    await afterMinFill(renderedAt);
    await submitUnchecked(page, "contact-form", page.getByRole("button", { name: "Send Message" }));
    await expect(page.locator('[data-slot="error-summary"]')).toBeVisible();
    await expect(page.locator("#contact-form-message")).toHaveValue("First words.");
    await page.locator("#contact-form-message").fill("Second thoughts: we have 12 clinics.");
    await page.locator("#contact-form-name").fill("Amina K. Mensah");

    scripts.release();
    await waitForIsland(page);
    // React hydrating the textarea would have put "First words." back (app/components/ui/typed-before-hydration.ts).
    await expect(page.locator("#contact-form-message")).toHaveValue("Second thoughts: we have 12 clinics.");
    await expect(page.locator("#contact-form-name")).toHaveValue("Amina K. Mensah");
    await expect(page.locator("#contact-form-email")).toHaveValue("not-an-email");
  });

  test("a message sent before the form's script has run: the server's thank-you page, whose island starts by itself to show the toast", async ({
    page,
  }) => {
    const email = uniqueAddress("contact-early");
    const scripts = await holdScripts(page);
    const renderedAt = Date.now();
    await page.goto("/contact", { waitUntil: "commit" });
    await expect(
      page.locator("[data-island][data-island-eager]"),
      "a page without a result waits for the visitor",
    ).toHaveCount(0);
    await fill.contact(page, { name: "Kofi Boateng", email, message: "Sent before any script arrived." });
    await afterMinFill(renderedAt);
    await page.getByRole("button", { name: "Send Message" }).click();
    const panel = page.locator('[data-slot="success-panel"]');
    await expect(panel.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeVisible();
    await expect(page.locator("[data-island][data-island-eager]")).toHaveCount(1);
    scripts.release();
    // Neither the pointer nor focus is on the form: the result alone starts the island.
    await page.locator("[data-island][data-island-ready]").waitFor({ state: "attached" });
    await expectToast(
      page,
      "success",
      "Message Sent Successfully!",
      "We'll respond within 24 hours. Check your inbox for confirmation.",
    );
    await waitForMessages(email, 2);
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

  test("a later link on the page fills in the interest only while it is still general, in place", async ({ page }) => {
    // A link to this page with an interest, as any part of the page could carry (the form's island handles it).
    const follow = async (to: string) => {
      await page.evaluate((href) => {
        const link = Object.assign(document.createElement("a"), { href, textContent: "Test link" });
        document.getElementById("main-content")!.prepend(link);
        link.click();
        link.remove();
      }, to);
    };

    await open(page, "/contact");
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    // Still general: the link's interest is taken.
    await follow("/contact?interest=implementation#contact-form");
    await expect(page).toHaveURL(/\/contact\?interest=implementation#contact-form$/);
    await expect(page.locator("#contact-form-interest")).toHaveValue("implementation");

    // The visitor's own choice is kept.
    await page.locator("#contact-form-interest").selectOption("demo");
    await follow("/contact?interest=pricing#contact-form");
    await expect(page).toHaveURL(/\/contact\?interest=pricing#contact-form$/);
    await expect(page.locator("#contact-form-interest")).toHaveValue("demo");
    // It really was in place: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});

test.describe("demo and advisory with JavaScript", () => {
  /**
   * Each form: what a visitor sends, what the success screen, the toast and
   * both e-mails say (the welcome to the visitor first, then the notification
   * to the company, which mentions everything sent), and the errors of a
   * request that bypassed the browser's checks, with what was typed.
   */
  const forms: {
    form: string;
    what: string;
    button: string;
    send: (page: Page, email: string) => Promise<void>;
    heading: string;
    panelTexts: string[];
    toast: string;
    subjects: [welcome: string, notification: string];
    welcomeText: string;
    mentions: string[];
    typed: Record<string, string>;
    errors: [fieldId: string, message: string][];
  }[] = [
    {
      form: "demo",
      what: "a demo request",
      button: "Request Demo",
      send: (page, email) =>
        fill.demo(page, {
          fullName: "Kwame Boateng",
          organization: "Ghana Health Service",
          email,
          role: "government",
          preferredDate: "2026-03-12",
          message: "We would like to see the facility dashboard.",
        }),
      heading: "Demo Request Received!",
      panelTexts: ["2-3 business days", "30-minute walkthrough"],
      toast: "Your demo request has been received. We'll contact you shortly.",
      subjects: ["Thank you for requesting a demo", "New Demo Request from Kwame Boateng"],
      welcomeText: "Kwame",
      mentions: [
        "Kwame Boateng",
        "Ghana Health Service",
        "Government Official",
        "Preferred Date:",
        "12 March 2026",
        "We would like to see the facility dashboard.",
      ],
      typed: { fullName: "Kwame Boateng", message: "Mornings are best." },
      errors: [
        ["demo-form-organization", "Enter your organisation or institution"],
        ["demo-form-email", "Enter your email address"],
        ["demo-form-role", "Select your role"],
      ],
    },
    {
      form: "advisory",
      what: "an advisory signup",
      button: "Join Network",
      send: (page, email) =>
        fill.advisory(page, {
          fullName: "Ngozi Okafor",
          email,
          role: "midwife",
          country: "Nigeria",
          reason: "Paper antenatal cards get lost between clinics.",
        }),
      heading: "Welcome to the Advisory Network!",
      panelTexts: [],
      toast: "Thank you for joining the Advisory Network.",
      subjects: ["Welcome to the Advisory Network", "New Advisory Network Signup - Ngozi Okafor"],
      welcomeText: "Ngozi",
      mentions: ["Ngozi Okafor", "Midwife", "Nigeria", "Paper antenatal cards get lost between clinics."],
      typed: { country: "Ghana", role: "doctor" },
      errors: [
        ["advisory-form-fullName", "Enter your full name"],
        ["advisory-form-email", "Enter your email address"],
        ["advisory-form-reason", "Tell us why you want to join"],
      ],
    },
  ];

  for (const { form, what, button, send, heading, panelTexts, toast, subjects, welcomeText, mentions } of forms) {
    test(`${what}: pending label, success screen, toast, welcome then notification e-mail`, async ({ page }) => {
      const email = uniqueAddress(form);
      const renderedAt = await open(page, `/${form}`);
      await send(page, email);
      await afterMinFill(renderedAt);
      await submitShowingPending(page, {
        pathname: `/${form}`,
        formId: `${form}-form`,
        button,
        pendingLabel: "Submitting...",
      });

      const panel = page.locator('[data-slot="success-panel"]');
      await expect(panel.getByRole("heading", { name: heading })).toBeFocused();
      for (const text of panelTexts) await expect(panel).toContainText(text);
      await expect(panel.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
      await expect(page.locator(`form#${form}-form`)).toHaveCount(0);
      await expectToast(page, "success", "Success!", toast);

      const messages = await waitForMessages(email, 2);
      expect(messages.map((m) => m.subject)).toEqual(subjects);
      const [welcome, notification] = messages as [MailboxMessage, MailboxMessage];
      expect(welcome.toAddresses).toEqual([email]);
      expect(welcome.text).toContain(welcomeText);
      expect(notification.toAddresses).toEqual([ENQUIRIES]);
      expect(notification.replyToAddresses).toEqual([email]);
      for (const text of [email, ...mentions]) {
        expect(notification.text, text).toContain(text);
      }

      await panel.getByRole("link", { name: "Return Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("demo and advisory: a request that bypassed the browser's checks gets a focused error summary", async ({
    page,
  }) => {
    for (const { form, button, typed, errors } of forms) {
      await open(page, `/${form}`);
      await expectRefusedPastChecks(page, { formId: `${form}-form`, button, typed, errors });
    }
  });
});
