import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Services } from "~/site.server";
import { normaliseSubjectEmail, type SubjectActor } from "~/features/data-requests/data-requests";
import type { Site } from "~/site.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { openPipeline, testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import { lockOrderRace } from "../../../test/support/postgres";
import {
  dumpAllTables,
  filesHolding,
  insertNote,
  insertSpam,
  markers,
  outboxFiles,
  person,
  pgDump,
  queueMailNaming,
  waitForStaffMailGone,
  submitAs,
} from "../../../test/support/data-requests";
import { waitFor } from "../../../test/support/wait";
import { consoleContext, staffRequest } from "../../../test/support/staff-context";
import { loader as searchLoader } from "~/routes/staff/data-requests/route";
import { createServices } from "~/site.server";
import { auditLog } from "~/features/audit/tables.server";
import { personPattern, searchableMailText } from "./outbox.server";
import { sourceColumns } from "~/features/enquiries/source";
import { outboxDir } from "~/platform/mail/outbox.server";

/**
 * Data requests against the embedded database and a real PostgreSQL
 * server: find, the access export, and erasure down to a full dump of the
 * database and the file outbox.
 */
const { engines: both, open } = bothEngines<Site>();

const admin: SubjectActor = {
  member: { id: "admin-1", email: "admin@maternis.test", name: "Admin Person", role: "admin" },
  meta: { fingerprint: "feedfacefeedface" },
};

/** On PostgreSQL the proof is also a pg_dump of the database. */
const engines = both.map((engine) => ({ ...engine, dump: engine.name === "postgres" ? pgDump : null }));

