/**
 * `MAIL_TRANSPORT=file` and `SMS_TRANSPORT=file` (the default): nothing
 * leaves the machine; each message is a file in DATA_DIR/outbox (e-mails as
 * RFC 822 .eml files, text messages as JSON), with one log line per message.
 */
import { randomUUID } from "node:crypto";
import { readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { RetentionPart } from "~/platform/retention.server";
import { PRIVATE_FILE_MODE, privateDir } from "~/platform/private-dir.server";
import { lazyTransport } from "./lazy-nodemailer.server";
import { nodemailerMessage, type MailTransport, type SmsTransport } from "./message.server";
import { EMAIL_FALLBACK_ERROR, SMS_FALLBACK_ERROR, SendError, errorText } from "./send-errors.server";

type OutboxOptions = { outbox: string; log: Logger };

/** DATA_DIR/outbox: where the file transports write, and where an erasure and the retention sweep look. */
export const outboxDir = (env: Pick<Env, "DATA_DIR">) => path.resolve(env.DATA_DIR, "outbox");

/**
 * The names of the outbox's message files: the e-mails (.eml) and text
 * messages (sms-<id>.json) the transports below write; none without the
 * folder. What an erasure searches and the retention sweep ages.
 */
export async function outboxMessageFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return names.filter((name) => name.endsWith(".eml") || (name.startsWith("sms-") && name.endsWith(".json")));
}

/**
 * The retention sweep's part for the file outbox: a message file goes once it
 * is older than RETENTION_MONTHS, as the enquiries it copies do (the privacy
 * policy's 24 months; the staff's own mail with them). Files outside the
 * database: nothing there to rewrite.
 */
export function outboxRetention(dir: string, months: number): RetentionPart {
  return {
    keeps: `outbox files ${months} months`,
    tables: [],
    rewrite: false,
    async purge() {
      const before = new Date();
      before.setMonth(before.getMonth() - months);
      let deleted = 0;
      for (const name of await outboxMessageFiles(dir)) {
        const file = path.join(dir, name);
        const written = await stat(file).catch(() => null);
        if (!written?.isFile() || written.mtime >= before) continue;
        await rm(file, { force: true });
        deleted++;
      }
      return { outboxFilesDeleted: deleted };
    },
  };
}

/**
 * Writes one message's file into the outbox (made if missing); answers the
 * file's path. The messages hold sign-in codes and what visitors wrote: the
 * folder and its files are the server user's alone (../private-dir.server.ts).
 */
async function writeToOutbox(options: OutboxOptions, name: string, content: string | Buffer) {
  await privateDir(options.outbox);
  const file = path.join(options.outbox, name);
  await writeFile(file, content, { mode: PRIVATE_FILE_MODE });
  return file;
}

/** `file`: each e-mail as an RFC 822 .eml file in the outbox. */
export function fileMailTransport(options: OutboxOptions & { from: string }): MailTransport {
  const builder = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async sendEmail(message) {
      try {
        const info = await (await builder.get()).sendMail(nodemailerMessage(options.from, message));
        const messageId = info.messageId;
        // Named after the Message-ID: a retry rewrites the same file, never a second message.
        const name = `${messageId.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_|_$/g, "")}.eml`;
        const file = await writeToOutbox(options, name, info.message as Buffer);
        options.log.info("email written to outbox", { file, messageId });
        return { messageId };
      } catch (error) {
        throw new SendError(errorText(error, EMAIL_FALLBACK_ERROR), { cause: error });
      }
    },
    close() {},
  };
}

/** `file`: each text message as sms-<id>.json in the outbox. */
export function fileSmsTransport(options: OutboxOptions): SmsTransport {
  return {
    name: "file",
    async sendSms(message) {
      try {
        const messageId = randomUUID();
        const content = { messageId, to: message.to, message: message.message, createdAt: new Date().toISOString() };
        const file = await writeToOutbox(options, `sms-${messageId}.json`, `${JSON.stringify(content, null, 2)}\n`);
        options.log.info("sms written to outbox", { file, messageId });
        return { messageId };
      } catch (error) {
        throw new SendError(errorText(error, SMS_FALLBACK_ERROR), { cause: error });
      }
    },
  };
}
