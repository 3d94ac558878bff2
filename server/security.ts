import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { bannerBootScript } from "~/lib/banner-script";
import { speculationRules } from "~/lib/speculation-rules";
import { hostMatches } from "~/platform/env-values.server";

/** `'sha256-…'` source expression for an inline script's exact text. */
function scriptHash(source: string) {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/** The banner boot script runs on every page; its hash is always allowed. */
export const bannerScriptHash = scriptHash(bannerBootScript);

/** The Speculation Rules (app/lib/speculation-rules.ts) are on every page too. */
export const speculationRulesHash = scriptHash(speculationRules);

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy for a response. Scripts: our own origin plus
 * either a per-response nonce (rendered pages) or the hashes of the inline
 * scripts of a prerendered page, computed at build time. No 'unsafe-inline'
 * for scripts; inline style attributes are allowed (React and Radix set them).
 * `connectSources` adds to connect-src: only the development server uses it,
 * for Vite's hot-reload websocket (server/dev.ts).
 */
export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  connectSources = [],
}: { nonce?: string; scriptHashes?: string[]; connectSources?: string[] } = {}) {
  const scriptSources = ["'self'", bannerScriptHash, speculationRulesHash, ...scriptHashes];
  if (nonce) scriptSources.push(`'nonce-${nonce}'`);
  return [
    "default-src 'self'",
    `script-src ${[...new Set(scriptSources)].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(" ")}`,
    "manifest-src 'self'",
    "media-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Headers every response carries, whatever serves it. */
export const baseSecurityHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-DNS-Prefetch-Control": "off",
  "Origin-Agent-Cluster": "?1",
};

/**
 * Headers of the hashed build files under /assets/ (scripts, styles, fonts):
 * only those that mean something on a subresource. Framing, opener,
 * permissions and the page's script policy apply to documents; on a slow
 * connection their kilobyte, repeated for every file a page loads, is not
 * free. The policy forbids everything, in case a file is opened on its own.
 */
export const subresourceHeaders: Record<string, string> = {
  "Strict-Transport-Security": baseSecurityHeaders["Strict-Transport-Security"]!,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": baseSecurityHeaders["Referrer-Policy"]!,
  "Cross-Origin-Resource-Policy": "same-origin",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Sets the base headers and a default CSP (no nonce) on every response.
 * Rendered pages replace the CSP with a nonce-bearing one (see app.ts), and
 * prerendered pages with their build-time hashes (see static.ts).
 */
export const defaultHeaders: Record<string, string> = {
  ...baseSecurityHeaders,
  "Content-Security-Policy": contentSecurityPolicy(),
};

export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of Object.entries(defaultHeaders)) res.setHeader(name, value);
  next();
};

/**
 * Refuses cross-site form posts before they reach a route action: 403 when
 * the Origin is neither this site's host nor listed in ALLOWED_ACTION_ORIGINS
 * (its patterns read as React Router reads them, hostMatches; an unreadable
 * Origin, "null" included, is neither), or when the browser
 * says the post is cross-site from an Origin not listed.
 */
export function sameOriginPosts(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const origin = req.get("origin");
    const host = origin && URL.canParse(origin) ? new URL(origin).host : undefined;
    const listed = host !== undefined && allowedOrigins.some((pattern) => hostMatches(host, pattern));
    const ownHost = host !== undefined && (host === req.get("host") || host === req.host);
    const crossSite = !listed && (req.get("sec-fetch-site") === "cross-site" || (!!origin && !ownHost));
    if (crossSite) {
      res.status(403).type("text/plain").send("Cross-site form submissions are not accepted.");
      return;
    }
    next();
  };
}
