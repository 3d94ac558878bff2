import type { IncomingMessage, ServerResponse } from "node:http";
import { agentOf, countedPath, whyNotCounted, type TrafficCounter } from "~/features/traffic/index.server";
import { referrerOfRequest, utmOfTarget } from "~/platform/visit-source";
import { pagePathOf as pagePath } from "~/pages";

/**
 * The traffic figures' hook into the HTTP server (docs/decisions/024-traffic-figures.md),
 * installed before the static layer like the metrics (prerendered pages are
 * answered before Express runs): a request that may count (a GET of a public
 * page by a browser that did not opt out: ~/features/traffic/rules) is
 * watched, and when its response has finished, an HTML page answered 200 or
 * 304, or the not-found page, is recorded. Recording is synchronous and in
 * memory; nothing here can delay or fail a response.
 */
export type TrafficHook = (req: IncomingMessage, res: ServerResponse) => void;

export function trafficHook({
  counter,
  siteUrl,
  clientIp,
}: {
  counter: TrafficCounter;
  /** SITE_URL: a Referer on its host is a page of this site. */
  siteUrl: string;
  /** The client address as Express sees it (TRUST_PROXY honoured). */
  clientIp: (req: IncomingMessage) => string;
}): TrafficHook {
  const siteHost = new URL(siteUrl).host;
  return (req, res) => {
    const target = req.url ?? "/";
    const query = target.indexOf("?");
    const path = query < 0 ? target : target.slice(0, query);
    if (whyNotCounted(req.method, path, req.headers) !== null) return;
    res.once("finish", () => {
      try {
        // The static layer writes its headers with writeHead (not kept for getHeader): a page
        // path it answered is a prerendered page, HTML.
        const type = res.getHeader("content-type") ?? (pagePath(path) ? "text/html" : undefined);
        const counted = countedPath(res.statusCode, type, path, pagePath);
        if (counted === null) return;
        const userAgent = req.headers["user-agent"] ?? "";
        counter.record({
          path: counted,
          referrer: referrerOfRequest(req.headers.referer, req.headers.host ?? "", siteHost, pagePath),
          utm: utmOfTarget(target),
          device: agentOf(userAgent).device,
          ip: clientIp(req),
          userAgent,
        });
      } catch {
        // Never the response's problem: a view not counted.
      }
    });
  };
}
