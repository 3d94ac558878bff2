import { promises as dns } from "node:dns";
import type { IncomingMessage } from "node:http";
import { request } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { rootCertificates } from "node:tls";

/**
 * Outgoing webhooks (Slack, Microsoft Teams, generic signed webhooks) go to
 * addresses an admin types in, so the server must never be turned into a
 * proxy towards itself, the private network or the cloud's metadata service
 * (server-side request forgery). Only https: is spoken, IP literals are
 * checked before the request, and host names are checked at connect time,
 * on exactly the addresses the socket will connect to: no gap between the
 * check and the connection for DNS rebinding to slip through. Redirects are
 * never followed (a 3xx is an answer like any other).
 *
 * Webhook addresses are secrets (whoever has a Slack or Teams webhook URL can
 * post to the channel), so no message here ever contains a URL's path or
 * query: only its host.
 */

/**
 * What the outgoing request may reach although private: addresses and CIDR
 * ranges from the WEBHOOK_ALLOW_ADDRESSES setting (tests, private
 * deployments whose receivers live on the internal network).
 */
export type AllowList = {
  readonly list: BlockList;
  /** The entries as given, for messages and logs. */
  readonly entries: readonly string[];
};

/**
 * The allow list written as addresses and CIDR ranges, separated by commas
 * or spaces ("127.0.0.1, ::1, 10.0.0.0/8"); empty allows nothing. Throws on
 * an entry that is neither, naming it, so a typo in the setting stops the
 * start rather than silently allowing less (or more) than meant.
 */
export function parseAllowList(value: string): AllowList {
  const list = new BlockList();
  const entries = value.split(/[\s,]+/).filter((entry) => entry !== "");
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const invalid = () =>
      new Error(
        `WEBHOOK_ALLOW_ADDRESSES: "${entry}" is not an IP address or CIDR range (such as 127.0.0.1, ::1 or 10.0.0.0/8).`,
      );
    if (family === 0 || extra !== undefined || /%/.test(address)) throw invalid();
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address, type);
    } else {
      if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) throw invalid();
      list.addSubnet(address, Number(prefix), type);
    }
  }
  return { list, entries };
}

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

/** The longest webhook address accepted. */
export const MAX_URL_LENGTH = 2_048;

/**
 * Whether `text` may be saved as a webhook endpoint: an https: URL, no
 * credentials in it, at most 2,048 characters, and, when its host is an IP
 * literal, an address webhooks may reach. Host names are not resolved here:
 * what they resolve to now says nothing about the moment of sending, so
 * postJson checks them at connect time. The errors are sentences for the
 * admin, naming the host at most (never the path or query: they hold the
 * webhook's secret).
 */
export function checkEndpointUrl(
  text: string,
  allow: AllowList,
): { ok: true; url: URL } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed.length > MAX_URL_LENGTH)
    return { ok: false, error: `The address is too long: at most ${MAX_URL_LENGTH.toLocaleString("en")} characters.` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: "This is not a valid web address." };
  }
  if (url.protocol !== "https:") return { ok: false, error: "Use an https:// address." };
  if (url.username !== "" || url.password !== "")
    return { ok: false, error: "Remove the user name and password from the address." };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0) {
    const reason = refusalOf(host, allow);
    if (reason) return { ok: false, error: `${host} is ${reason}, which webhooks may not reach.` };
  }
  return { ok: true, url };
}

/** One answer: its status, how long it took, and its body (the first maxBytes bytes, as UTF-8). */
export type PostOutcome = { status: number; latencyMs: number; body: string; truncated: boolean };

/** A request refused by the rules above: not https, credentials, an address webhooks may not reach. */
export class RefusedRequestError extends Error {
  override name = "RefusedRequestError";
}

type Resolved = { address: string; family: 4 | 6 };
type Resolver = (hostname: string) => Promise<Resolved[]>;

