import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { grouped } from "~/platform/words";
import { hostAllowed, refusalOf, type AllowList } from "./address-rules.server";

/**
 * What makes a webhook address acceptable (docs/decisions/022-integrations.md):
 * an https: URL without credentials, of reasonable length, whose host is an
 * address webhooks may reach (./address-rules.server.ts). Host names are
 * resolved with a {@link Resolver}: the system's by default, a test's own in
 * tests (no test needs the internet).
 *
 * Webhook addresses are secrets (whoever has a Slack or Teams webhook URL can
 * post to the channel), so no message here ever contains a URL's path or
 * query: only its host.
 */

/** The longest webhook address accepted. */
export const MAX_URL_LENGTH = 2_048;

/** A request refused by the rules: not https, credentials, an address webhooks may not reach. */
export class RefusedRequestError extends Error {
  override name = "RefusedRequestError";
}

export type Resolved = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<Resolved[]>;

/** dns.lookup: the system's resolver, /etc/hosts included. */
export const systemLookup: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** The host of a URL without the brackets of an IPv6 literal. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Whether `text` may be saved as a webhook endpoint: an https: URL, no
 * credentials in it, at most 2,048 characters, a host INTEGRATION_HOSTS
 * allows (when it lists any), and, when its host is an IP literal, an
 * address webhooks may reach. Host names are not resolved here:
 * what they resolve to now says nothing about the moment of sending, so
 * postJson checks them at connect time. The errors are sentences for the admin, naming the host at most (never the
 * path or query: they hold the webhook's secret).
 */
export function checkEndpointUrl(
  text: string,
  allow: AllowList,
): { ok: true; url: URL } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed.length > MAX_URL_LENGTH)
    return { ok: false, error: `The address is too long: at most ${grouped(MAX_URL_LENGTH)} characters.` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: "This is not a valid web address." };
  }
  if (url.protocol !== "https:") return { ok: false, error: "Use an https:// address." };
  if (url.username !== "" || url.password !== "")
    return { ok: false, error: "Remove the user name and password from the address." };
  const host = bareHost(url);
  if (!hostAllowed(host, allow))
    return { ok: false, error: `${host} is not one of the hosts integrations may reach (INTEGRATION_HOSTS).` };
  if (isIP(host) !== 0) {
    const reason = refusalOf(host, allow);
    if (reason) return { ok: false, error: `${host} is ${reason}, which webhooks may not reach.` };
  }
  return { ok: true, url };
}

/**
 * The first of `addresses` (what `hostname` resolved to) that webhooks may
 * not reach, as a RefusedRequestError naming the host name and the address;
 * null when every one may be reached. One private address among public ones
 * refuses the host name: it points inside.
 */
export function refusedAmong(hostname: string, addresses: readonly Resolved[], allow: AllowList) {
  for (const { address } of addresses) {
    const reason = refusalOf(address, allow);
    if (reason)
      return new RefusedRequestError(`${hostname} resolves to ${address}, ${reason}, which webhooks may not reach.`);
  }
  return null;
}

/** How long resolving a host name may take when an endpoint is saved. */
export const SAVE_LOOKUP_TIMEOUT_MS = 5_000;

/**
 * checkEndpointUrl, and for a host name its resolution now: refused when any
 * address it resolves to is one webhooks may not reach, or when it does not
 * resolve. What a name resolves to may change before sending, so postJson
 * checks again at connect time (no DNS rebinding gets through); this check
 * tells the admin at once, on the form, rather than in a delivery log later.
 */
export async function checkEndpoint(
  text: string,
  allow: AllowList,
  lookup: Resolver = systemLookup,
  timeoutMs = SAVE_LOOKUP_TIMEOUT_MS,
): Promise<{ ok: true; url: URL } | { ok: false; error: string }> {
  const checked = checkEndpointUrl(text, allow);
  if (!checked.ok) return checked;
  const host = bareHost(checked.url);
  if (isIP(host) !== 0) return checked;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
  let addresses: Resolved[] | "late";
  try {
    addresses = await Promise.race([lookup(host), late]);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === "ENOTFOUND" || code === "ENODATA"
      ? { ok: false, error: `No host called ${host} was found. Check the address.` }
      : { ok: false, error: `${host} could not be looked up just now. Try again in a minute.` };
  } finally {
    clearTimeout(timer);
  }
  if (addresses === "late")
    return { ok: false, error: `${host} could not be looked up just now. Try again in a minute.` };
  if (addresses.length === 0) return { ok: false, error: `No host called ${host} was found. Check the address.` };
  const refused = refusedAmong(host, addresses, allow);
  return refused ? { ok: false, error: refused.message } : checked;
}
