import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, test } from "vitest";
import { createLogger } from "~/platform/log.server";
import { tempDataDir } from "../../../test/support/pglite";
import { refusedPort } from "../../../test/support/server-process";
import { deliveryMessageId } from "./emails.server";
import { InvalidEnquiryError, clientFingerprint, validateEnquiry } from "./submit.server";
import {
  EMAIL_FALLBACK_ERROR,
  SMS_FALLBACK_ERROR,
  SendError,
  bareAddress,
  errorText,
  fileMailTransport,
  fileSmsTransport,
  smtpMailTransport,
} from "~/platform/mail/transport.server";
import { outboxDir } from "~/platform/mail/outbox.server";

const log = createLogger("silent");

describe("error texts of a failed send", () => {
  test("a send error keeps the provider's text", () => {
    expect(errorText(new Error("550 Mailbox unavailable"), EMAIL_FALLBACK_ERROR)).toBe("550 Mailbox unavailable");
    expect(errorText("quota exceeded", SMS_FALLBACK_ERROR)).toBe("quota exceeded");
    expect(errorText({ message: "throttled" }, SMS_FALLBACK_ERROR)).toBe("throttled");
  });

  test("an error with no text becomes the fallback", () => {
    expect(EMAIL_FALLBACK_ERROR).toBe("Failed to send email");
    expect(SMS_FALLBACK_ERROR).toBe("Failed to send SMS");
    for (const empty of [new Error(""), new Error("   "), "", undefined, null, {}, 42]) {
      expect(errorText(empty, EMAIL_FALLBACK_ERROR)).toBe("Failed to send email");
      expect(errorText(empty, SMS_FALLBACK_ERROR)).toBe("Failed to send SMS");
    }
  });

  test("a real SMTP failure raises a SendError with the connection's text", async () => {
    const port = await refusedPort(); // nothing listens there
    const transport = smtpMailTransport({ from: "Maternis <no-reply@maternis.test>", url: `smtp://127.0.0.1:${port}` });
    try {
      const failure = transport.sendEmail({ to: ["a@example.org"], subject: "Hi", text: "Hi" });
      await expect(failure).rejects.toBeInstanceOf(SendError);
      await expect(failure).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      transport.close();
    }
  });

  test("an SMS that cannot be written fails with a message, never an empty one", async () => {
    const data = tempDataDir();
    try {
      const blocked = path.join(data.dir, "not-a-folder");
      await import("node:fs/promises").then((fs) => fs.writeFile(blocked, "x"));
      const sms = fileSmsTransport({ outbox: blocked, log });
      await expect(sms.sendSms({ to: ["+447700900123"], message: "Hi" })).rejects.toThrow(/\S/);
    } finally {
      data.remove();
    }
  });
});

