import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "~/platform/log.server";

/**
 * Anti-automation for an endpoint guarded by a bearer key (the communication
 * API, /metrics): ASVS 6.3.1 / 16.3.
 *
 * - Every refused credential (the endpoint answered 401) is a structured
 *   security event: the endpoint and the client's address, never the key.
 * - Refusals are counted per client: after `limit` in `windowMs` that client
 *   gets 429 with Retry-After until the window ends, whatever key it sends
 *   (a correct guess must not get through either). Requests that pass the key
 *   check are not counted, so a service with the right key is never slowed by
 *   this, and other clients are never affected.
 */
export function credentialGuard(options: {
  endpoint: string;
  log: Logger;
  limit?: number;
  windowMs?: number;
}): RequestHandler {
  const { endpoint, log, limit = 10, windowMs = 60_000 } = options;
  const limiter = rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // We deliberately ignore X-Forwarded-For unless TRUST_PROXY says so (req.ip follows it).
    validate: { xForwardedForHeader: false, trustProxy: false },
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    handler: (req, res, _next, opts) => {
      log.warn("security event", {
        event: "credential-attempts-limited",
        endpoint,
        client: req.ip,
        limit,
        windowSeconds: windowMs / 1000,
      });
      res.status(opts.statusCode).set("Cache-Control", "no-store").json({ error: "Too many attempts" });
    },
  });
  return (req, res, next) => {
    res.on("finish", () => {
      if (res.statusCode === 401) {
        log.warn("security event", { event: "credential-refused", endpoint, client: req.ip });
      }
    });
    void limiter(req, res, next);
  };
}
