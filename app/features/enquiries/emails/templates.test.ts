// @vitest-environment jsdom
// jsdom provides DOMParser to inspect the rendered HTML; previews.test.ts renders in the Node environment.
import { describe, expect, it } from "vitest";
import type { AdvisoryPayload, ContactPayload, DemoPayload } from "~/features/enquiries/kinds";
import { advisoryNotification, advisoryWelcome } from "./advisory";
import { contactAcknowledgement, contactNotification } from "./contact";
import { demoNotification, demoWelcome } from "./demo";
import { renderEmail, type RenderedEmail } from "~/platform/mail/define";
import { emailPreviews } from "~/emails";
import { staffAssigned } from "~/features/inbox/emails/assigned";
import { variantColours } from "~/platform/mail/tokens";

const contact: ContactPayload = {
  name: "Ama Mensah",
  email: "ama.mensah@example.org",
  organization: "Korle Bu Teaching Hospital",
  role: "Head of Midwifery",
  interest: "partnership",
  message: "First line of the message.\nSecond line.\n\nFinal paragraph.",
};

const demo: DemoPayload = {
  name: "Kwame Boateng",
  email: "kwame@example.org",
  organization: "Ghana Health Service",
  role: "government",
  preferredTime: "2026-03-12",
  message: "Mornings suit us.\nGMT please.",
};

const advisory: AdvisoryPayload = {
  name: "Ngozi Okafor",
  email: "ngozi@example.org",
  role: "ngo",
  country: "Nigeria",
  reason: "Records that follow mothers between clinics.",
};

const hostile = `<script>alert(1)</script> & "x"`;
const hostileEscaped = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;";
const welcomeFailedWording = "The welcome e-mail to the requester could not be delivered.";

const doc = (email: RenderedEmail) => new DOMParser().parseFromString(email.html, "text/html");
const barColour = (email: RenderedEmail) => doc(email).querySelector("[data-email-bar]")?.getAttribute("bgcolor");
const hrefOf = (email: RenderedEmail, text: string) =>
  [...doc(email).querySelectorAll("a")].find((a) => a.textContent === text)?.getAttribute("href") ?? "";

describe("subjects", () => {
  it("match the specification exactly", async () => {
    expect((await renderEmail(contactNotification, contact)).subject).toBe("New Contact Form Submission - partnership");
    expect((await renderEmail(contactAcknowledgement, contact)).subject).toBe("We received your message");
    expect((await renderEmail(demoWelcome, demo)).subject).toBe("Thank you for requesting a demo");
    expect((await renderEmail(demoNotification, { ...demo, welcomeFailed: false })).subject).toBe(
      "New Demo Request from Kwame Boateng",
    );
    expect((await renderEmail(advisoryWelcome, advisory)).subject).toBe("Welcome to the Advisory Network");
    expect((await renderEmail(advisoryNotification, { ...advisory, welcomeFailed: false })).subject).toBe(
      "New Advisory Network Signup - Ngozi Okafor",
    );
  });

  it("never contain CR, LF or other control characters from user input", async () => {
    const name = "Eve\r\nBcc: victim@example.org\u0000\u2028x";
    const subjects = [
      (await renderEmail(contactNotification, { ...contact, interest: "general\r\nBcc: victim@example.org" })).subject,
      (await renderEmail(demoNotification, { ...demo, name, welcomeFailed: false })).subject,
      (await renderEmail(advisoryNotification, { ...advisory, name, welcomeFailed: true })).subject,
    ];
    for (const subject of subjects) expect(subject).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/);
    expect(subjects).toEqual([
      "New Contact Form Submission - general Bcc: victim@example.org",
      "New Demo Request from Eve Bcc: victim@example.org x",
      "New Advisory Network Signup - Eve Bcc: victim@example.org x",
    ]);
  });
});

describe("welcome e-mails greet by first name", () => {
  it.each([
    ["contact acknowledgement", () => renderEmail(contactAcknowledgement, contact)],
    ["demo welcome", () => renderEmail(demoWelcome, { name: "Ama Mensah", email: "ama@example.org" })],
    ["advisory welcome", () => renderEmail(advisoryWelcome, { name: "Ama Mensah", email: "ama@example.org" })],
  ])("%s", async (_name, renderIt) => {
    const email = await renderIt();
    expect(doc(email).body.textContent).toContain("Hi Ama,");
    expect(email.text).toContain("Hi Ama,");
    expect(email.html).not.toContain("Mensah");
    expect(email.text).not.toContain("Mensah");
    expect(barColour(email)).toBe(variantColours.success);
  });
});

