/**
 * What a mail or SMS transport is: the message it is given, the receipt it
 * answers, the interfaces every transport implements, and the header-safe
 * forms of a message's fields (no CR/LF can reach a header, whatever the
 * input), with the nodemailer message the SMTP and file transports build.
 */
import type { SendMailOptions } from "nodemailer";
import { singleLine } from "../text";

export type Address = { name?: string; address: string };

export type OutgoingEmail = {
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  replyTo?: Address;
  /**
   * RFC 5322 Message-ID including the angle brackets; retries reuse it. An
   * outbox message always has one: the ACS transport derives its operation
   * ids from it, so a retry asks the service what became of an earlier
   * attempt before sending again.
   */
  messageId?: string;
};

export type OutgoingSms = { to: string[]; message: string };
export type SendReceipt = { messageId: string };

export interface MailTransport {
  readonly name: "file" | "smtp" | "acs";
  sendEmail(message: OutgoingEmail): Promise<SendReceipt>;
  close(): void;
}

export interface SmsTransport {
  readonly name: "file" | "acs";
  sendSms(message: OutgoingSms): Promise<SendReceipt>;
}

/**
 * Header text a reader sees (a subject, a name), which may hold what a
 * visitor typed: one line, and never an RFC 2047 encoded-word ("=?utf-8?q?
 * …?=") that the reader's mail program would decode into other words. Each
 * "=?" gets a word joiner (U+2060): it reads as typed, and the text is no
 * longer plain ASCII, so the header is encoded as a whole. (Not for
 * addresses, whose local part may hold "=?".)
 */
export function headerText(value: string): string {
  return singleLine(value).replace(/=\?/g, "=\u2060?");
}

export function safeAddress(address: Address | undefined) {
  if (!address) return undefined;
  return { name: address.name ? headerText(address.name) : "", address: singleLine(address.address) };
}

/** The bare address inside `Name <address>`, or the value itself. */
export function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The message as nodemailer takes it (SMTP sends it, the file transport writes it), every header on one line. */
export function nodemailerMessage(from: string, message: OutgoingEmail): SendMailOptions {
  return {
    from,
    to: message.to.map(singleLine),
    subject: headerText(message.subject),
    html: message.html,
    text: message.text,
    replyTo: safeAddress(message.replyTo),
    messageId: message.messageId ? singleLine(message.messageId) : undefined,
  };
}
