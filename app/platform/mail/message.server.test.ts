import nodemailer from "nodemailer";
import { expect, test } from "vitest";
import { headerText, nodemailerMessage } from "./message.server";

/** The raw header lines nodemailer writes for `message` (its stream transport: nothing is sent). */
async function headers(subject: string, name: string) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const message = nodemailerMessage("Maternis <hello@maternis.health>", {
    to: ["a=?b@example.org"],
    subject,
    text: "x",
    replyTo: { name, address: "ama@example.org" },
  });
  const info = await transport.sendMail(message);
  const raw = (info.message as Buffer).toString("utf8");
  const line = (field: string) => raw.split("\r\n").find((l) => l.startsWith(`${field}: `))!;
  return { subject: line("Subject"), replyTo: line("Reply-To"), to: line("To") };
}

test("a subject or name typed as an encoded-word is shown as typed, never decoded into other words", async () => {
  expect(headerText("New Demo Request from =?utf-8?q?Bcc=3A_x?=")).toBe(
    "New Demo Request from =\u2060?utf-8?q?Bcc=3A_x?=",
  );
  const forged = await headers("New Demo Request from =?utf-8?q?Bcc=3A_x?=", "=?utf-8?q?Bcc=3A_x?=");
  // Encoded as a whole by nodemailer: the typed "=?" is inside it as =3D=3F, not a word of its own.
  expect(forged.subject).toMatch(/^Subject: =\?UTF-8\?Q\?New_Demo_Request_from_=3D/);
  expect(forged.subject).not.toContain(" =?utf-8?q?Bcc");
  expect(forged.replyTo).not.toContain('"=?utf-8?q?Bcc');
  // The address keeps its "=?" (a local part may hold it).
  expect(forged.to).toBe("To: a=?b@example.org");

  // Control: plain text stays plain.
  const plain = await headers("New Demo Request from Kwame Boateng", "Kwame Boateng");
  expect(plain.subject).toBe("Subject: New Demo Request from Kwame Boateng");
  expect(plain.replyTo).toBe("Reply-To: Kwame Boateng <ama@example.org>");
});
