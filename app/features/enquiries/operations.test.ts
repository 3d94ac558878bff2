/**
 * The operators' tools on stored enquiries, on both engines: the list and the
 * CSV export with each delivery's status, the redrive of dead-lettered
 * e-mails (same Message-ID, no second notification), and the purge by
 * retention, scheduled daily, which locks what it deletes in id order.
 */
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { listEnquiries, type EnquiryRecord, purgeExpired, redriveDeadDeliveries } from "./operations.server";
import { purgeSpam } from "./keep-spam.server";
import { RETENTION_QUEUE } from "~/platform/retention.server";
import { inboxCsv } from "~/features/inbox/csv";
import type { ExportRow } from "~/features/inbox/inbox";
import { exportBatches } from "~/features/inbox/inbox.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { waitForDeliveriesSettled } from "../../../test/support/pglite";
import { waitFor } from "../../../test/support/wait";
import { lockOrderRace } from "../../../test/support/postgres";
import { insertSpam, person } from "../../../test/support/data-requests";

const { smtp, engines, pipelinesOn } = bothEnginesWithSmtp();

describe.each(engines)("enquiry pipeline on $name", (engine) => {
  const start = pipelinesOn(engine);

  test("operators: list and export with delivery status, redrive dead-lettered e-mails, purge by retention", async () => {
    const { pipeline, store } = await start({ DELIVERY_RETRY_LIMIT: "0" });
    smtp.reject.add("gone@example.org");
    const r = await pipeline.services.enquiries.submitEnquiry(
      "demo",
      { fullName: "Yaw Darko", email: "gone@example.org", organization: "Clinic", role: "ngo" },
      { ip: "10.3.3.3" },
    );
    expect(r.ok).toBe(true);
    await waitFor(() => smtp.received.some((m) => m.subject === "New Demo Request from Yaw Darko"), {
      what: "the flagged notification",
    });

    // The message arrives a moment before the worker records it as sent.
    const [record] = await waitFor(
      async () => {
        const records: EnquiryRecord[] = await listEnquiries(store);
        return records[0]?.deliveries.every((d) => d.status !== "queued" && d.status !== "failed")
          ? records
          : undefined;
      },
      { what: "the deliveries to settle" },
    );
    expect(record).toMatchObject({ kind: "demo", payload: { name: "Yaw Darko" } });
    expect(Object.fromEntries(record!.deliveries.map((d) => [d.kind, d.status]))).toEqual({
      welcome: "dead",
      notification: "sent",
    });
    // The CSV export (console and CLI) shows the same: the welcome dead, the notification sent.
    const exported: ExportRow[] = [];
    for await (const batch of exportBatches(store.db, { kind: "demo" })) exported.push(...batch);
    // Welcome dead-lettered, notification sent (label and code each), no acknowledgement, no source.
    expect(inboxCsv(exported)).toContain(",Dead-lettered,dead,Sent,sent,,,,,,,,,\r\n");

    // Redrive: the welcome goes again, with the same Message-ID, and no second notification.
    smtp.reject.clear();
    expect(await redriveDeadDeliveries(store, pipeline.platform.boss)).toBe(1);
    await waitFor(() => smtp.received.some((m) => m.subject === "Thank you for requesting a demo"), {
      what: "the redriven welcome",
    });
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      "New Demo Request from Yaw Darko",
      "Thank you for requesting a demo",
    ]);
    expect(smtp.received[1]!.messageId).toBe(r.ok ? `<${r.enquiryId}.welcome@www.maternis.health>` : "");

    // Retention: only what is older than RETENTION_MONTHS goes, with its deliveries; it is scheduled daily.
    await store.db.update(enquiries).set({ createdAt: sql`now() - interval '25 months'` });
    const fresh = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "New", email: "new@example.org", interest: "general", message: "Hi" },
      { ip: "10.3.3.4" },
    );
    expect(await purgeExpired(store, 24)).toBe(1);
    const left = await store.db.select().from(enquiries);
    expect(left.map((row) => row.id)).toEqual([fresh.ok ? fresh.enquiryId : ""]);
    expect((await store.db.select().from(deliveries)).every((d) => d.enquiryId === left[0]!.id)).toBe(true);
    expect((await pipeline.platform.boss.getSchedules()).map((s) => s.name)).toContain(RETENTION_QUEUE);
  });

  // Only PostgreSQL has two connections to race: the embedded database runs one statement at a time.
  if (engine.name === "postgres")
    test("the retention sweep deletes expired enquiries and spam in id order, as bulk changes lock them: each waits, neither deadlocks", async () => {
      const { env, store } = await start({}, { runWorker: false });
      /** Two enquiries of `purge`'s, the higher id the oldest and first on disk: in age or table order it would go first. */
      const expiredPair = async (set: (age: string) => PgUpdateSetSource<typeof enquiries>) => {
        const [low, high] = [await insertSpam(store, person("low")), await insertSpam(store, person("high"))].sort();
        for (const [id, age] of [
          [high!, "26 months"],
          [low!, "25 months"],
        ] as const)
          await store.db.update(enquiries).set(set(age)).where(eq(enquiries.id, id));
        return [low!, high!];
      };
      const expired = await expiredPair((age) => ({
        spamReason: null,
        spamAt: null,
        createdAt: sql`now() - ${age}::interval`,
      }));
      expect(await lockOrderRace(env.DATABASE_URL!, "enquiries", expired, () => purgeExpired(store, 24))).toBe(2);
      const spam = await expiredPair((age) => ({ spamAt: sql`now() - ${age}::interval` }));
      expect(await lockOrderRace(env.DATABASE_URL!, "enquiries", spam, () => purgeSpam(store))).toBe(2);
      expect(await store.db.select().from(enquiries)).toEqual([]);
    });
});
