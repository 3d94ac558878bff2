import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { outboxMessageFiles } from "~/platform/mail/outbox.server";

/**
 * Finding a person in text: their address as a whole address, or one of
 * their records' ids; in the job queue's rows (a PostgreSQL regular
 * expression) and in the file outbox's e-mails and text messages, which an
 * erasure removes (./data-requests.server.ts).
 */

const ADDRESS_CHARS = "a-z0-9._%+-";

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A pattern (lower-case text) for the address as a whole address, not part of
 * a longer one (`bob@x.org` is not in `jimbob@x.org` or `bob@x.org.uk`), or any
 * of `ids`. The same syntax works in JavaScript and PostgreSQL's regular expressions.
 */
export function personPattern(email: string, ids: readonly string[] = []): string {
  const address = `(?<![${ADDRESS_CHARS}])${escapeRegExp(email.toLowerCase())}(?![a-z0-9_%+-]|\\.[a-z0-9])`;
  const safeIds = ids.map((id) => id.toLowerCase()).filter((id) => /^[0-9a-f-]+$/.test(id));
  return safeIds.length > 0 ? `${address}|${safeIds.join("|")}` : address;
}

/**
 * The text of a raw .eml file to search in: as written, plus its
 * quoted-printable and base64 parts decoded (a long line may be folded inside
 * an address). Lower-case.
 */
export function searchableMailText(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = (raw.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n?)+/gm) ?? []).map((block) =>
    Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"),
  );
  return [raw, qp, ...base64].join("\n").toLowerCase();
}

/** Removes every outbox file that belongs to the person (by Message-ID, or by content). Returns how many. */
export async function removeOutboxFiles(outboxDir: string, email: string, ids: readonly string[]): Promise<number> {
  const pattern = new RegExp(personPattern(email, ids));
  const prefixes = ids.map((id) => `${id.toLowerCase()}.`);
  let removed = 0;
  // E-mails and the file SMS transport's text messages (which hold the number).
  for (const name of await outboxMessageFiles(outboxDir)) {
    const file = path.join(outboxDir, name);
    let belongs = prefixes.some((prefix) => name.toLowerCase().startsWith(prefix));
    if (!belongs) {
      try {
        belongs = pattern.test(searchableMailText(await readFile(file, "latin1")));
      } catch {
        continue; // removed meanwhile
      }
    }
    if (!belongs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
