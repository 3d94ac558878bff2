/**
 * A failing delivery in the log, on both engines: the time of its next try
 * (its pg-boss job's), and Resend, which tries it now with the same
 * `webhook-id` instead of waiting (its remaining retries unchanged), audited.
 * A local HTTPS receiver (test/support/tls.ts) fails, then recovers.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog } from "~/features/audit/tables.server";
import { acceptedEnquiry, asAdmin, integrationsSuite } from "../../../test/support/integrations";
import { waitFor } from "../../../test/support/wait";
import { integrationDeliveries } from "./tables.server";

const { engines, receiver, openSite, endpointTo } = integrationsSuite();

/** Ten minutes between tries: long enough that only Resend can bring the next one within the test. */
const RETRY_DELAY_S = 600;

describe.each(engines)("the delivery log on $name", (engine) => {
  test("a failing delivery shows its next try; Resend tries it now, with the same webhook-id", async () => {
    receiver.reset();
    const { site, console, store } = await openSite(engine, {
      env: { DELIVERY_RETRY_DELAY_SECONDS: String(RETRY_DELAY_S), DELIVERY_RETRY_BACKOFF: "false" },
    });
    const added = await console.integrations.add(endpointTo("webhook", "/flaky"), asAdmin);
    if (!added.ok) throw new Error("refused");
    receiver.respondWith(() => ({ status: 500, body: "down" }));
    const enquiryId = await acceptedEnquiry(site, "contact", "flaky@example.org", "192.0.2.140");
    const row = async () => (await store.db.select().from(integrationDeliveries))[0];
    const failed = await waitFor(async () => {
      const current = await row();
      return current?.status === "failed" && current.attempts === 1 ? current : null;
    });
    const failedAt = failed.lastAttemptAt!.getTime();

    // Its next try, in the endpoint's log and on the enquiry's page: the retry delay after the failure.
    const next = await waitFor(async () => (await console.integrations.get(added.id))?.deliveries[0]?.nextAttemptAt);
    expect(next.getTime() - failedAt).toBeGreaterThan((RETRY_DELAY_S - 30) * 1000);
    expect(next.getTime() - failedAt).toBeLessThan((RETRY_DELAY_S + 30) * 1000);
    expect((await console.integrations.deliveriesOf(enquiryId))[0]?.nextAttemptAt).toEqual(next);

    // Resend: tried now (not in ten minutes), the receiver back up; the same webhook-id.
    receiver.respondWith(() => ({ status: 204 }));
    expect(await console.integrations.resend(failed.id, asAdmin)).toBe("now");
    const sent = await waitFor(async () => {
      const current = await row();
      return current?.status === "sent" ? current : null;
    });
    expect(sent).toMatchObject({ attempts: 2, httpStatus: 204 });
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([failed.id, failed.id]);
    const [audit] = await store.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "webhook-resent"), eq(auditLog.target, failed.id)));
    expect(audit!.detail).toEqual({ integrationId: added.id, event: "enquiry.received", was: "failed" });
    // Delivered: no next try; Resend queues it again.
    expect((await console.integrations.get(added.id))?.deliveries[0]?.nextAttemptAt).toBeNull();
    expect(await console.integrations.resend(failed.id, asAdmin)).toBe("queued");
    await waitFor(() => receiver.requests.length === 3);

    // A delivery queued (its first try not made yet) is not resent, and neither is a failing one with no try
    // waiting (its job being worked on); nor one that does not exist.
    await waitFor(async () => (await row())?.status === "sent");
    await store.db
      .update(integrationDeliveries)
      .set({ status: "queued" })
      .where(eq(integrationDeliveries.id, failed.id));
    expect(await console.integrations.resend(failed.id, asAdmin)).toBeNull();
    await store.db
      .update(integrationDeliveries)
      .set({ status: "failed" })
      .where(eq(integrationDeliveries.id, failed.id));
    expect(await console.integrations.resend(failed.id, asAdmin)).toBeNull();
    expect(await console.integrations.resend("00000000-0000-4000-8000-000000000000", asAdmin)).toBeNull();
  });
});
