/**
 * A webhook's signing secret replaced, on both engines: the old one signs
 * beside the new one for 24 hours (two `v1,` signatures, each verified by the
 * Standard Webhooks library itself), is stored encrypted like the new one,
 * and is dropped by its job when the 24 hours end (the retention sweep drops
 * any a lost job left). A local HTTPS receiver (test/support/tls.ts) gets
 * the real requests.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import { auditLog } from "~/features/audit/tables.server";
import { dataCipher, isEnvelope } from "~/platform/keys.server";
import { acceptedEnquiry, asAdmin, integrationsSuite } from "../../../test/support/integrations";
import type { ReceivedRequest } from "../../../test/support/tls";
import { waitFor } from "../../../test/support/wait";
import { encryptIntegrations } from "./keys.server";
import {
  dropExpiredSecrets,
  dropReplacedSecret,
  SECRET_EXPIRY_QUEUE,
  SECRET_OVERLAP_MS,
  type SecretExpiryJob,
} from "./secrets.server";
import { integrations } from "./tables.server";

const { engines, receiver, openSite, endpointTo } = integrationsSuite();

const verifies = (secret: string, request: ReceivedRequest) => {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe.each(engines)("signing secrets on $name", (engine) => {
  test("replaced: both sign for 24 hours, stored encrypted; then the old one is dropped and only the new one signs", async () => {
    receiver.reset();
    const { site, console, store, boss } = await openSite(engine);
    const cipher = dataCipher(site.platform.keys);
    const added = await console.integrations.add(endpointTo("webhook", "/crm"), asAdmin);
    if (!added.ok || !added.secret) throw new Error("refused");
    const first = added.secret;

    const before = Date.now();
    const replaced = await console.integrations.rotateSecret(added.id, asAdmin);
    if (!replaced) throw new Error("not replaced");
    const second = replaced.secret;
    expect(second).not.toBe(first);
    expect(replaced.previousUntil.getTime() - before).toBeGreaterThanOrEqual(SECRET_OVERLAP_MS);
    expect(replaced.previousUntil.getTime() - Date.now()).toBeLessThanOrEqual(SECRET_OVERLAP_MS);
    expect((await console.integrations.get(added.id))?.integration.previousSecretUntil).toEqual(replaced.previousUntil);

    // Both stored encrypted (DATA_ENCRYPTION_KEY), neither in the clear.
    const [row] = await store.db.select().from(integrations).where(eq(integrations.id, added.id));
    expect(isEnvelope(row!.secret!) && isEnvelope(row!.previousSecret!)).toBe(true);
    expect(JSON.stringify(row)).not.toMatch(/whsec_/);
    expect(await cipher.decrypt(row!.previousSecret!)).toBe(first);
    // Audited, with when the old one stops; never a secret.
    const [audit] = await store.db.select().from(auditLog).where(eq(auditLog.action, "integration-secret-rotated"));
    expect(audit!.detail).toEqual({ previousUntil: replaced.previousUntil.toISOString() });

    // Its drop is a job, due when the 24 hours end.
    const jobs = await boss.findJobs<SecretExpiryJob>(SECRET_EXPIRY_QUEUE, { data: { integrationId: added.id } });
    expect(jobs.map((job) => [job.data, job.startAfter.getTime()])).toEqual([
      [{ integrationId: added.id, until: replaced.previousUntil.toISOString() }, replaced.previousUntil.getTime()],
    ]);

    // During the overlap: two signatures; the receiver verifies with either secret, not with another.
    const submit = async (n: number) => {
      const id = await acceptedEnquiry(site, "contact", `s${n}@example.org`, `192.0.2.${120 + n}`, n);
      return waitFor(() => receiver.requests.find((r) => JSON.parse(r.body).data.enquiry.id === id), {
        what: "the webhook",
      });
    };
    const during = await submit(1);
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect([verifies(first, during), verifies(second, during)]).toEqual([true, true]);
    expect(verifies(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, during)).toBe(false);

    // A job that comes early changes nothing and is retried; on time, the old secret goes.
    const job = jobs[0]!.data;
    await expect(dropReplacedSecret(store, job, new Date(replaced.previousUntil.getTime() - 1000))).rejects.toThrow(
      "not over yet",
    );
    expect((await store.db.select().from(integrations))[0]!.previousSecret).not.toBeNull();
    expect(await dropReplacedSecret(store, job, replaced.previousUntil)).toBe("dropped");
    const [after] = await store.db.select().from(integrations).where(eq(integrations.id, added.id));
    expect([after!.previousSecret, after!.previousSecretUntil]).toEqual([null, null]);
    expect((await console.integrations.get(added.id))?.integration.previousSecretUntil).toBeNull();
    expect(await dropReplacedSecret(store, job, replaced.previousUntil)).toBe("gone");

    // Afterwards: one signature, the new secret's; the old one no longer verifies.
    const later = await submit(2);
    expect(String(later.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect([verifies(first, later), verifies(second, later)]).toEqual([false, true]);

    // The worker works the queue: a replacement whose 24 hours are over is dropped by its job.
    await console.integrations.rotateSecret(added.id, asAdmin);
    const over = new Date(Date.now() - 60_000);
    await store.db.update(integrations).set({ previousSecretUntil: over }).where(eq(integrations.id, added.id));
    await boss.send(SECRET_EXPIRY_QUEUE, {
      integrationId: added.id,
      until: over.toISOString(),
    } satisfies SecretExpiryJob);
    await waitFor(
      async () =>
        (await store.db.select().from(integrations).where(eq(integrations.id, added.id)))[0]!.previousSecret === null,
      { what: "the worker to drop the replaced secret" },
    );
  });

  test("replaced twice within 24 hours: the oldest stops at once; key rotation and the sweep reach the replaced one", async () => {
    const { site, console, store } = await openSite(engine, {
      runWorker: false,
    });
    const cipher = dataCipher(site.platform.keys);
    const added = await console.integrations.add(endpointTo("webhook", "/twice"), asAdmin);
    if (!added.ok) throw new Error("refused");
    const once = (await console.integrations.rotateSecret(added.id, asAdmin))!;
    const twice = (await console.integrations.rotateSecret(added.id, asAdmin))!;
    const [row] = await store.db.select().from(integrations).where(eq(integrations.id, added.id));
    expect(await cipher.decrypt(row!.previousSecret!)).toBe(once.secret);
    // The first replacement's job finds another replacement in its place: nothing to drop.
    const firstJob = { integrationId: added.id, until: once.previousUntil.toISOString() };
    expect(await dropReplacedSecret(store, firstJob, twice.previousUntil)).toBe("gone");
    expect((await store.db.select().from(integrations))[0]!.previousSecret).toBe(row!.previousSecret);

    // DATA_ENCRYPTION_KEY replaced: the replaced secret is re-encrypted with the rest.
    const next = dataCipher({ DATA_ENCRYPTION_KEY: "b".repeat(64) });
    const changed = await store.transaction((tx) => encryptIntegrations(tx, next, cipher));
    expect(changed.integrationValues).toBe(3);
    const [rekeyed] = await store.db.select().from(integrations).where(eq(integrations.id, added.id));
    expect(await next.decrypt(rekeyed!.previousSecret!)).toBe(once.secret);
    expect(await next.decrypt(rekeyed!.secret!)).toBe(twice.secret);

    // The retention sweep's backstop: nothing before the 24 hours end, the replaced secret after.
    expect(await dropExpiredSecrets(store, new Date(twice.previousUntil.getTime() - 1000))).toBe(0);
    expect(await dropExpiredSecrets(store, twice.previousUntil)).toBe(1);
    expect((await store.db.select().from(integrations))[0]!.previousSecret).toBeNull();
    // Slack and Teams have no secret to replace.
    const slack = await console.integrations.add(endpointTo("slack", "/s"), asAdmin);
    if (!slack.ok) throw new Error("refused");
    expect(await console.integrations.rotateSecret(slack.id, asAdmin)).toBeNull();
  });
});
