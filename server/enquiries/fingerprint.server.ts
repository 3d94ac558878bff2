import { createHmac } from "node:crypto";
import { loadAppSecret, type Store } from "../db/db.server";

/** A short, keyed, one-way fingerprint of the client address: never the raw IP. */
export function clientFingerprint(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 16);
}

/** The fingerprint key, generated once and shared through the database by every process. */
export function loadFingerprintSecret(store: Store): Promise<string> {
  return loadAppSecret(store, "client-fingerprint", "client fingerprint");
}
