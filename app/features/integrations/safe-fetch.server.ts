import type { IncomingMessage } from "node:http";
import { request } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { rootCertificates } from "node:tls";
import type { AllowList } from "./address-rules.server";
import {
  bareHost,
  checkEndpointUrl,
  RefusedRequestError,
  refusedAmong,
  systemLookup,
  type Resolver,
} from "./endpoint-url.server";

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

/** One answer: its status, how long it took, and its body (the first maxBytes bytes, as UTF-8). */
export type PostOutcome = { status: number; latencyMs: number; body: string; truncated: boolean };

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
        const refused = refusedAmong(hostname, addresses, allow);
        if (refused) return fail(refused);
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
  const host = bareHost(target);
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
