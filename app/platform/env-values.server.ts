import { isIP } from "node:net";
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";

/**
 * The rules the environment's schema (./env.server.ts) checks values with,
 * beyond zod's own: settings read as booleans, lists and keys, Express's
 * "trust proxy" and cron expressions.
 */

/** A setting's list: its entries, separated by commas or spaces. */
export const settingEntries = (value: string) => value.split(/[\s,]+/).filter((entry) => entry !== "");

/**
 * An IP address or CIDR range as a setting writes it ("127.0.0.1", "::1",
 * "10.0.0.0/8"): its parts, or null when it is neither (a zone index such as
 * "fe80::1%eth0" included). WEBHOOK_ALLOW_ADDRESSES and TRUST_PROXY read it.
 */
export function addressRange(entry: string): { address: string; family: 4 | 6; prefix?: number } | null {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || extra !== undefined || /%/.test(address)) return null;
  if (prefix === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return { address, family, prefix: Number(prefix) };
}

const LABEL = "[a-z0-9]([a-z0-9-]*[a-z0-9])?";
/**
 * A host pattern, as both host lists write one (INTEGRATION_HOSTS,
 * ALLOWED_ACTION_ORIGINS), read as React Router reads the second: a host name
 * ("hooks.slack.com", "localhost"), or "*." (one label) or "**." (one or more)
 * in front of a name of two labels at least ("*.webhook.office.com", not
 * "*.com"). hostMatches reads it.
 */
const HOST_PATTERN = `(${LABEL}(\\.${LABEL})*|\\*{1,2}\\.${LABEL}(\\.${LABEL})+)`;
const HOST_ENTRY = new RegExp(`^${HOST_PATTERN}$`);
/** An ALLOWED_ACTION_ORIGINS entry: a host pattern with its port when it is not the scheme's, as Origin carries it. */
const ACTION_ORIGIN = new RegExp(`^${HOST_PATTERN}(:\\d{1,5})?$`);

/** An INTEGRATION_HOSTS entry as kept: lower case, without a trailing dot. */
export const hostEntry = (entry: string) => entry.toLowerCase().replace(/\.$/, "");

/** Whether an INTEGRATION_HOSTS entry is a host pattern (no port: integrations name https:// hosts). */
export const isHostEntry = (entry: string) => HOST_ENTRY.test(hostEntry(entry));

/** Whether an ALLOWED_ACTION_ORIGINS entry (lower case, as Origin is) is a host pattern, with an optional port. */
export const isActionOrigin = (entry: string) => ACTION_ORIGIN.test(entry);

/**
 * Whether `host` is one a host pattern names: the same host, or one label
 * more than the name after "*.", or one or more after "**." (React Router's
 * reading of allowedActionOrigins, which ALLOWED_ACTION_ORIGINS feeds).
 */
export function hostMatches(host: string, pattern: string): boolean {
  if (pattern === host) return true;
  const wildcard = pattern.slice(0, pattern.indexOf("."));
  if (wildcard !== "*" && wildcard !== "**") return false;
  const suffix = pattern.slice(wildcard.length);
  if (!host.endsWith(suffix)) return false;
  const labels = host.slice(0, -suffix.length);
  return labels !== "" && (wildcard === "**" || !labels.includes("."));
}

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
  return value.split(",").every((part) => {
    const entry = part.trim();
    if (TRUST_PROXY_NAMES.has(entry) || addressRange(entry)) return true;
    const [address = "", netmask, extra] = entry.split("/");
    return extra === undefined && isIP(address) === 4 && isIP(netmask ?? "") === 4;
  });
}

/**
 * A zod check that every entry of a list setting passes `valid`; the issue
 * names the first one that does not, followed by `what` it must be.
 */
export const everyEntry =
  (valid: (entry: string) => boolean, what: string) => (value: string, ctx: z.RefinementCtx) => {
    const wrong = settingEntries(value).find((entry) => !valid(entry));
    if (wrong !== undefined) ctx.addIssue({ code: "custom", message: `"${wrong}" is not ${what}` });
  };

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

/** A bearer key an endpoint accepts (METRICS_TOKEN, COMMUNICATION_API_KEY and their _PREVIOUS): at least 24 characters. */
export const bearerKeyString = z.string().min(24, "must be at least 24 characters").optional();

/** A list setting read as a list: its entries (settingEntries: commas or spaces between them). */
export const settingList = z.string().transform(settingEntries);

/** A bad environment: what parseEnv (./env.server.ts) throws. */
export class EnvError extends Error {
  override name = "EnvError";
  /** The problems, one a line, each starting with the variable it names. */
  constructor(...problems: string[]) {
    super(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
}
