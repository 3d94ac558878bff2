/**
 * The honeypot on the three enquiry forms: a bot gets the success response
 * and nothing is sent.
 */
import { MIN_FILL_MS, afterMinFill, expect, expectToast, fill, open, test } from "../test/support/form-pages";
import { messagesAbout, uniqueAddress, waitForMessages } from "../test/support/mailbox";

test.describe.configure({ timeout: 90_000 });

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
      // A fixed wait is right here: the server rejects a post sooner than its minimum fill time after the token.
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
    // The genuine posts, each sent after its spam through the same path, get their e-mails (the positive
    // control: delivery is working and has reached past the spam); the spam never does.
    for (const address of realAddresses) await waitForMessages(address, 2);
    for (const address of spamAddresses) expect(await messagesAbout(address), address).toEqual([]);
  });

  test("with JavaScript, a filled honeypot shows the same thank-you panel and sends nothing", async ({ page }) => {
    const spam = uniqueAddress("spam-js");
    const real = uniqueAddress("not-spam-js");
    const renderedAt = await open(page, "/contact");
    await fill.contact(page, { name: "Bot", email: spam, message: "Cheap pills" });
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

    // Positive control: a genuine message sent the same way afterwards arrives; only then is the
    // spam's empty mailbox evidence that nothing was sent (and not that delivery is slow or broken).
    const renderedAgainAt = await open(page, "/contact");
    await fill.contact(page, { name: "Ama Mensah", email: real, message: "Could we talk about a pilot?" });
    await afterMinFill(renderedAgainAt);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your message has been sent." })).toBeFocused();
    const delivered = await waitForMessages(real, 2);
    expect(delivered.map((m) => m.subject).sort()).toEqual([
      "New Contact Form Submission - general",
      "We received your message",
    ]);
    expect(await messagesAbout(spam)).toEqual([]);
  });
});
