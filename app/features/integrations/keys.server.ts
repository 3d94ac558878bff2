import { eq } from "drizzle-orm";
import type { Transaction } from "~/platform/db/db.server";
import { isEnvelope, type DataCipher } from "~/platform/keys.server";
import { integrations } from "./tables.server";

/**
 * Integration addresses and signing secrets (the current one, and a replaced
 * one still in its 24 hours) under `to`: plaintext ones (the earlier
 * version's) encrypted, and with `from` (a rotation) encrypted ones decrypted
 * with it first. How many values changed.
 */
export async function encryptIntegrations(tx: Transaction, to: DataCipher, from?: DataCipher) {
  let count = 0;
  const rekeyed = async (value: string | null) =>
    value === null
      ? null
      : !isEnvelope(value)
        ? to.encrypt(value)
        : from
          ? to.encrypt(await from.decrypt(value))
          : value;
  for (const row of await tx
    .select({
      id: integrations.id,
      url: integrations.url,
      secret: integrations.secret,
      previousSecret: integrations.previousSecret,
    })
    .from(integrations)) {
    const url = (await rekeyed(row.url))!;
    const secret = await rekeyed(row.secret);
    const previousSecret = await rekeyed(row.previousSecret);
    const changed = [url !== row.url, secret !== row.secret, previousSecret !== row.previousSecret];
    if (!changed.some(Boolean)) continue;
    await tx.update(integrations).set({ url, secret, previousSecret }).where(eq(integrations.id, row.id));
    count += changed.filter(Boolean).length;
  }
  return { integrationValues: count };
}
