import { isbot } from "isbot";
import { isStaffPath } from "~/features/console";
import { deviceClass, type DeviceClass } from "~/platform/user-agent";
import { NOT_FOUND_PAGE } from "./traffic";

/**
 * Which requests the traffic figures count (docs/decisions/024-traffic-figures.md):
 * a GET of a public page, by a browser that did not ask not to be tracked,
 * that the person is about to see. The server's hook (server/traffic.ts)
 * asks before the response, then counts only an HTML page answered 200 (or
 * 304, the page the browser already holds) or the not-found page.
 */

/** Header values as Node gives them. */
type Headers = Record<string, string | string[] | undefined>;

/** A header's value ("" when absent). These checks run for every page view: each costs a property read when the header is absent. */
const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return value === undefined ? "" : typeof value === "string" ? value : (value[0] ?? "");
};

/** Why a request is not counted, or null when it may be (its response decides the rest). */
export type NotCounted = "method" | "path" | "console" | "opted-out" | "speculative" | "not-a-document" | "bot";

/** The paths that are never pages: assets, files, data requests, health, metrics, the API. */
export function notAPage(path: string): boolean {
  return (
    path.startsWith("/assets/") ||
    path.startsWith("/functions/") ||
    path === "/healthz" ||
    path === "/readyz" ||
    path === "/metrics" ||
    // A file name: a dot in the last segment (".data" requests among them).
    path.lastIndexOf(".") > path.lastIndexOf("/")
  );
}

/** `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1`: the visitor asked not to be tracked. */
export function optedOut(headers: Headers): boolean {
  const gpc = headers["sec-gpc"];
  const dnt = headers.dnt;
  return (
    (gpc !== undefined && header(headers, "sec-gpc").trim() === "1") ||
    (dnt !== undefined && header(headers, "dnt").trim() === "1")
  );
}

/**
 * A speculative request: the browser fetching a page the visitor may open
 * (the site's own Speculation Rules prefetch same-site links: app/lib/speculation-rules.ts).
 * Chromium sends `Sec-Purpose: prefetch` (`prefetch;prerender` to prerender);
 * older browsers `Purpose: prefetch`, `X-Purpose: preview` or `X-Moz: prefetch`.
 */
export function speculative(headers: Headers): boolean {
  if (
    headers["sec-purpose"] === undefined &&
    headers.purpose === undefined &&
    headers["x-purpose"] === undefined &&
    headers["x-moz"] === undefined
  )
    return false;
  const purpose = [header(headers, "sec-purpose"), header(headers, "purpose"), header(headers, "x-purpose")]
    .join(" ")
    .toLowerCase();
  return /prefetch|prerender|preview/.test(purpose) || header(headers, "x-moz").toLowerCase() === "prefetch";
}

/** A request the browser says is not for a document to show (a fetch(), a frame): `Sec-Fetch-Dest` other than "document". */
export function notADocument(headers: Headers): boolean {
  const dest = header(headers, "sec-fetch-dest");
  return dest !== "" && dest !== "document";
}

/**
 * The part of a user agent that is read (real ones are far shorter, a header may hold 16 KB): what
 * tells a bot, a device and a visitor apart, and what the cache below keeps.
 */
export const USER_AGENT_KEPT = 512;

const agents = new Map<string, { bot: boolean; device: DeviceClass }>();

/**
 * What a user agent is: a bot or crawler (isbot's list, kept by its
 * maintainers; headless browsers are bots too; no user agent at all is a
 * script, not a person's browser), and its device class. A site sees a few
 * hundred agents a day: the last 5,000 are remembered (their first
 * USER_AGENT_KEPT characters), so neither list runs again for a browser already seen.
 */
export function agentOf(userAgent: string): { bot: boolean; device: DeviceClass } {
  const read = userAgent.length > USER_AGENT_KEPT ? userAgent.slice(0, USER_AGENT_KEPT) : userAgent;
  let agent = agents.get(read);
  if (agent === undefined) {
    agent = { bot: !read || isbot(read), device: deviceClass(read) };
    if (agents.size >= 5000) agents.clear();
    agents.set(read, agent);
  }
  return agent;
}

/** A bot or crawler, by its user agent (agentOf). */
export const isBotAgent = (userAgent: string) => agentOf(userAgent).bot;

/** Whether a request may be counted, before its response: null when it may, else why not. */
export function whyNotCounted(method: string | undefined, path: string, headers: Headers): NotCounted | null {
  if (method !== "GET") return "method";
  if (isStaffPath(path)) return "console";
  if (notAPage(path)) return "path";
  if (optedOut(headers)) return "opted-out";
  if (speculative(headers)) return "speculative";
  if (notADocument(headers)) return "not-a-document";
  if (isBotAgent(header(headers, "user-agent"))) return "bot";
  return null;
}

/**
 * What a response counts as: the page's path for an HTML page answered 200
 * (or 304: the browser shows the page it holds), NOT_FOUND_PAGE ("404") for
 * the HTML not-found page (the address asked for is never kept), or null (not a page view: an error, a redirect, not HTML).
 */
export function countedPath(
  status: number,
  contentType: string | number | string[] | undefined,
  path: string,
  pagePath: (path: string) => string | null,
): string | null {
  const type = String(Array.isArray(contentType) ? contentType[0] : (contentType ?? ""));
  if (!type.startsWith("text/html")) return null;
  if (status === 404) return NOT_FOUND_PAGE;
  if (status === 200 || status === 304) return pagePath(path);
  return null;
}
