import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppMetrics } from "~/context.server";
import { bearerAccepted, type BearerKeys } from "~/platform/bearer.server";
import type { Logger } from "~/platform/log.server";
import type { EnquiryOutcome } from "~/features/enquiries/service";
import type { DeliveryStats } from "~/features/enquiries/operations.server";

/**
 * The server's Prometheus metrics (`GET /metrics`, text format), off unless
 * METRICS_TOKEN is set, and then only for a request that carries it as a
 * bearer token. One registry per process:
 *
 * - `http_requests_total` and `http_request_duration_seconds` by route kind
 *   (page, data, static, asset, api, health, metrics), method and status;
 * - `enquiries_total` by kind and outcome (accepted, or why it was refused);
 * - `deliveries` by state, `delivery_oldest_queued_seconds` (the age of the
 *   oldest e-mail not yet sent or given up) and `deliveries_dead` (dead
 *   letters), read from the database at each scrape;
 * - Node's process metrics: resident memory, heap, event-loop lag, CPU.
 */

export type ServerMetrics = AppMetrics & {
  registry: Registry;
  /** Times every request (install first: static files are answered before Express). */
  observe(req: IncomingMessage, res: ServerResponse): void;
  /** GET /metrics, for a request carrying METRICS_TOKEN (or, during a rotation, METRICS_TOKEN_PREVIOUS). */
  handler(keys: BearerKeys, log: Logger): RequestHandler;
};

/** The route kind of a path, for labels with a bounded number of values. */
export function routeKind(path: string): string {
  if (path.startsWith("/assets/")) return "asset";
  if (path === "/healthz" || path === "/readyz") return "health";
  if (path === "/metrics") return "metrics";
  if (path.startsWith("/functions/")) return "api";
  if (path.endsWith(".data")) return "data";
  if (/\.[a-z0-9]+$/i.test(path)) return "static";
  return "page";
}

export function createMetrics(options: { deliveryStats?: () => Promise<DeliveryStats> } = {}): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route kind, method and status.",
    labelNames: ["kind", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its response, by route kind.",
    labelNames: ["kind"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const enquiries = new Counter({
    name: "enquiries_total",
    help: "Enquiry form submissions by kind and outcome: accepted, or the reason they were refused.",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });

  const stats = options.deliveryStats;
  if (stats) {
    let latest: Promise<DeliveryStats> | undefined;
    // The three delivery gauges read one query per scrape.
    const read = () => (latest ??= stats().finally(() => setTimeout(() => (latest = undefined), 0)));
    new Gauge({
      name: "deliveries",
      help: "E-mail deliveries by status (queued, sent, failed = will retry, dead = given up).",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const { byStatus } = await read();
        for (const status of ["queued", "sent", "failed", "dead"]) this.set({ status }, byStatus[status] ?? 0);
      },
    });
    new Gauge({
      name: "delivery_oldest_queued_seconds",
      help: "Age of the oldest e-mail not yet sent or given up (0 when the queue is empty).",
      registers: [registry],
      async collect() {
        this.set((await read()).oldestWaitingSeconds);
      },
    });
    new Gauge({
      name: "deliveries_dead",
      help: "E-mails given up after every retry (dead letters): each needs a person.",
      registers: [registry],
      async collect() {
        this.set((await read()).byStatus.dead ?? 0);
      },
    });
  }

  return {
    registry,
    enquiry(kind: string, outcome: EnquiryOutcome) {
      enquiries.inc({ kind, outcome });
    },
    observe(req, res) {
      const start = process.hrtime.bigint();
      res.once("finish", () => {
        const kind = routeKind((req.url ?? "/").split("?")[0]!);
        requests.inc({ kind, method: req.method ?? "GET", status: String(res.statusCode) });
        duration.observe({ kind }, Number(process.hrtime.bigint() - start) / 1e9);
      });
    },
    handler(keys, log) {
      return async (req, res) => {
        res.set("Cache-Control", "no-store");
        if (!bearerAccepted(req, keys, "/metrics", log)) {
          res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("A bearer token is required.");
          return;
        }
        res.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}
