/**
 * The demo and advisory forms end to end with JavaScript: the success screen,
 * the toast, the welcome and notification e-mails, and the error summary.
 */
import { type Page } from "@playwright/test";
import {
  ENQUIRIES,
  afterMinFill,
  expect,
  expectRefusedPastChecks,
  expectToast,
  fill,
  open,
  submitShowingPending,
  test,
} from "../test/support/form-pages";
import { uniqueAddress, waitForMessages, type MailboxMessage } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

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
