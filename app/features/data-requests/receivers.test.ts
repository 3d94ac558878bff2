/**
 * The erasure names the integrations that were sent a summary of the person
 * (their detail "summary", a delivery about one of the erased enquiries
 * attempted), with their hosts: read before the rows go, on both engines,
 * with real deliveries to a local HTTPS receiver (test/support/tls.ts). Only
 * names and hosts: nothing of the person is kept to do it.
 */
import { describe, expect, test } from "vitest";
import { integrationDeliveries, integrations } from "~/features/integrations/tables.server";
import { acceptedEnquiry, asAdmin, integrationsSuite } from "../../../test/support/integrations";
import { waitFor } from "../../../test/support/wait";

const { engines, receiver, openSite, endpointTo } = integrationsSuite();

describe.each(engines)("erasure and integrations on $name", (engine) => {
  test("the Erased result lists the summary receivers of this person's enquiries, delivered or attempted", async () => {
    receiver.reset();
    receiver.respondWith((request) => (request.path === "/down" ? { status: 500, body: "down" } : { status: 200 }));
    const { site, console, store } = await openSite(engine, {
      env: { WEBHOOK_RETRY_LIMIT: "0" },
    });
    const add = async (...args: Parameters<typeof endpointTo>) => {
      const added = await console.integrations.add(endpointTo(...args), asAdmin);
      if (!added.ok) throw new Error("refused");
      return added.id;
    };
    const host = new URL(receiver.url).host;
    await add("webhook", "/crm", { name: "CRM", detail: "summary" });
    await add("slack", "/sales", { name: "Sales channel", detail: "link" });
    await add("teams", "/down", { name: "Operations", detail: "summary" });
    // Paused when the subject writes: it hears only of the other person.
    const later = await add("webhook", "/later", { name: "Archive", detail: "summary" });
    await console.integrations.setPaused(later, true, asAdmin);

    const submit = (email: string, n: number) => acceptedEnquiry(site, "contact", email, `192.0.2.${150 + n}`, n);
    const subject = await submit("receivers.subject@example.org", 1);
    await console.integrations.setPaused(later, false, asAdmin);
    const other = await submit("receivers.other@example.org", 2);
    // Every delivery final: sent, or given up (the failing receiver, no retries).
    await waitFor(
      async () => {
        const rows = await store.db.select().from(integrationDeliveries);
        return rows.length === 7 && rows.every((row) => row.status === "sent" || row.status === "dead");
      },
      { timeoutMs: 60_000, what: "every delivery to be final" },
    );

    const erased = await site.services.dataRequests.erase("receivers.subject@example.org", asAdmin);
    expect(erased.receivers).toEqual([
      { name: "CRM", host, delivered: true },
      { name: "Operations", host, delivered: false },
    ]);
    // The rows went; the integrations stay, and nothing was added to them.
    const left = await store.db.select().from(integrationDeliveries);
    expect(left.every((row) => row.enquiryId === other)).toBe(true);
    expect(left.some((row) => row.enquiryId === subject)).toBe(false);
    expect((await store.db.select().from(integrations)).length).toBe(4);

    // Positive control for the paused one: the other person's erasure names it too.
    const second = await site.services.dataRequests.erase("receivers.other@example.org", asAdmin);
    expect(second.receivers.map((r) => r.name)).toEqual(["Archive", "CRM", "Operations"]);
    // Someone never sent anywhere: no list.
    expect((await site.services.dataRequests.erase("nobody@example.org", asAdmin)).receivers).toEqual([]);
  });
});
