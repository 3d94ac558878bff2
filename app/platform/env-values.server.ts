import { isIP } from "node:net";
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";

/**
 * The rules the environment's schema (./env.server.ts) checks values with,
 * beyond zod's own: settings read as booleans, lists and keys, Express's
 * "trust proxy" and cron expressions.
 */

/** The names Express's "trust proxy" (proxy-addr) knows for address ranges. */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * A TRUST_PROXY Express accepts: false, true, a hop count, or a list of
 * addresses, subnets (a prefix length or an IPv4 netmask) and
 * TRUST_PROXY_NAMES. Checked here, so a typo stops the start naming it, not
 * with a stack trace where Express reads it.
 */
export function isTrustProxy(value: string): boolean {
  if (value === "" || value === "false" || value === "true" || /^\d+$/.test(value)) return true;
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.every((entry) => {
    if (TRUST_PROXY_NAMES.has(entry)) return true;
    const [address = "", range, extra] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    if (range === undefined) return true;
    if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
    return family === 4 && isIP(range) === 4;
  });
}

/**
 * A five-field cron expression (minute, hour, day of month, month, day of
 * week) that cron-parser, the parser pg-boss schedules with, accepts: a bad
 * BACKUP_CRON stops the process at start-up, named, instead of failing at the
 * first scheduling pass.
 */
export function isCronExpression(value: string): boolean {
  if (value.trim().split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** "true"/"1" or "false"/"0". */
export const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** A key given in the environment or KEYS_FILE: at least 32 characters (32 random bytes in base64: `openssl rand -base64 32`). */
export const secretString = z.string().min(32, "must be at least 32 characters").optional();

/** A comma-separated list: each item trimmed, empty ones dropped. */
export const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);