describe("escaping user input", () => {
  const cases: [string, () => Promise<RenderedEmail>][] = [
    [
      "contact notification",
      () =>
        renderEmail(contactNotification, {
          ...contact,
          name: hostile,
          organization: hostile,
          role: hostile,
          message: hostile,
        }),
    ],
    [
      "demo notification",
      () =>
        renderEmail(demoNotification, {
          ...demo,
          name: hostile,
          organization: hostile,
          message: hostile,
          welcomeFailed: true,
        }),
    ],
    [
      "advisory notification",
      () =>
        renderEmail(advisoryNotification, {
          ...advisory,
          name: hostile,
          country: hostile,
          reason: hostile,
          welcomeFailed: true,
        }),
    ],
  ];
  it.each(cases)("%s: escaped in HTML, intact in text", async (_name, renderIt) => {
    const email = await renderIt();
    const document = doc(email);
    expect(email.html).not.toContain("<script");
    expect(email.html).toContain(hostileEscaped);
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(document.body.textContent).toContain(hostile);
    expect(email.text).toContain(hostile);
  });

  it("escapes markup that would add attributes or elements", async () => {
    const attack = `"><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`;
    const email = await renderEmail(contactNotification, { ...contact, name: attack, message: attack });
    const document = doc(email);
    expect(document.querySelectorAll("[onerror]")).toHaveLength(0);
    expect([...document.querySelectorAll("a")].some((a) => a.getAttribute("href")?.startsWith("javascript:"))).toBe(
      false,
    );
    expect(email.text).toContain(attack);
  });

  it("greets by a first name only when it is one: markup or a link typed as a name gets 'Hello,'", async () => {
    const email = await renderEmail(demoWelcome, { name: hostile, email: "x@example.org" });
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("alert(1)");
    expect(email.text).toContain("Hello,");
    const link = await renderEmail(demoWelcome, {
      name: "https://evil.example/claim-prize Smith",
      email: "x@example.org",
    });
    expect(link.text).toContain("Hello,");
    expect(link.text).not.toContain("evil.example");
    // Control: a name is greeted by its first word.
    expect((await renderEmail(demoWelcome, { name: "Kwame Boateng", email: "x@example.org" })).text).toContain(
      "Hi Kwame,",
    );
  });
});

describe("contact notification", () => {
  it("shows every field, the interest label and the message line breaks", async () => {
    const email = await renderEmail(contactNotification, contact);
    const text = doc(email).body.textContent ?? "";
    for (const value of [
      contact.name,
      contact.email,
      "Korle Bu Teaching Hospital",
      "Head of Midwifery",
      "Partnership Opportunities (partnership)",
    ]) {
      expect(text).toContain(value);
      expect(email.text).toContain(value);
    }
    expect(email.html).toContain("First line of the message.<br/>Second line.<br/><br/>Final paragraph.");
    expect(email.text).toContain("First line of the message.\nSecond line.\n\nFinal paragraph.");
    expect(email.text).toContain("Organization: Korle Bu Teaching Hospital");
    expect(barColour(email)).toBe(variantColours.info);
    expect(hrefOf(email, "Reply by email")).toMatch(/^mailto:ama\.mensah@example\.org\?subject=/);
  });

  it("marks missing optional fields", async () => {
    const email = await renderEmail(contactNotification, { ...contact, organization: undefined, role: undefined });
    expect(email.text).toContain("Organization: Not provided");
    expect(email.text).toContain("Role: Not provided");
  });
});

describe("contact acknowledgement", () => {
  it("confirms receipt and the response promise, without echoing the message", async () => {
    const email = await renderEmail(contactAcknowledgement, contact);
    expect(email.text).toContain("We have received your message about Partnership Opportunities.");
    expect(email.text).toContain("within one business day, and usually within 24 hours");
    expect(email.text).not.toContain(contact.message.split("\n")[0]);
  });
});

describe("demo e-mails", () => {
  it("welcome: 2-3 business days, 30-minute walkthrough and a tracked product link", async () => {
    const email = await renderEmail(demoWelcome, demo);
    expect(email.text).toContain("within 2-3 business days");
    expect(email.text).toContain("30-minute walkthrough");
    const product = new URL(hrefOf(email, "Explore the product"));
    expect(product.pathname).toBe("/product");
    expect(product.searchParams.get("utm_campaign")).toBe("thank-you-for-requesting-a-demo");
    expect(product.searchParams.get("utm_cta")).toBe("explore-the-product");
    expect(email.text).toContain(`Explore the product ${product.toString()}`);
  });

  it("notification: all fields, role label and Preferred Date", async () => {
    const email = await renderEmail(demoNotification, { ...demo, welcomeFailed: false });
    for (const line of [
      "Name: Kwame Boateng",
      "Email: kwame@example.org",
      "Organization: Ghana Health Service",
      "Role: Government Official",
      "Preferred Date: Thursday 12 March 2026",
      "Mornings suit us.\nGMT please.",
    ]) {
      expect(email.text).toContain(line);
    }
    expect(doc(email).body.textContent).toContain("Preferred Date:");
    expect(email.text).not.toContain(welcomeFailedWording);
    expect(email.html).not.toContain(welcomeFailedWording);
    expect(barColour(email)).toBe(variantColours.info);
  });

  it("notification: optional fields missing", async () => {
    const email = await renderEmail(demoNotification, {
      name: "Kwame",
      email: "k@example.org",
      organization: undefined,
      role: undefined,
      preferredTime: undefined,
      message: undefined,
      welcomeFailed: false,
    });
    expect(email.text).toContain("Preferred Date: Not provided");
    expect(email.text).toContain("No message");
  });

  it("notification: welcomeFailed shows the alert wording and the alert variant", async () => {
    const email = await renderEmail(demoNotification, { ...demo, welcomeFailed: true });
    expect(doc(email).body.textContent).toContain(welcomeFailedWording);
    expect(email.text).toContain(welcomeFailedWording);
    expect(email.text).toContain("Please contact them directly at kwame@example.org");
    expect(barColour(email)).toBe(variantColours.alert);
  });
});