describe("Message-ID", () => {
  test("derives from the enquiry, the delivery kind and the site's host", () => {
    const id = "0b5e3963-4eb8-4807-9ebe-83727475df92";
    expect(deliveryMessageId(id, "welcome", "https://www.maternis.health")).toBe(`<${id}.welcome@www.maternis.health>`);
    expect(deliveryMessageId(id, "notification", "http://localhost:3000/")).toBe(`<${id}.notification@localhost>`);
    // Stable: a retry carries the same ID.
    expect(deliveryMessageId(id, "acknowledgement", "https://www.maternis.health")).toBe(
      deliveryMessageId(id, "acknowledgement", "https://www.maternis.health"),
    );
  });

  test("the file transport writes one .eml per Message-ID, with the ID and no injected headers", async () => {
    const data = tempDataDir();
    try {
      const outbox = outboxDir({ DATA_DIR: data.dir });
      const mail = fileMailTransport({ from: "Maternis <no-reply@maternis.test>", outbox, log });
      const message = {
        to: ["enquiries@maternis.test"],
        subject: "New Demo Request from Eve\r\nBcc: victim@example.org",
        text: "Body",
        html: "<p>Body</p>",
        replyTo: { name: "Eve\r\nX-Injected: yes", address: "eve@example.org" },
        messageId: "<abc.notification@www.maternis.health>",
      };
      const receipt = await mail.sendEmail(message);
      await mail.sendEmail(message); // a retry
      expect(receipt.messageId).toBe("<abc.notification@www.maternis.health>");
      const files = readdirSync(outbox);
      expect(files).toEqual(["abc.notification_www.maternis.health.eml"]);
      const raw = readFileSync(path.join(outbox, files[0]!), "utf8");
      const parsed = await simpleParser(raw);
      expect(parsed.messageId).toBe("<abc.notification@www.maternis.health>");
      expect(parsed.subject).toBe("New Demo Request from Eve Bcc: victim@example.org");
      expect(parsed.replyTo?.value[0]?.address).toBe("eve@example.org");
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(parsed.headers.has("x-injected")).toBe(false);
      // Sign-in codes and what visitors wrote: the server user's alone.
      expect(statSync(outbox).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(outbox, files[0]!)).mode & 0o777).toBe(0o600);
    } finally {
      data.remove();
    }
  });

  test("header helpers", () => {
    expect(bareAddress("Maternis <no-reply@maternis.health>")).toBe("no-reply@maternis.health");
    expect(bareAddress("no-reply@maternis.health")).toBe("no-reply@maternis.health");
  });
});

describe("client fingerprint", () => {
  test("is 16 hex characters, keyed, stable, and not the raw IP", () => {
    const ip = "203.0.113.45";
    const a = clientFingerprint("secret-one", ip);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toContain(ip);
    expect(a).not.toContain("203");
    expect(clientFingerprint("secret-one", ip)).toBe(a);
    expect(clientFingerprint("secret-two", ip)).not.toBe(a);
    expect(clientFingerprint("secret-one", "203.0.113.46")).not.toBe(a);
  });
});

describe("enquiry validation", () => {
  test("uses the kind's schema: trims, drops unknown and empty optional fields", () => {
    expect(
      validateEnquiry("contact", {
        name: " Ama ",
        email: "ama@example.org",
        interest: "demo",
        message: "Hi\r\nthere",
        organization: "",
        extra: "x",
      } as never),
    ).toEqual({
      name: "Ama",
      email: "ama@example.org",
      interest: "demo",
      message: "Hi\nthere",
      organization: undefined,
      role: undefined,
    });
  });

  test("stores the registry's payload: demo and advisory rename fullName and preferredDate", () => {
    expect(
      validateEnquiry("demo", {
        fullName: "Kwame Boateng",
        email: "k@example.org",
        organization: "GHS",
        role: "ngo",
        preferredDate: "2026-03-12",
      }),
    ).toEqual({
      name: "Kwame Boateng",
      email: "k@example.org",
      organization: "GHS",
      role: "ngo",
      preferredTime: "2026-03-12",
      message: undefined,
    });
    expect(
      validateEnquiry("advisory", {
        fullName: "Ngozi",
        email: "n@example.org",
        role: "policy",
        country: "Nigeria",
        reason: "Help",
      }),
    ).toEqual({ name: "Ngozi", email: "n@example.org", role: "policy", country: "Nigeria", reason: "Help" });
  });

  test("refuses length, format and header-injection problems with the field named", () => {
    const attempt = (fields: Record<string, unknown>) => () => validateEnquiry("advisory", fields);
    const valid = { fullName: "Ngozi", email: "n@example.org", role: "midwife", country: "Nigeria", reason: "Help" };
    expect(attempt({ ...valid, reason: "x".repeat(501) })).toThrow(InvalidEnquiryError);
    expect(attempt({ ...valid, country: "Nigeria\nBcc: x@example.org" })).toThrow(/country/);
    expect(attempt({ ...valid, role: "admin" })).toThrow(/role/);
    expect(attempt({ ...valid, fullName: undefined })).toThrow(/fullName/);
    expect(() => validateEnquiry("gossip" as never, valid)).toThrow(InvalidEnquiryError);
  });
});
