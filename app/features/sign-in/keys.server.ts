import type { SecretConfig } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Transaction } from "~/platform/db/db.server";
import { isEnvelope } from "~/platform/keys.server";
import { reencrypt } from "~/platform/open-keys.server";
import { staffSessions, staffTwoFactors, staffVerifications } from "./tables.server";

/**
 * What better-auth encrypted with the auth secret `from`, encrypted with `to`
 * (as better-auth itself would, `$ba$1$…`): each authenticator key, and each
 * sign-in code still waiting (`<ciphertext>:<tries>`).
 * Sessions end: their cookies carry the old secret's signature.
 */
export async function reencryptAuthSecrets(tx: Transaction, from: string | SecretConfig, to: SecretConfig) {
  let reencrypted = 0;
  let unreadable = 0;
  for (const row of await tx.select().from(staffTwoFactors)) {
    // Recovery codes are stored as hashes (app/features/sign-in/second-factor.server.ts): nothing to re-encrypt.
    // A set still in the old, encrypted form is emptied at start-up (removeUnhashedRecoveryCodes).
    const secret = await reencrypt(row.secret, from, to);
    if (secret === null) {
      unreadable += 1;
      continue;
    }
    if (secret === row.secret) continue;
    await tx.update(staffTwoFactors).set({ secret }).where(eq(staffTwoFactors.id, row.id));
    reencrypted += 1;
  }
  let codes = 0;
  for (const row of await tx.select().from(staffVerifications)) {
    const colon = row.value.lastIndexOf(":");
    const [stored, tries] = colon === -1 ? [row.value, null] : [row.value.slice(0, colon), row.value.slice(colon)];
    // Only sign-in codes are encrypted: a ciphertext (hex, or an envelope of hex), then ":<wrong tries>".
    // WebAuthn challenges are JSON.
    if (tries === null || !(isEnvelope(stored) || /^[0-9a-f]+$/.test(stored))) continue;
    const value = await reencrypt(stored, from, to);
    if (value === null || value === stored) continue;
    await tx
      .update(staffVerifications)
      .set({ value: `${value}${tries}` })
      .where(eq(staffVerifications.id, row.id));
    codes += 1;
  }
  const ended = await tx.delete(staffSessions).returning({ id: staffSessions.id });
  return { reencrypted, unreadable, codes, sessionsEnded: ended.length };
}
