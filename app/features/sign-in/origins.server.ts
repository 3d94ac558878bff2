/**
 * The one origin the console signs in on (docs/decisions/012-one-origin-and-
 * sign-in-codes.md): SITE_URL's, and, only when SITE_URL is itself a
 * loopback address (`npm start` and `npm run dev` with no SITE_URL, the
 * tests), the other loopback names on the same port (localhost, 127.0.0.1,
 * [::1]), with the same plain cookies. A request for any other host gets no
 * session, no code and no cookie: 421 Misdirected Request.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The origins the console signs in on: SITE_URL's, and when that is loopback, the other loopback names on its port. */
export function consoleOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl);
  if (!LOOPBACK_HOSTS.has(site.hostname)) return [site.origin];
  const port = site.port ? `:${site.port}` : "";
  return [
    site.origin,
    ...[...LOOPBACK_HOSTS].filter((host) => host !== site.hostname).map((host) => `${site.protocol}//${host}${port}`),
  ];
}

/**
 * Whether the console serves a request's URL: its host (name and port, as
 * the Host header gave them) must be SITE_URL's, or with a loopback
 * SITE_URL a loopback name on the same port. The scheme is not compared:
 * TLS may end at a proxy in front (cookies are Secure whenever SITE_URL is https).
 */
export function servesConsole(requestUrl: string, siteUrl: string): boolean {
  const url = new URL(requestUrl);
  const site = new URL(siteUrl);
  if (LOOPBACK_HOSTS.has(site.hostname)) return LOOPBACK_HOSTS.has(url.hostname) && url.port === site.port;
  return url.host === site.host;
}

/**
 * What a request for another host gets from the console: no session, no
 * code, no cookie (no-store, as every console response: server/app.ts).
 */
export function misdirected() {
  return new Response("The staff console is not served at this address.", {
    status: 421,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
