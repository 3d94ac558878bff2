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
      // The e-mails to visitors carry the company's legal footer; the staff console's sign-in e-mails suppress it.
      if (!/^staff-(invitation|sign-in)/.test(preview.name))
        expect(email.text, preview.name).toContain("Maternis Health Ltd");
    }
  });

  it("every template the site sends has a preview in `npm run email:dev` (each emails/*.tsx of a feature)", async () => {
    const modules = import.meta.glob<Record<string, unknown>>("./features/*/emails/*.tsx");
    const templates = new Set<unknown>();
    for (const load of Object.values(modules)) {
      for (const value of Object.values(await load())) {
        if (value && typeof value === "object" && "Email" in value && "PreviewProps" in value) templates.add(value);
      }
    }
    // Positive control: the glob finds the templates of several features (enquiries, sign-in, members, digest, inbox).
    expect(templates.size).toBeGreaterThanOrEqual(11);
    const previewed = new Set<string>();
    for (const preview of emailPreviews) previewed.add((await preview.render()).subject);
    for (const template of templates) {
      const { subject, PreviewProps } = template as { subject: (props: unknown) => string; PreviewProps: unknown };
      expect(previewed, subject(PreviewProps)).toContain(subject(PreviewProps));
    }
  });

  it("the plain-text part is React Email's conversion of the HTML, compiled once (platform/mail/define.ts)", async () => {
    for (const preview of emailPreviews) {
      const email = await preview.render();
      expect(email.text, preview.name).toBe(toPlainText(email.html, plainTextOptions));
    }
  });
});
