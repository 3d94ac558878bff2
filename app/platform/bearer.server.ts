import { createHash, timingSafeEqual } from "node:crypto";
import type { Logger } from "./log.server";

/**
 * The keys an endpoint guarded by a bearer key accepts (the communication
 * API, /metrics): the current one and, while callers move to it, the one it
 * replaces (`*_PREVIOUS`, docs/operations.md "The other credentials").
 */
export type BearerKeys = { current: string; previous?: string };

/** The keys of a setting and its `_PREVIOUS`, or none when the setting is unset (the endpoint is off). */
export function bearerKeys(current: string | undefined, previous: string | undefined): BearerKeys | undefined {
  return current ? { current, ...(previous ? { previous } : {}) } : undefined;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Which key `Authorization: Bearer <key>` carries: "current", "previous" or
 * null (none, or another). Both keys are compared, each in constant time
 * over a digest, so neither the answer's time nor its length tells a guess
 * how close it came.
 */
export function bearerKeyOf(header: string | undefined, keys: BearerKeys): "current" | "previous" | null {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const hash = digest(given);
  const current = timingSafeEqual(hash, digest(keys.current));
  const previous = keys.previous !== undefined && timingSafeEqual(hash, digest(keys.previous));
  if (given === "") return null;
  return current ? "current" : previous ? "previous" : null;
}

/**
 * Whether a request to `endpoint` carries one of its keys (bearerKeyOf). A
 * request with the previous key is logged (`previous-key-used`: the endpoint
 * and the client, never the key), so that the operator sees when the last
 * caller has moved to the new one and the rotation can end.
 */
export function bearerAccepted(
  req: { get(name: string): string | undefined; ip?: string },
  keys: BearerKeys,
  endpoint: string,
  log: Logger,
): boolean {
  const key = bearerKeyOf(req.get("authorization"), keys);
  if (key === "previous") log.info("previous key used", { event: "previous-key-used", endpoint, client: req.ip });
  return key !== null;
}
