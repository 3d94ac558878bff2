import { eq } from "drizzle-orm";
import type { Transaction } from "~/platform/db/db.server";
import { isEnvelope, type DataCipher } from "~/platform/keys.server";
import { integrations } from "./tables.server";

/**
 * Integration addresses and signing secrets under `to`: plaintext ones (the
 * earlier version's) encrypted, and with `from` (a rotation) encrypted ones
 * decrypted with it first. How many values changed.
 */
export async function encryptIntegrations(tx: Transaction, to: DataCipher, from?: DataCipher) {
  let count = 0;
  const rekeyed = async (value: string) =>
    !isEnvelope(value) ? to.encrypt(value) : from ? to.encrypt(await from.decrypt(value)) : value;
  for (const row of await tx
    .select({ id: integrations.id, url: integrations.url, secret: integrations.secret })
    .from(integrations)) {
    const url = await rekeyed(row.url);
    const secret = row.secret === null ? null : await rekeyed(row.secret);
    if (url === row.url && secret === row.secret) continue;
    await tx.update(integrations).set({ url, secret }).where(eq(integrations.id, row.id));
    count += Number(url !== row.url) + Number(secret !== row.secret);
  }
  return { integrationValues: count };
}