describe.each(engines)("data requests on $name", (engine) => {
  async function start() {
    const env = testEnv({ MAIL_TRANSPORT: "file", ...(await engine.database()) });
    const pipeline = await openPipeline(env, true);
    open.push(pipeline);
    const { store, boss } = pipeline.platform;
    const staffConsole: Services = await createServices(pipeline.platform);
    return { pipeline, env, store, boss, staffConsole, outbox: outboxDir(env) };
  }

  /** Waits until every delivery of `ids` was sent (the worker wrote its file). */
  async function allSent(store: Site["platform"]["store"], ids: string[], expected: number) {
    await waitFor(
      async () => {
        const rows = await store.db
          .select({ status: deliveries.status })
          .from(deliveries)
          .where(inArray(deliveries.enquiryId, ids));
        return rows.length === expected && rows.every((row) => row.status === "sent");
      },
      { timeoutMs: 45_000, what: `${expected} deliveries sent` },
    );
  }

  test("find, access and erasure: everything about one address, and nothing left of it afterwards", async () => {
    const { store, boss, staffConsole, outbox, env } = await start();
    const subject = person("subject");
    const other = person("other");

    // Three enquiries of the subject (one per form), one of someone else, a
    // suspected-spam post, a note, and a staff e-mail naming the subject.
    const ids = await submitAs(open[0]!, subject, 3);
    const otherIds = await submitAs(open[0]!, other, 1);
    const spamId = await insertSpam(store, subject);
    await insertNote(store, ids[0]!, `Called back; ${subject.name} prefers mornings`);
    await insertNote(store, otherIds[0]!, "Someone else's note");
    // Issue 44: the subject's enquiries came from a campaign link; the source goes with them.
    const campaign = { referrer: "quill-partner.example", utm: { utm_campaign: "quill-campaign-subject" } };
    await store.db
      .update(enquiries)
      .set(sourceColumns(campaign))
      .where(eq(enquiries.email, subject.email.toLowerCase()));
    await queueMailNaming(boss, subject, env.ENQUIRIES_EMAIL);
    // Every form causes two e-mails (the demo and advisory notifications after their welcome).
    await allSent(store, ids, 6);
    await allSent(store, otherIds, 2);
    const subjectPattern = new RegExp(personPattern(subject.email));
    await waitFor(() => outboxFiles(outbox).some((f) => f.raw.includes("Enquiries waiting")), {
      what: "the staff e-mail in the outbox",
    });
    await waitForStaffMailGone(store);

    // Find: case-insensitive, suspected spam included.
    const found = await staffConsole.dataRequests.find(`  ${subject.email.toUpperCase()} `);
    expect(found.email).toBe(subject.email.toLowerCase());
    expect(found.counts).toEqual({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1, texts: 0 });
    expect(found.enquiries.map((s) => s.id).sort()).toEqual([...ids, spamId].sort());
    expect(found.enquiries.find((s) => s.id === spamId)?.spamReason).toBe("honeypot");

    // Access: one JSON document with every field, each e-mail's subject and text as sent, and the notes.
    const exported = await staffConsole.dataRequests.access(subject.email, admin);
    expect(exported.filename).toMatch(/^maternis-access-request-\d{4}-\d{2}-\d{2}\.json$/);
    expect(exported.filename.toLowerCase()).not.toContain("quill");
    const doc = JSON.parse(exported.json) as {
      email: string;
      counts: Record<string, number>;
      enquiries: {
        id: string;
        form: string;
        fields: Record<string, string>;
        suspectedSpam: string | null;
        notes: { author: string; body: string }[];
        emails: { kind: string; to: string; messageId: string; subject: string; text: string; status: string }[];
      }[];
    };
    expect(doc.email).toBe(subject.email.toLowerCase());
    expect(doc.counts).toEqual(found.counts);
    expect(doc.enquiries).toHaveLength(4);
    expect(doc.enquiries.flatMap((s) => s.notes.map((n) => [n.author, n.body]))).toEqual([
      ["Maternis staff", `Called back; ${subject.name} prefers mornings`],
    ]);
    // Who wrote it is the member of staff's data, not the subject's: the console shows it, the export does not.
    expect(exported.json).not.toContain("Admin Person");
    expect(doc.enquiries.find((s) => s.id === spamId)).toMatchObject({ suspectedSpam: "honeypot", emails: [] });
    expect(doc.enquiries.map((s) => (s as { source?: unknown }).source)).toEqual([
      campaign,
      campaign,
      campaign,
      campaign,
    ]);
    for (const [n, id] of ids.entries()) {
      const item = doc.enquiries.find((s) => s.id === id)!;
      expect(item.form).toBe(["contact", "demo", "advisory"][n]);
      expect(JSON.stringify(item.fields)).toContain(`${subject.message} ${n}`);
      expect(item.emails).toHaveLength(2);
    }
    // Each e-mail's subject and text are exactly what the worker wrote to the outbox.
    const emails = doc.enquiries.flatMap((s) => s.emails);
    expect(emails).toHaveLength(6);
    const sent = await Promise.all(outboxFiles(outbox).map((f) => simpleParser(f.raw)));
    for (const email of emails) {
      expect(email.status).toBe("sent");
      const parsed = sent.find((m) => m.messageId === email.messageId);
      expect(parsed, `the outbox file of ${email.messageId}`).toBeDefined();
      if (!parsed) continue;
      expect(email.subject).toBe(parsed.subject);
      expect(email.text.trim()).toBe(parsed.text?.trim());
      expect(parsed.to && "text" in parsed.to ? parsed.to.text.toLowerCase() : "").toContain(email.to.toLowerCase());
    }

    // Before the erasure the dump holds the subject (the check can fail).
    const before = await dumpAllTables(store);
    for (const marker of markers(subject)) expect(before).toContain(marker);
    expect(before).toContain("quill-campaign-subject");
    const subjectFiles = outboxFiles(outbox).filter((f) => subjectPattern.test(searchableMailText(f.raw)));
    expect(subjectFiles.length).toBeGreaterThanOrEqual(7); // six enquiry e-mails and the staff e-mail
    const otherFilesBefore = outboxFiles(outbox).filter((f) => f.raw.toLowerCase().includes(other.email.toLowerCase()));
    expect(otherFilesBefore).toHaveLength(2);

    const erased = await staffConsole.dataRequests.erase(subject.email.toUpperCase(), admin);
    expect(erased.counts).toMatchObject({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1 });
    // The six delivery jobs (the staff-mail job that named the subject was deleted when it was sent).
    expect(erased.counts.jobs).toBe(6);
    expect(erased.counts.outboxFiles).toBe(subjectFiles.length);

    // The database's files were made to forget the deleted rows: rewritten on
    // the embedded database (nothing under DATA_DIR/db, checked below), VACUUM on PostgreSQL.
    expect(erased.storage.state).toBe(engine.name === "pglite" ? "rewritten" : "vacuumed");
    if (engine.name === "pglite") {
      const dbDir = path.join(env.DATA_DIR, "db");
      expect(filesHolding(dbDir, [other.email, other.name])).not.toEqual([]); // the search does see data
      expect(filesHolding(dbDir, [...markers(subject), "quill-campaign-subject"])).toEqual([]);
    }

    // Nothing of the subject in a full dump of every table, pg-boss's included.
    const after = await dumpAllTables(store);
    for (const marker of markers(subject)) expect(after, marker).not.toContain(marker);
    expect(after).not.toContain("quill-campaign-subject");
    for (const id of [...ids, spamId]) expect(after).not.toContain(id);
    if (engine.dump) {
      const dumped = engine.dump(env.DATABASE_URL!);
      expect(dumped).toContain(other.email.toLowerCase()); // the dump does see data
      for (const marker of markers(subject)) expect(dumped, `pg_dump: ${marker}`).not.toContain(marker);
    }
    // Nor in the outbox; the other person's e-mails are still there.
    const left = outboxFiles(outbox);
    expect(left.filter((f) => subjectPattern.test(searchableMailText(f.raw)))).toEqual([]);
    expect(left.filter((f) => f.raw.toLowerCase().includes(other.email.toLowerCase()))).toHaveLength(2);

    // The other person is untouched.
    expect(after).toContain(other.email.toLowerCase());
    expect(after).toContain(other.name.toLowerCase());
    expect((await staffConsole.dataRequests.find(other.email)).counts).toEqual({
      enquiries: 1,
      suspectedSpam: 0,
      deliveries: 2,
      notes: 1,
      texts: 0,
    });

    // Audit: the erasure and the access export, each with the keyed hash and counts only.
    const rows = await store.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["erasure", "access-export"]));
    const hash = staffConsole.audit.subjectHash(subject.email);
    expect(hash).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(rows.map((r) => r.action).sort()).toEqual(["access-export", "erasure"]);
    for (const row of rows) {
      expect(row.target).toBe(hash);
      expect(row.actor).toBe(admin.member.email);
      expect(row.clientFingerprint).toBe(admin.meta.fingerprint);
      expect(row.detail).toMatchObject({ enquiries: 4, suspectedSpam: 1, deliveries: 6, notes: 1 });
      for (const marker of markers(subject)) expect(JSON.stringify(row).toLowerCase()).not.toContain(marker);
    }
    expect(rows.find((r) => r.action === "erasure")?.detail).toMatchObject({ jobs: erased.counts.jobs });
  });

  test("a staff member refused on the data requests page: 403, and a row in the audit log", async () => {
    const { store, staffConsole } = await start();
    const staff = staffRequest("staff");
    const request = new Request("http://localhost/staff/data-requests?email=ama%40example.org");
    const refused = await searchLoader({
      request,
      context: consoleContext(staffConsole, staff),
      params: {},
    } as never).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const rows = await store.db.select().from(auditLog).where(eq(auditLog.action, "refused"));
    expect(rows).toMatchObject([
      {
        actor: staff.member.email,
        actorId: staff.member.id,
        target: "GET /staff/data-requests",
        clientFingerprint: staff.meta.fingerprint,
      },
    ]);
  });

  // Only PostgreSQL has two connections to race: the embedded database runs one statement at a time.
  if (engine.name === "postgres")
    test("erasure locks an address's enquiries in id order, as the inbox's bulk changes do: each waits, neither deadlocks", async () => {
      const { pipeline, store, staffConsole, env } = await start();
      const subject = person("lock-order");
      const [low, high] = (await submitAs(pipeline, subject, 2)).sort();
      // The higher id is the newer enquiry: locking newest first would take `high` before `low`.
      await store.db
        .update(enquiries)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(enquiries.id, low!));
      // A bulk change holds `low`, the first in id order, then takes `high`.
      const erased = await lockOrderRace(env.DATABASE_URL!, "enquiries", [low!, high!], () =>
        staffConsole.dataRequests.erase(subject.email, admin),
      );
      expect(erased.counts.enquiries).toBe(2);
    });

  if (engine.name === "postgres")
    test("erasure by phone number locks its text messages in id order, as the retention sweep does: each waits, neither deadlocks", async () => {
      const { store, staffConsole, env } = await start();
      const phone = "+447700900555";
      const [low, high] = [randomUUID(), randomUUID()].sort();
      // The higher id is the newer message: locking newest first would take `high` before `low`.
      await store.db.insert(textMessages).values([
        {
          id: low!,
          requestId: randomUUID(),
          recipient: phone,
          body: "Older",
          createdAt: new Date(Date.now() - 60_000),
        },
        { id: high!, requestId: randomUUID(), recipient: phone, body: "Newer" },
      ]);
      const erased = await lockOrderRace(env.DATABASE_URL!, "text_messages", [low!, high!], () =>
        staffConsole.dataRequests.erase(phone, admin),
      );
      expect(erased.counts.texts).toBe(2);
    });

  test("erasing again removes outbox files left behind, and finds nothing else", async () => {
    const { store, staffConsole, outbox } = await start();
    const subject = person("again");
    const [id] = await submitAs(open[0]!, subject, 1);
    await allSent(store, [id!], 2);
    const first = await staffConsole.dataRequests.erase(subject.email, admin);
    expect(first.counts).toMatchObject({ enquiries: 1, deliveries: 2, outboxFiles: 2 });

    // A file written after the first erasure (a send that was in flight, or a crash before the files went).
    mkdirSync(outbox, { recursive: true });
    const leftover = path.join(outbox, `${id}.acknowledgement_www.maternis.health.eml`);
    writeFileSync(leftover, `To: ${subject.email}\nSubject: Thanks\n\nHello ${subject.name}\n`);
    const folded = path.join(outbox, "unrelated-name.eml");
    // Quoted-printable soft line break inside the address.
    const [local, domain] = subject.email.split("@");
    writeFileSync(folded, `Content-Transfer-Encoding: quoted-printable\n\nReply to ${local}=\n@${domain} please\n`);
    const keep = path.join(outbox, "someone-else.eml");
    writeFileSync(keep, `To: jim${subject.email}\nSubject: Not them\n\nHello\n`);

    const again = await staffConsole.dataRequests.erase(subject.email, admin);
    expect(again.counts).toEqual({
      enquiries: 0,
      suspectedSpam: 0,
      deliveries: 0,
      notes: 0,
      texts: 0,
      jobs: 0,
      outboxFiles: 2,
    });
    expect(outboxFiles(outbox).map((f) => f.name)).toEqual(["someone-else.eml"]);
    expect(
      await store.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "erasure"), eq(auditLog.target, staffConsole.audit.subjectHash(subject.email)))),
    ).toHaveLength(2);
    expect(await store.db.select().from(enquiries).where(eq(enquiries.email, subject.email.toLowerCase()))).toEqual([]);
  });
});

