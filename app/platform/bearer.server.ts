import { createHash, timingSafeEqual } from "node:crypto";

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
