/**
 * Where a visit came from, in the terms the traffic figures and the
 * enquiries keep (docs/decisions/024-traffic-figures.md): never a full URL,
 * never a query string, only
 *
 * - the referrer: "direct" (no Referer, or one that is not a web address),
 *   the other site's host ("google.com", "www." dropped), or for a page of
 *   this site its path ("/product"; a path that is not one of the site's
 *   pages is "(this site)");
 * - the five utm_* parameters of the page's own URL (the site's e-mails add
 *   them to every call to action: SPEC "Emails"), each trimmed and cut to
 *   UTM_MAX_LENGTH characters; a value that holds an "@" (an address pasted
 *   into a link) is dropped.
 *
 * Pure and client-safe: the server's counting hook, the enquiry pages'
 * loaders and the enquiry form's action share it.
 */

import { decodedOnce, singleLine } from "./text";

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_variant", "utm_cta"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
/** The utm_* values of a URL (absent ones left out). */
export type Utm = Partial<Record<UtmKey, string>>;

/** The longest utm_* value kept (the e-mails' campaign slugs are at most 40 characters). */
export const UTM_MAX_LENGTH = 64;
/** The longest referrer kept (a host name is at most 253 characters; none of the site's paths is long). */
export const REFERRER_MAX_LENGTH = 100;

export const DIRECT = "direct";
/** A page of this site that is not one of its public pages (a 404's address, a console page). */
export const THIS_SITE = "(this site)";

/**
 * What marks a utm_* value as a person's, not a campaign's: an address (its
 * "@", once the value is read as it would print: NFKC makes "＠" an "@", and
 * a "%40" left encoded is decoded), or a phone number: a "+" or a leading 0
 * (not inside a number) and nine digits or more in all, with only spaces and
 * brackets between them. A date ("2026-11-29", "20261129") and an ad
 * platform's numeric campaign id ("12345678901") stay.
 */
// No lookbehind for "not inside a number": this runs in the browser too, and Safari before 16.4 cannot parse one.
const PERSONAL = /@|(?:^|\D)(?:\+\s*\d|\(?0)(?:[\s()]*\d){8,}/;

/**
 * A utm_* value as kept: read as it prints (NFKC, decoded once more), one
 * line (singleLine), cut; null when nothing is left or it holds an address or
 * a phone number (PERSONAL). Names cannot be told from words: a link carries
 * what whoever made it wrote (docs/decisions/024-traffic-figures.md).
 */
export function cleanUtmValue(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = singleLine(decodedOnce(value.normalize("NFKC")).normalize("NFKC"));
  if (!text || PERSONAL.test(text)) return null;
  return text.slice(0, UTM_MAX_LENGTH).trim() || null;
}

/** The utm_* parameters of a query string, each cleaned (cleanUtmValue). */
export function utmOf(params: URLSearchParams): Utm {
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = cleanUtmValue(params.get(key));
    if (value) utm[key] = value;
  }
  return utm;
}

/** The utm_* parameters of a request target ("/contact?utm_source=email"), parsing only when it has a query. */
export function utmOfTarget(target: string): Utm {
  const query = target.indexOf("?");
  if (query < 0 || !target.includes("utm_", query)) return {};
  return utmOf(new URLSearchParams(target.slice(query + 1)));
}

export type ReferrerContext = {
  /** The hosts that are this site ("www.maternis.health", "localhost:3000"): the request's Host and SITE_URL's. */
  ownHosts: readonly string[];
  /** The page a path of this site is, or null when it is none of the site's public pages. */
  pagePath: (path: string) => string | null;
};

/** A host as kept: lower case, without "www." and without a trailing dot. */
function hostLabel(host: string) {
  return host
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "")
    .slice(0, REFERRER_MAX_LENGTH);
}

/**
 * The referrer of a request to this site, from its Referer: this site is the
 * request's own `host` and SITE_URL's host (`siteHost`). Every request that
 * records one (a page view, an enquiry form) reads it here.
 */
export function referrerOfRequest(
  referer: string | null | undefined,
  host: string,
  siteHost: string,
  pagePath: ReferrerContext["pagePath"],
): string {
  return referrerOf(referer, { ownHosts: [host, siteHost], pagePath });
}

/** The referrer of a request, from its Referer header: "direct", a host, or a path of this site. */
export function referrerOf(referer: string | null | undefined, context: ReferrerContext): string {
  if (!referer) return DIRECT;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return DIRECT;
  }
  if (!url.host || !["http:", "https:", "android-app:"].includes(url.protocol)) return DIRECT;
  const own = context.ownHosts.some((host) => host.toLowerCase() === url.host.toLowerCase());
  if (own) return context.pagePath(url.pathname) ?? THIS_SITE;
  // Only a site's name: an app's "host" (android-app:) is free text, and an IP address names a machine, not a site.
  const label = hostLabel(url.hostname);
  return isReferrerLabel(label) ? label : DIRECT;
}

/** An IPv4 address (an IPv6 one comes in brackets, which a site's name never holds). */
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;

/** A referrer as the enquiry form carries it back, checked again: "direct", a site's name (never an IP address), a path, or "(this site)". */
export function isReferrerLabel(value: string): boolean {
  if (value.length === 0 || value.length > REFERRER_MAX_LENGTH) return false;
  if (value === DIRECT || value === THIS_SITE) return true;
  if (value.startsWith("/")) return /^\/[a-z0-9/_-]*$/.test(value);
  return /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(value) && !IPV4.test(value);
}

/** How a referrer reads in the console: "Direct (no referrer)", "google.com", "This site: /product". */
export function referrerText(referrer: string): string {
  if (referrer === DIRECT) return "Direct (no referrer)";
  if (referrer === THIS_SITE) return "This site (another page)";
  if (referrer.startsWith("/")) return `This site: ${referrer}`;
  return referrer;
}