describe("staff: enquiries assigned", () => {
  it("counts them in the subject and lists each as a link, one or many", async () => {
    const [first] = staffAssigned.PreviewProps.enquiries;
    const one = await renderEmail(staffAssigned, { ...staffAssigned.PreviewProps, enquiries: [first!] });
    expect(one.subject).toBe("1 enquiry assigned to you");
    const two = await renderEmail(staffAssigned, staffAssigned.PreviewProps);
    expect(two.subject).toBe("2 enquiries assigned to you");
    const links = [...doc(two).querySelectorAll("li a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual(staffAssigned.PreviewProps.enquiries.map((item) => [item.kind, item.url]));
    expect(two.text).toContain(`${first!.kind} ${first!.url}`);
    expect(two.text).toContain(`received ${first!.received}`);
  });
});

describe("advisory e-mails", () => {
  it("welcome: launch quarter, as on 1 June 2025", async () => {
    const email = await renderEmail(advisoryWelcome, { ...advisory, today: "2025-06-01" });
    expect(email.text).toContain("The network launches in Q1 2026.");
    expect(email.text).toContain("Before then we will e-mail you");
    expect(email.text).toContain("Hi Ngozi,");
  });

  it("welcome: follows the date the e-mail is sent", async () => {
    const during = await renderEmail(advisoryWelcome, { ...advisory, today: "2026-02-01" });
    expect(during.html).toContain("The network launches this quarter, Q1 2026.");
    const after = await renderEmail(advisoryWelcome, { ...advisory, today: "2026-11-23" });
    expect(after.text).toContain("The network opened in Q1 2026.");
    expect(after.text).not.toContain("Before then");
  });

  it("notification: all fields with the role label", async () => {
    const email = await renderEmail(advisoryNotification, { ...advisory, welcomeFailed: false });
    for (const line of [
      "Name: Ngozi Okafor",
      "Email: ngozi@example.org",
      "Role: NGO Professional",
      "Country: Nigeria",
      advisory.reason,
    ]) {
      expect(email.text).toContain(line);
      expect(doc(email).body.textContent).toContain(line);
    }
    expect(email.text).not.toContain(welcomeFailedWording);
    expect(barColour(email)).toBe(variantColours.info);
  });

  it("notification: welcomeFailed shows the alert wording and the alert variant", async () => {
    const email = await renderEmail(advisoryNotification, { ...advisory, welcomeFailed: true });
    expect(doc(email).body.textContent).toContain(welcomeFailedWording);
    expect(email.text).toContain(welcomeFailedWording);
    expect(barColour(email)).toBe(variantColours.alert);
  });
});

describe("plain-text part", () => {
  it.each(emailPreviews.map((preview) => [preview.name, preview] as const))(
    "%s: no HTML, every call to action with its URL",
    async (_name, preview) => {
      const email = await preview.render();
      expect(email.text).not.toMatch(/<\/?[a-z!][^>]*>/i);
      expect(email.text).not.toMatch(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i);
      const links = [...doc(email).querySelectorAll("a[data-cta]")];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(email.text).toContain(`${link.textContent} ${link.getAttribute("href")}`);
      // Starts with the title; the preheader, the logo and the brand header stay out of it.
      expect(email.text.startsWith(doc(email).querySelector("h1")?.textContent ?? "?")).toBe(true);
      expect(email.text).not.toContain("Digital Health Records for Mothers");
    },
  );

  it("greets by first name and keeps the line breaks of the user's message", async () => {
    const acknowledgement = await renderEmail(contactAcknowledgement, contact);
    expect(acknowledgement.text).toMatch(/^Hi Ama,$/m);
    const notification = await renderEmail(contactNotification, contact);
    expect(notification.text).toContain("First line of the message.\nSecond line.\n\nFinal paragraph.");
    const windows = await renderEmail(demoNotification, {
      ...demo,
      message: "One.\r\nTwo.\rThree.",
      welcomeFailed: false,
    });
    expect(windows.text).toContain("One.\nTwo.\nThree.");
  });

  it("keeps each heading and the company details, without the telephone link's URL", async () => {
    const email = await renderEmail(demoWelcome, demo);
    expect(email.text).toMatch(/^What to expect$/m);
    expect(email.text).toMatch(/^- show how midwives create and update a mother's digital record$/m);
    expect(email.text).toContain("Maternis Health Ltd");
    expect(email.text).toContain("Telephone +44 131 496 0742 · Email hello@maternis.health");
    expect(email.text).not.toContain("tel:");
  });
});
