/**
 * The inbox's integration tests (app/features/inbox/*.server.test.ts): a
 * pipeline on one engine with a member of staff, the inbox made over it,
 * and enquiries seeded straight into the database.
 *
 *   inboxMember, inboxActor
 *     The member the tests act as (Ada Lovelace), and that member with a request's fingerprint.
 *   openInbox(engine, open): Promise<{ store, boss, inbox, seed, audits }>
 *     A fresh database on `engine` (registered in `open`, closed after the test), its pipeline
 *     without a worker, and the inbox. `seed(s)` adds an enquiry (a contact one by default,
 *     "Person n", with a sent notification) and its deliveries, returning their ids;
 *     `audits()` reads the audit log, oldest first.
 *   drain(batches): Promise<{ rows, sizes }>
 *     Every row of an export, its batches joined, and the size of each batch.
 */
import { randomUUID } from "node:crypto";
import type { ExportBatches, ExportRow, InboxActor } from "../../app/features/inbox/inbox";
import type { DeliveryKind, EnquiryKind } from "../../app/features/enquiries/kinds";
import type { DeliveryStatus } from "../../app/platform/db/columns.server";
import type { Site } from "../../app/site.server";
import { deliveries, enquiries } from "../../app/features/enquiries/tables.server";
import { auditLog } from "../../app/features/audit/tables.server";
import { staffUsers } from "../../app/features/sign-in/tables.server";
import { createInbox } from "../../app/features/inbox/inbox.server";
import { openPipeline, testEnv } from "./pglite";

export const inboxMember = { id: "staff-1", email: "ada@maternis.test", name: "Ada Lovelace", role: "staff" as const };
export const inboxActor: InboxActor = { member: inboxMember, meta: { fingerprint: "fp-0123456789abcd" } };

export type InboxSeed = {
  kind?: EnquiryKind;
  payload?: Record<string, string>;
  minutesAgo?: number;
  /** Received at this instant (instead of minutesAgo). */
  at?: Date;
  handled?: boolean;
  spam?: boolean;
  deliveries?: { kind: DeliveryKind; status: DeliveryStatus; minutesAgo?: number; providerMessageId?: string }[];
};

export async function openInbox(engine: { database(): Promise<Record<string, string>> }, open: Site[]) {
  const pipeline = await openPipeline(testEnv(await engine.database()), false);
  open.push(pipeline);
  const { store, boss } = pipeline.platform;
  await store.db.insert(staffUsers).values({ id: inboxMember.id, email: inboxMember.email, name: inboxMember.name });
  const inbox = createInbox({
    store,
    boss,
    secret: pipeline.platform.keys.FINGERPRINT_KEY,
    siteUrl: "https://www.maternis.health",
    mailFrom: "Maternis <hello@maternis.test>",
  });
  let n = 0;
  async function seed(s: InboxSeed = {}) {
    const id = randomUUID();
    const kind = s.kind ?? "contact";
    n++;
    const payload = s.payload ?? {
      name: `Person ${n}`,
      email: `person${n}@example.org`,
      organization: `Clinic ${n}`,
      interest: "partnership",
      message: "Hello",
    };
    const at = s.at ?? new Date(Date.now() - (s.minutesAgo ?? n) * 60_000);
    await store.db.insert(enquiries).values({
      id,
      kind,
      payload,
      email: payload.email!.toLowerCase(),
      clientFingerprint: "fp",
      createdAt: at,
      handledAt: s.handled ? at : null,
      handledBy: s.handled ? inboxMember.id : null,
      spamReason: s.spam ? "honeypot" : null,
    });
    const ids: Record<string, string> = {};
    const now = Date.now();
    // A millisecond apart, in the order given: the enquiry page lists deliveries by creation (ties by kind).
    for (const [i, d] of (s.deliveries ?? [{ kind: "notification" as const, status: "sent" as const }]).entries()) {
      ids[d.kind] = randomUUID();
      await store.db.insert(deliveries).values({
        id: ids[d.kind]!,
        enquiryId: id,
        kind: d.kind,
        recipient: d.kind === "notification" ? "enquiries@maternis.test" : payload.email!,
        status: d.status,
        attempts: d.status === "queued" ? 0 : 3,
        lastError: d.status === "dead" || d.status === "failed" ? "421 try later" : null,
        providerMessageId: d.providerMessageId ?? null,
        sentAt: d.status === "sent" ? at : null,
        createdAt: new Date(now - (d.minutesAgo ?? s.minutesAgo ?? n) * 60_000 + i),
      });
    }
    return { id, deliveries: ids };
  }
  async function audits() {
    return store.db.select().from(auditLog).orderBy(auditLog.id);
  }
  return { store, boss, inbox, seed, audits };
}

export async function drain(batches: ExportBatches) {
  const rows: ExportRow[] = [];
  const sizes: number[] = [];
  for await (const batch of batches) {
    rows.push(...batch);
    sizes.push(batch.length);
  }
  return { rows, sizes };
}
