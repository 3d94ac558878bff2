import { createHmac } from "node:crypto";

/** A short, keyed, one-way fingerprint of the client address (FINGERPRINT_KEY): never the raw IP. */
export function clientFingerprint(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 16);
}
