/**
 * Reads the mailbox the end-to-end stack's SMTP server writes to (./smtp.ts,
 * started with `mailboxDir` by ./e2e-stack.ts, saves every message it receives
 * as MAILBOX_DIR/<time>-<sequence>.eml).
 * Tests find their own messages by a unique address, so the folder may hold
 * messages from earlier runs and from tests running in parallel.
 * Reading a folder that does not exist throws: an empty mailbox must be a
 * real one, or "no e-mail was sent" would pass with a wrong MAILBOX_DIR.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { waitFor } from "./wait";

/** The project root: playwright.config.ts and the stack resolve MAILBOX_DIR from here. */
const root = path.resolve(import.meta.dirname, "../..");

/** Where the stack's SMTP server writes messages (the same default as playwright.config.ts). */
export const mailboxDir = path.resolve(root, process.env.MAILBOX_DIR ?? ".tmp/e2e-mailbox");

export type MailboxMessage = ParsedMail & {
  /** The file name. */
  file: string;
  /** The order the SMTP server received it in (the file name's sequence number). */
  sequence: number;
  /** When the SMTP server received it (ms since the epoch, the file name's time). */
  receivedAt: number;
  /** Every address in To, lower-cased. */
  toAddresses: string[];
  replyToAddresses: string[];
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((v) => (v.address ?? "").toLowerCase()));
}

// Parsed messages by file name. A file is cached only once it is a moment old,
// so a message still being written is read again on the next poll.
const cache = new Map<string, MailboxMessage>();

async function readMailbox(): Promise<MailboxMessage[]> {
  let names: string[];
  try {
    names = readdirSync(mailboxDir).filter((name) => name.endsWith(".eml"));
  } catch (error) {
    // The stack's SMTP server creates the folder before the server starts: a
    // missing one means a wrong MAILBOX_DIR, and must not read as "no e-mail".
    throw new Error(`Cannot read the mailbox ${mailboxDir} (does MAILBOX_DIR match the stack's?): ${String(error)}`, {
      cause: error,
    });
  }
  const messages: MailboxMessage[] = [];
  for (const file of names) {
    const cached = cache.get(file);
    if (cached) {
      messages.push(cached);
      continue;
    }
    const full = path.join(mailboxDir, file);
    const settled = Date.now() - statSync(full).mtimeMs > 250;
    const parsed = await simpleParser(readFileSync(full));
    const match = /^(\d+)-(\d+)\.eml$/.exec(file);
    const message: MailboxMessage = Object.assign(parsed, {
      file,
      sequence: match ? Number(match[1]) * 10_000 + Number(match[2]) : 0,
      receivedAt: match ? Number(match[1]) : 0,
      toAddresses: addresses(parsed.to),
      replyToAddresses: addresses(parsed.replyTo),
    });
    if (settled) cache.set(file, message);
    messages.push(message);
  }
  return messages.sort((a, b) => a.sequence - b.sequence);
}

/**
 * Messages that concern `address`: sent to it, or with it as Reply-To (the
 * notifications to the company), in the order they arrived.
 */
export async function messagesAbout(address: string): Promise<MailboxMessage[]> {
  const needle = address.toLowerCase();
  return (await readMailbox()).filter((m) => m.toAddresses.includes(needle) || m.replyToAddresses.includes(needle));
}

/** Waits (bounded) until at least `count` messages concern `address`, and returns them in arrival order. */
export async function waitForMessages(address: string, count: number, timeout = 30_000): Promise<MailboxMessage[]> {
  return waitFor(
    async () => {
      const found = await messagesAbout(address);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs: timeout, intervalMs: 250, what: `${count} e-mail(s) about ${address} in ${mailboxDir}` },
  );
}

/** A unique submitter address for one test. */
export function uniqueAddress(label: string) {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}
