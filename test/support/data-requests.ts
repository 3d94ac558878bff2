/**
 * Data request tests: a person with enquiries of every kind (and a
 * suspected-spam post, a note, a staff e-mail naming them), and full dumps of
 * a database to search for what should be gone.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { rowsOf, type Store } from "../../app/platform/db/db.server";
import type { Site } from "~/site.server";
import { enquiries } from "../../app/features/enquiries/tables.server";
import { queueStaffMail } from "../../app/platform/mail/staff-mail.server";
import { STAFF_MAIL_QUEUE } from "../../app/platform/mail/staff-mail.server";
import { enquiryNotes } from "../../app/features/inbox/tables.server";
import { formKinds, validFields, type FormKind } from "./fixtures";
import { postgresBinary } from "./postgres";
import { waitFor } from "./wait";

/** A person whose traces are easy to search for: every marker is unique to them. */
export type Person = { email: string; name: string; message: string };

export function person(tag: string): Person {
  return {
    email: `Quill.${tag}@Example.org`,
    name: `Zuzanna Quillfeather ${tag}`,
    message: `Marigold lantern ${tag} by the harbour`,
  };
}

/** The markers of `who` that must not survive an erasure (lower-case). */
export const markers = (who: Person) => [who.email.toLowerCase(), who.name.toLowerCase(), who.message.toLowerCase()];

/** Valid form fields of `kind` carrying the person's name and message. */
export function personFields(kind: FormKind, who: Person, n: number): Record<string, string> {
  const fields = validFields(kind, who.email, n);
  const name = `${who.name} ${n}`;
  if (kind === "contact") return { ...fields, name, message: `${who.message} ${n}` };
  if (kind === "demo") return { ...fields, fullName: name, message: `${who.message} ${n}` };
  return { ...fields, fullName: name, reason: `${who.message} ${n}` };
}

const kinds = formKinds;

/** Submits `count` enquiries for `who` through the real service, kinds in turn. Returns their ids. */
export async function submitAs(pipeline: Site, who: Person, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const result = await pipeline.services.enquiries.submitEnquiry(
      kinds[n % kinds.length]!,
      personFields(kinds[n % kinds.length]!, who, n),
      {
        ip: `203.0.113.${(n % 200) + 1}`,
      },
    );
    if (!result.ok) throw new Error(`enquiry ${n} was refused: ${JSON.stringify(result)}`);
    ids.push(result.enquiryId);
  }
  return ids;
}

/** A suspected-spam post of `who` (no e-mail), as the spam folder keeps one. */
export async function insertSpam(store: Store, who: Person): Promise<string> {
  const id = randomUUID();
  await store.db.insert(enquiries).values({
    id,
    kind: "contact",
    payload: { ...personFields("contact", who, 99) },
    email: who.email.toLowerCase(),
    clientFingerprint: "0123456789abcdef",
    spamReason: "honeypot",
  });
  return id;
}

export async function insertNote(store: Store, enquiryId: string, body: string) {
  await store.db.insert(enquiryNotes).values({ id: randomUUID(), enquiryId, authorName: "Admin Person", body });
}

/**
 * Waits until the staff-mail queue holds no job at all: each was sent and then
 * deleted by the worker (app/platform/mail/staff-mail.server.ts). Until then a sent job
 * may still be in the table for a moment, and an erasure would count it.
 */
export function waitForStaffMailGone(store: Store, { timeoutMs = 30_000 } = {}) {
  return waitFor(
    async () => {
      const rows = rowsOf<{ n: number | string }>(
        await store.db.execute(sql`select count(*) as n from pgboss.job where name = ${STAFF_MAIL_QUEUE}`),
      );
      return Number(rows[0]?.n) === 0;
    },
    { timeoutMs, what: "every staff e-mail sent and its job deleted" },
  );
}

/** A staff e-mail (a digest, say) that names the person, through the durable staff-mail queue. */
export function queueMailNaming(boss: PgBoss, who: Person, to: string) {
  return queueStaffMail(
    boss,
    { to: [to], subject: "Enquiries waiting", text: `Still new: ${who.name} <${who.email}>` },
    { from: "Maternis <no-reply@maternis.test>" },
  );
}

/**
 * Every row of every table in every schema (the enquiries', the console's and
 * pg-boss's), as text, lower-case: what a logical dump of the database holds.
 */
export async function dumpAllTables(store: Store): Promise<string> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await store.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  if (!tables.some((t) => t.schema === "pgboss" && t.name === "job_common")) {
    throw new Error(`The dump did not see pg-boss's tables: ${tables.map((t) => `${t.schema}.${t.name}`).join(", ")}`);
  }
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await store.db.execute(sql.raw(`select t::text as row from "${schema}"."${name}" t`)),
    );
    parts.push(`-- ${schema}.${name}`, ...rows.map((r) => r.row));
  }
  return parts.join("\n").toLowerCase();
}

/** `pg_dump` of a PostgreSQL database (schema and data), lower-case. */
export function pgDump(url: string): string {
  return execFileSync(postgresBinary("pg_dump"), ["--dbname", url, "--no-owner"], { maxBuffer: 512 * 1024 * 1024 })
    .toString("utf8")
    .toLowerCase();
}

/** The .eml files in an outbox and their raw text. */
export function outboxFiles(dir: string): { name: string; raw: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => ({ name, raw: readFileSync(path.join(dir, name), "utf8") }));
}

/**
 * Every file under `dir` (recursively) whose bytes hold one of `needles`,
 * compared without regard to case (bytes read as Latin-1, so any encoding of
 * ASCII text is found): `path relative to dir: needle`. Empty when none does.
 */
export function filesHolding(dir: string, needles: readonly string[]): string[] {
  const lower = needles.map((needle) => needle.toLowerCase());
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const info = statSync(file);
      if (info.isDirectory()) walk(file);
      else if (info.isFile()) {
        const text = readFileSync(file).toString("latin1").toLowerCase();
        for (const needle of lower) if (text.includes(needle)) found.push(`${path.relative(dir, file)}: ${needle}`);
      }
    }
  };
  walk(dir);
  return found;
}

/**
 * The files of a backup of the embedded database (a gzipped tar, as
 * backupEmbedded writes it): each file's path and bytes. Reads ustar headers
 * (name, size, prefix); directories and links have no bytes of their own.
 */
export function backupFiles(file: string): { name: string; bytes: Buffer }[] {
  const tar = gunzipSync(readFileSync(file));
  const files: { name: string; bytes: Buffer }[] = [];
  const text = (start: number, length: number) =>
    tar
      .subarray(start, start + length)
      .toString("latin1")
      .replace(/\0.*$/s, "");
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
    const prefix = text(offset + 345, 155);
    const name = `${prefix ? `${prefix}/` : ""}${text(offset, 100)}`;
    const type = text(offset + 156, 1);
    if (type === "0" || type === "") files.push({ name, bytes: tar.subarray(offset + 512, offset + 512 + size) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The files of `files` whose bytes hold one of `needles` (case-insensitive, as filesHolding). */
export function backupFilesHolding(files: { name: string; bytes: Buffer }[], needles: readonly string[]): string[] {
  const lower = needles.map((needle) => needle.toLowerCase());
  return files.flatMap(({ name, bytes }) => {
    const text = bytes.toString("latin1").toLowerCase();
    return lower.filter((needle) => text.includes(needle)).map((needle) => `${name}: ${needle}`);
  });
}
