import { BlockList, isIP } from "node:net";
import { ADDRESS_RANGE, HOST_NAME } from "~/platform/env.server";
import { addressRange, hostEntry, hostMatches, isHostEntry, settingEntries } from "~/platform/env-values.server";

/**
 * Which IP addresses an outgoing webhook may reach (./safe-fetch.server.ts):
 * not the server itself, the private network or the cloud's metadata service
 * (server-side request forgery), unless the WEBHOOK_ALLOW_ADDRESSES setting
 * allows them; and, when INTEGRATION_HOSTS lists any, which host names. Pure
 * rules: checking a URL is ./endpoint-url.server.ts's, connecting
 * ./safe-fetch.server.ts's.
 */

/**
 * What the outgoing request may reach: addresses and CIDR ranges reachable
 * although private, from the WEBHOOK_ALLOW_ADDRESSES setting (tests, private
 * deployments whose receivers live on the internal network); and, when the
 * INTEGRATION_HOSTS setting lists any, the only host names it may reach
 * (ASVS 13.2.4: an allowlist, not only a denylist of private ranges).
 */
export type AllowList = {
  readonly list: BlockList;
  /** The entries as given, for messages and logs. */
  readonly entries: readonly string[];
  /** INTEGRATION_HOSTS: host names ("hooks.slack.com") and "*." or "**." patterns ("*.webhook.office.com"); empty: any public host. */
  readonly hosts: readonly string[];
};

/**
 * The INTEGRATION_HOSTS entries, lower case; throws on an entry that is not a
 * host pattern, naming it (the environment's schema refused it
 * already: this is for a caller that skips it).
 */
function parseHosts(value: string): string[] {
  const entries = settingEntries(value);
  const wrong = entries.find((entry) => !isHostEntry(entry));
  if (wrong !== undefined) throw new Error(`INTEGRATION_HOSTS: "${wrong}" is not ${HOST_NAME}.`);
  return entries.map(hostEntry);
}

/** Whether an integration may reach `host` under the allow list's host names (any when there are none). */
export function hostAllowed(host: string, allow: AllowList): boolean {
  if (allow.hosts.length === 0) return true;
  const name = hostEntry(host);
  return allow.hosts.some((entry) => hostMatches(name, entry));
}

/**
 * The allow list written as addresses and CIDR ranges, separated by commas
 * or spaces ("127.0.0.1, ::1, 10.0.0.0/8"); empty allows nothing; and the
 * host names of INTEGRATION_HOSTS (empty: any public host). Throws on an
 * entry that is neither, naming it, so a typo in a setting stops the start
 * rather than silently allowing less (or more) than meant.
 */
export function parseAllowList(value: string, hosts = ""): AllowList {
  const list = new BlockList();
  const entries = settingEntries(value);
  for (const entry of entries) {
    const range = addressRange(entry);
    if (!range) throw new Error(`WEBHOOK_ALLOW_ADDRESSES: "${entry}" is not ${ADDRESS_RANGE}.`);
    const type = range.family === 4 ? "ipv4" : "ipv6";
    if (range.prefix === undefined) list.addAddress(range.address, type);
    else list.addSubnet(range.address, range.prefix, type);
  }
  return { list, entries, hosts: parseHosts(hosts) };
}

/** The allow list a site's settings make: WEBHOOK_ALLOW_ADDRESSES and INTEGRATION_HOSTS. */
export const allowListOf = (env: { WEBHOOK_ALLOW_ADDRESSES: string; INTEGRATION_HOSTS: string }) =>
  parseAllowList(env.WEBHOOK_ALLOW_ADDRESSES, env.INTEGRATION_HOSTS);

const UNSPECIFIED = "an unspecified address";
const LOOPBACK = "a loopback address";
const PRIVATE = "a private address";
const LINK_LOCAL = "a link-local address (cloud metadata included)";
const MULTICAST = "a multicast address";
const RESERVED = "a reserved address";