describe("matching a person", () => {
  test("what an admin types is an address or a phone number, never one holding a control character", () => {
    expect(normaliseSubjectEmail(" Ama@Example.org ")).toBe("ama@example.org");
    expect(normaliseSubjectEmail("+44 7700 900123")).toBe("+447700900123");
    expect(normaliseSubjectEmail("ama\u0000@example.org")).toBeNull();
    expect(normaliseSubjectEmail("ama@example.org\u202e")).toBeNull();
    expect(normaliseSubjectEmail("not an address")).toBeNull();
  });

  test("the address as a whole address, in any case, or one of the ids", () => {
    const pattern = new RegExp(personPattern("bob@x.org", ["0f8e2b5c-1111-4222-8333-444455556666"]));
    expect(pattern.test("to: bob@x.org")).toBe(true);
    expect(pattern.test('{"to":["bob@x.org"]}')).toBe(true);
    expect(pattern.test("write to bob@x.org.")).toBe(true);
    expect(pattern.test("<bob@x.org>")).toBe(true);
    expect(pattern.test("jimbob@x.org")).toBe(false);
    expect(pattern.test("bob@x.org.uk")).toBe(false);
    expect(pattern.test("bob@x.organic")).toBe(false);
    expect(pattern.test("bob@xxorg")).toBe(false);
    expect(pattern.test("/staff/enquiries/0f8e2b5c-1111-4222-8333-444455556666")).toBe(true);
  });

  test("e-mail text is searched decoded: quoted-printable and base64", () => {
    const pattern = new RegExp(personPattern("ama.mensah@example.org"));
    expect(pattern.test(searchableMailText("Hello ama.mensa=\nh@Example.org"))).toBe(true);
    const base64 = Buffer.from("Reply to Ama.Mensah@example.org today, thank you very much").toString("base64");
    expect(pattern.test(searchableMailText(`Content-Transfer-Encoding: base64\n\n${base64}\n`))).toBe(true);
    expect(pattern.test(searchableMailText("nothing here"))).toBe(false);
  });
});