export type PostJsonOptions = {
  headers?: Record<string, string>;
  allow: AllowList;
  /** The whole request, connecting and reading the answer included. */
  timeoutMs?: number;
  /** Stop reading the answer after this many bytes (`truncated`). */
  maxBytes?: number;
  /** A CA to trust besides the system's (tests, private CAs). */
  ca?: string;
  /** Resolves host names; dns.lookup (the system's resolver, /etc/hosts included) by default. */
  lookup?: Resolver;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 65_536;
const USER_AGENT = "Maternis-Webhooks/1";

const systemLookup: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * net.connect's `lookup`: resolves with `resolve`, refuses when any address
 * is one webhooks may not reach (a host name with one private address among
 * public ones is a host name pointing inside), and otherwise hands Node the
 * addresses just checked, which are the ones it connects to. With `all`
 * (Node's happy-eyeballs connect) every address, all of them checked;
 * otherwise the first.
 */
function checkedLookup(resolve: Resolver, allow: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (error: Error) => (options.all ? callback(error, []) : callback(error, ""));
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first) return fail(Object.assign(new Error(`Host name not found (${hostname})`), { code: "ENOTFOUND" }));
        for (const { address } of addresses) {
          const reason = refusalOf(address, allow);
          if (reason)
            return fail(
              new RefusedRequestError(`${hostname} resolves to ${address}, ${reason}, which webhooks may not reach.`),
            );
        }
        if (options.all)
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "Connection refused",
  ECONNRESET: "Connection reset",
  EPIPE: "Connection reset",
  ETIMEDOUT: "Connection timed out",
  EHOSTUNREACH: "Host unreachable",
  ENETUNREACH: "Network unreachable",
  EAI_AGAIN: "Host name lookup failed (try again later)",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS: the certificate does not match the host name",
};

/**
 * A short message for a failed request: Node's own messages name at most the
 * address and port, but a fixed text per code is shorter and certain to hold
 * no part of the URL. The original error stays as `cause` for the logs.
 */
function requestFailure(error: unknown, hostname: string): Error {
  if (error instanceof RefusedRequestError) return error;
  const { code, reason, message } = (error ?? {}) as { code?: unknown; reason?: unknown; message?: unknown };
  const text = typeof code === "string" ? NETWORK_ERRORS[code] : undefined;
  if (text) return new Error(text, { cause: error });
  if (code === "ENOTFOUND") return new Error(`Host name not found (${hostname})`, { cause: error });
  if (typeof code === "string" && code.startsWith("ERR_SSL_"))
    return new Error(`TLS: ${typeof reason === "string" ? reason : code}`, { cause: error });
  // Certificate verification failures carry OpenSSL's code and a short text ("self-signed certificate").
  if (typeof code === "string" && /CERT|SIGNED|ISSUER|VERIFY|CRL/.test(code) && !code.startsWith("ERR_"))
    // Node 24 appends advice ("; if the root CA is installed locally, …"): the first clause is the reason.
    return new Error(`TLS: ${typeof message === "string" ? message.split(";")[0] : code}`, { cause: error });
  if (typeof code === "string") return new Error(`Request failed (${code})`, { cause: error });
  return new Error(typeof message === "string" && message !== "" ? message : "Request failed", { cause: error });
}

/** The request headers: ours, then the caller's (replacing ours by name), and always the body's length. */
function requestHeaders(given: Record<string, string>, length: number): Record<string, string | number> {
  const headers: Record<string, string | number> = { "content-type": "application/json", "user-agent": USER_AGENT };
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    if (lower === "content-length") continue;
    delete headers[lower];
    headers[name] = value;
  }
  headers["content-length"] = length;
  return headers;
}

/**
 * POSTs `body` (JSON text) to a webhook `url` under the rules above, and
 * resolves with whatever status came back (3xx included: never followed;
 * the caller treats anything but 2xx as a failure). Rejects with a
 * RefusedRequestError for an address webhooks may not reach, and with a short
 * Error for network and TLS failures and for a request that took longer than
 * `timeoutMs` in all (its socket destroyed).
 */
export async function postJson(url: string, body: string, options: PostJsonOptions): Promise<PostOutcome> {
  const check = checkEndpointUrl(url, options.allow);
  if (!check.ok) throw new RefusedRequestError(check.error);
  const target = check.url;
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host) !== 0;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const payload = Buffer.from(body, "utf8");
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);

  return new Promise<PostOutcome>((resolve, reject) => {
    let settled = false;
    const onTimeout = () => {
      settle(new Error(`Timed out after ${timeoutMs / 1000} s`));
      req.destroy();
    };
    function settle(outcome: PostOutcome | Error) {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onTimeout);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    }

    const req = request({
      protocol: "https:",
      hostname: host,
      port: target.port === "" ? 443 : Number(target.port),
      path: `${target.pathname}${target.search}`,
      method: "POST",
      headers: requestHeaders(options.headers ?? {}, payload.length),
      agent: false,
      ca: options.ca === undefined ? undefined : [...rootCertificates, options.ca],
      // SNI and certificate checks use the host name, whatever address it resolved to.
      servername: literal ? undefined : host,
      // Node resolves no IP literal (checkEndpointUrl judged it above).
      lookup: literal ? undefined : checkedLookup(options.lookup ?? systemLookup, options.allow),
    });
    signal.addEventListener("abort", onTimeout, { once: true });

    req.on("error", (error) => settle(requestFailure(error, host)));
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const decoder = new StringDecoder("utf8");
      let text = "";
      let received = 0;
      const finish = (truncated: boolean) =>
        settle({ status, latencyMs: Math.round(performance.now() - started), body: text, truncated });
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - received;
        received += chunk.length;
        if (chunk.length <= room) {
          text += decoder.write(chunk);
          return;
        }
        // Only whole characters: a character cut at maxBytes is dropped.
        text += decoder.write(chunk.subarray(0, room));
        finish(true);
        res.destroy();
        req.destroy();
      });
      res.on("end", () => {
        text += decoder.end();
        finish(false);
      });
      res.on("error", (error) => settle(requestFailure(error, host)));
      res.on("close", () => {
        if (!res.complete) settle(new Error("Connection closed before the answer was complete"));
      });
    });
    req.end(payload);
  });
}
