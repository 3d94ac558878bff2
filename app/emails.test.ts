import { toPlainText } from "react-email";
import { describe, expect, it } from "vitest";
import { emailPreviews } from "./emails";
import { plainTextOptions } from "./platform/mail/plain-text";

// Runs in the Node environment, as the delivery pipeline does.
describe("previews", () => {
  it("every template renders its PreviewProps with HTML and a plain-text part", async () => {
    expect(emailPreviews.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "contact-notification",
        "contact-acknowledgement",
        "demo-welcome",
        "demo-notification",
        "advisory-welcome",
        "advisory-notification",
      ]),
    );
    for (const preview of emailPreviews) {
      const email = await preview.render();
      expect(email.subject.length).toBeGreaterThan(0);
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.text.length).toBeGreaterThan(200);
      expect(email.text).toContain("Maternis Health Ltd");
    }
  });

  it("the plain-text part is React Email's conversion of the HTML, compiled once (platform/mail/define.ts)", async () => {
    for (const preview of emailPreviews) {
      const email = await preview.render();
      expect(email.text, preview.name).toBe(toPlainText(email.html, plainTextOptions));
    }
  });
});