/** IPv4 ranges no webhook may reach (RFC 6890 special-purpose, multicast, reserved), most specific first. */
const IPV4_REFUSED: [base: string, prefix: number, reason: string][] = [
  ["0.0.0.0", 8, UNSPECIFIED],
  ["10.0.0.0", 8, PRIVATE],
  ["100.64.0.0", 10, `${PRIVATE} (carrier-grade NAT)`],
  ["127.0.0.0", 8, LOOPBACK],
  ["169.254.0.0", 16, LINK_LOCAL],
  ["172.16.0.0", 12, PRIVATE],
  ["192.0.0.0", 24, RESERVED],
  ["192.0.2.0", 24, `${RESERVED} (documentation)`],
  ["192.88.99.0", 24, `${RESERVED} (6to4 relay)`],
  ["192.168.0.0", 16, PRIVATE],
  ["198.18.0.0", 15, `${RESERVED} (benchmarking)`],
  ["198.51.100.0", 24, `${RESERVED} (documentation)`],
  ["203.0.113.0", 24, `${RESERVED} (documentation)`],
  ["224.0.0.0", 4, MULTICAST],
  ["255.255.255.255", 32, "a broadcast address"],
  ["240.0.0.0", 4, RESERVED],
];

const ipv4Number = (address: string) => address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);

const IPV4_RULES = IPV4_REFUSED.map(([base, prefix, reason]) => {
  const size = 2 ** (32 - prefix);
  const start = ipv4Number(base);
  return { start, end: start + size - 1, reason };
});

/** Why the IPv4 address (dotted quad) is refused by the table alone, or null. */
function ipv4Refusal(address: string): string | null {
  const value = ipv4Number(address);
  return IPV4_RULES.find((rule) => value >= rule.start && value <= rule.end)?.reason ?? null;
}

/** The 16 bytes of an IPv6 address that net.isIP accepted (zone removed). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1]!.split(".").map(Number));
    text = text.slice(0, -dotted[1]!.length) + "0:0";
  }
  const [head = "", rest] = text.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const first = groups(head);
  const last = rest === undefined ? [] : groups(rest);
  const words = [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

const dottedQuad = (bytes: number[]) => bytes.join(".");
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const zeros = (count: number) => Array<number>(count).fill(0);

/** Why the IPv6 address is refused, judging IPv4 inside it by the IPv4 rules, or null. */
function ipv6Refusal(bytes: number[], allow: AllowList): string | null {
  if (bytes.every((byte) => byte === 0)) return UNSPECIFIED;
  if (startsWith(bytes, [...zeros(15), 1])) return LOOPBACK;
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and IPv4-translated
  // (::ffff:0:a.b.c.d): the host's stack reaches the IPv4 address itself.
  if (
    startsWith(bytes, [...zeros(10), 0xff, 0xff]) ||
    startsWith(bytes, zeros(12)) ||
    startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])
  ) {
    return refusalOf(dottedQuad(bytes.slice(12)), allow);
  }
  // NAT64 and 6to4 reach the embedded IPv4 address through a gateway.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) {
    const reason = ipv4Refusal(dottedQuad(bytes.slice(12)));
    return reason && `${reason} (inside a NAT64 address)`;
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) return `${PRIVATE} (local-use NAT64)`;
  if (startsWith(bytes, [0x20, 0x02])) {
    const reason = ipv4Refusal(dottedQuad(bytes.slice(2, 6)));
    return reason && `${reason} (inside a 6to4 address)`;
  }
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return `${RESERVED} (Teredo)`;
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8]) || (bytes[0] === 0x3f && bytes[1] === 0xff && bytes[2]! < 0x10))
    return `${RESERVED} (documentation)`;
  if (startsWith(bytes, [0x01, 0, ...zeros(6)])) return `${RESERVED} (discard)`;
  const [first = 0, second = 0] = bytes;
  if ((first & 0xfe) === 0xfc) return `${PRIVATE} (unique local)`;
  if (first === 0xfe && (second & 0xc0) === 0x80) return LINK_LOCAL;
  if (first === 0xfe && (second & 0xc0) === 0xc0) return `${PRIVATE} (site-local)`;
  if (first === 0xff) return MULTICAST;
  // Only global unicast (2000::/3) is assigned for the public internet.
  if ((first & 0xe0) !== 0x20) return RESERVED;
  return null;
}

/**
 * Null when a webhook may reach the IP address; otherwise why not, as a
 * short phrase ("a loopback address", "a private address", "a link-local
 * address (cloud metadata included)"…). IPv6 forms of an IPv4 address
 * (mapped, compatible, NAT64, 6to4) are judged by the IPv4 address inside.
 * Anything in `allow` is permitted (an IPv4-mapped address too when its IPv4
 * address is listed: the host's stack connects to that IPv4 address).
 */
export function refusalOf(address: string, allow: AllowList): string | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return "not an IP address";
  if (allow.list.check(bare, family === 4 ? "ipv4" : "ipv6")) return null;
  return family === 4 ? ipv4Refusal(bare) : ipv6Refusal(ipv6Bytes(bare), allow);
}
