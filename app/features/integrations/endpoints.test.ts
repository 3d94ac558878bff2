/**
 * Saving an endpoint on both engines (docs/decisions/022-integrations.md):
 * host names resolved and refused when saved (the test's own resolver: no
 * test needs the internet), an address another endpoint of the same kind
 * already has warned about and added only when confirmed, and a webhook's
 * signing secret shown once, to the admin who made it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog } from "~/features/audit/tables.server";
import {
  asAdmin,
  integrationsAdmin,
  integrationsSuite,
  type IntegrationsSiteOptions,
} from "../../../test/support/integrations";
import { resolverOf } from "../../../test/support/webhook-hosts";
import { integrations } from "./tables.server";

const { engines, openSite, endpointTo } = integrationsSuite();

/** A public address (TEST-NET ranges are refused as documentation addresses). */
const PUBLIC = "93.184.215.14";

describe.each(engines)("saving integrations on $name", (engine) => {
  const start = async (options: IntegrationsSiteOptions = {}) => openSite(engine, { runWorker: false, ...options });

  test("a host name is resolved when saved: refused when it points inside, saved when public", async () => {
    // What the name resolves to, changed by the test; every question recorded.
    let answer = ["8.8.8.8", "10.0.0.5"];
    const asked: string[] = [];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      return resolverOf(...answer).lookup(hostname);
    };
    const { console } = await start({ env: { WEBHOOK_ALLOW_ADDRESSES: "" }, lookup });
    const crm = endpointTo("webhook", "", { url: "https://crm.example.org/hooks/secret-path" });
    expect(await console.integrations.add(crm, asAdmin)).toEqual({
      ok: false,
      errors: { url: "crm.example.org resolves to 10.0.0.5, a private address, which webhooks may not reach." },
    });
    expect(asked).toEqual(["crm.example.org"]);
    expect(await console.integrations.list()).toEqual([]);

    // Positive control: the same name resolving to a public address is saved.
    answer = [PUBLIC];
    const added = await console.integrations.add(crm, asAdmin);
    if (!added.ok) throw new Error("refused");
    // Changing it is checked the same way: now loopback, refused, the saved address kept.
    answer = ["127.0.0.1"];
    const changed = await console.integrations.update(added.id, { ...crm, url: "https://crm.example.org/v2" }, asAdmin);
    expect(changed).toMatchObject({
      ok: false,
      errors: { url: expect.stringContaining("127.0.0.1, a loopback address") },
    });
    expect((await console.integrations.get(added.id))?.integration.url).toBe(
      "https://crm.example.org/hooks/secret-path",
    );

    // WEBHOOK_ALLOW_ADDRESSES still applies: where 127.0.0.1 is allowed, the same answer is saved.
    const allowed = await start({ lookup });
    expect((await allowed.console.integrations.add(crm, asAdmin)).ok).toBe(true);
  });

  test("with INTEGRATION_HOSTS set, an address on another host is refused when saved, before any lookup", async () => {
    const asked: string[] = [];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      return resolverOf(PUBLIC).lookup(hostname);
    };
    const { console } = await start({ env: { INTEGRATION_HOSTS: "hooks.slack.com, *.webhook.office.com" }, lookup });
    const crm = endpointTo("webhook", "", { url: "https://crm.example.org/hooks/secret-path" });
    expect(await console.integrations.add(crm, asAdmin)).toEqual({
      ok: false,
      errors: { url: "crm.example.org is not one of the hosts integrations may reach (INTEGRATION_HOSTS)." },
    });
    expect(asked).toEqual([]);
    expect(await console.integrations.list()).toEqual([]);
    // Positive control: a listed host is resolved and saved.
    const teams = endpointTo("teams", "", { url: "https://acme.webhook.office.com/webhookb2/secret" });
    expect((await console.integrations.add(teams, asAdmin)).ok).toBe(true);
    expect(asked).toEqual(["acme.webhook.office.com"]);
  });

  test("a name that is not found, or cannot be looked up, is refused with words that say which", async () => {
    const notFound = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const { console } = await start({ lookup: notFound });
    const typo = endpointTo("slack", "", { url: "https://hooks.slakc.com/services/T0/B0/x" });
    expect(await console.integrations.add(typo, asAdmin)).toEqual({
      ok: false,
      errors: { url: "No host called hooks.slakc.com was found. Check the address." },
    });
    const down = await start({
      lookup: async () => {
        throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
      },
    });
    expect(await down.console.integrations.add(typo, asAdmin)).toEqual({
      ok: false,
      errors: { url: "hooks.slakc.com could not be looked up just now. Try again in a minute." },
    });
    // An IP literal is judged as it is: no resolver asked. The allow list (127.0.0.1) still applies.
    const never = resolverOf();
    const literal = await start({ lookup: never.lookup });
    expect((await literal.console.integrations.add(endpointTo("webhook", "/x"), asAdmin)).ok).toBe(true);
    expect(never.asked).toEqual([]);
  });

  test("the same kind and address again is warned about, and added only when confirmed", async () => {
    const { console, store } = await start();
    const first = await console.integrations.add(endpointTo("slack", "/services/A", { name: "Sales" }), asAdmin);
    if (!first.ok) throw new Error("refused");

    // The same address (spaces aside) and kind: not added, the first one named.
    const again = endpointTo("slack", "/services/A", { name: "Sales (again)" });
    const warned = await console.integrations.add({ ...again, url: ` ${again.url} ` }, asAdmin);
    expect(warned).toEqual({ ok: false, errors: {}, duplicate: { id: first.id, name: "Sales" } });
    expect(await console.integrations.list()).toHaveLength(1);

    // Another kind, or another address: no warning (positive controls).
    const teams = await console.integrations.add(endpointTo("teams", "/services/A"), asAdmin);
    const other = await console.integrations.add(endpointTo("slack", "/services/B"), asAdmin);
    expect([teams.ok, other.ok]).toEqual([true, true]);

    // Confirmed, naming another endpoint than the one it duplicates: still warned. Naming it: added, audited.
    const wrong = await console.integrations.add(again, asAdmin, { sameAddressAs: other.ok ? other.id : "" });
    expect(wrong).toMatchObject({ ok: false, duplicate: { id: first.id } });
    const confirmed = await console.integrations.add(again, asAdmin, { sameAddressAs: first.id });
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    const [row] = await store.db.select().from(auditLog).where(eq(auditLog.target, confirmed.id));
    expect(row).toMatchObject({ action: "integration-added" });
    expect(row!.detail).toMatchObject({ kind: "slack", sameAddressAs: first.id });
    expect(JSON.stringify(row!.detail)).not.toContain("/services/A");
  });

  test("a new webhook's secret is shown once, to the admin who added it, and only for a few minutes", async () => {
    const { console, store } = await start();
    const added = await console.integrations.add(endpointTo("webhook", "/crm"), asAdmin);
    if (!added.ok || !added.secret) throw new Error("no secret");
    expect(await console.integrations.revealSecret(added.id, "another-admin")).toBeNull();
    expect(await console.integrations.revealSecret(added.id, integrationsAdmin.id)).toBe(added.secret);
    expect(await console.integrations.revealSecret(added.id, integrationsAdmin.id)).toBeNull();

    // Older than its few minutes: not shown (positive control: the same row, in time, is).
    const late = await console.integrations.add(endpointTo("webhook", "/late"), asAdmin);
    if (!late.ok) throw new Error("refused");
    await store.db
      .update(integrations)
      .set({ revealUntil: new Date(Date.now() - 1000) })
      .where(eq(integrations.id, late.id));
    expect(await console.integrations.revealSecret(late.id, integrationsAdmin.id)).toBeNull();
    // Slack and Teams have no secret to show.
    const slack = await console.integrations.add(endpointTo("slack", "/s"), asAdmin);
    if (!slack.ok) throw new Error("refused");
    expect(await console.integrations.revealSecret(slack.id, integrationsAdmin.id)).toBeNull();
  });
});
