import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Store } from "../db/db.server";
import { appSecrets } from "../db/schema.server";

/** A short, keyed, one-way fingerprint of the client address: never the raw IP. */
export function clientFingerprint(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 16);
}

/** The fingerprint key, generated once and shared through the database by every process. */
export async function loadFingerprintSecret(store: Store): Promise<string> {
  await store.db
    .insert(appSecrets)
    .values({ name: "client-fingerprint", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await store.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "client-fingerprint"));
  if (!row) throw new Error("The client fingerprint secret is missing");
  return row.value;
}
