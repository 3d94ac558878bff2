import { createHmac } from "node:crypto";
import { ipKeyGenerator } from "express-rate-limit";

/**
 * The network a client address stands for in every per-client limit: an IPv4
 * address itself, an IPv6 address's /56 prefix. One home or office is given a
 * whole /56 (or /48), so counting single IPv6 addresses would let one client
 * pick a fresh address for every try. The server's own limiters count the
 * same way (express-rate-limit's default), and this is its function.
 */
export function clientNetwork(ip: string): string {
  return ipKeyGenerator(ip, 56);
}

/** A short, keyed, one-way fingerprint of the client's network (FINGERPRINT_KEY): never the raw IP. */
export function clientFingerprint(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(clientNetwork(ip)).digest("hex").slice(0, 16);
}
