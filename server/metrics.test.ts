import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import type { BearerKeys } from "~/platform/bearer.server";
import { createMetrics, routeKind } from "./metrics";

const TOKEN = "metrics-test-token-0123456789abcdef";

describe("route kinds", () => {
  test("group paths into a few labels", () => {
    expect(routeKind("/")).toBe("page");
    expect(routeKind("/contact")).toBe("page");
    expect(routeKind("/contact.data")).toBe("data");
    expect(routeKind("/assets/root-abc123.js")).toBe("asset");
    expect(routeKind("/favicon.ico")).toBe("static");
    expect(routeKind("/healthz")).toBe("health");
    expect(routeKind("/metrics")).toBe("metrics");
    expect(routeKind("/functions/v1/azure-communication")).toBe("api");
  });
});

describe("GET /metrics", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(keys: BearerKeys = { current: TOKEN }, log = createMemoryLogger()) {
    const metrics = createMetrics({
      deliveryStats: async () => ({ byStatus: { queued: 3, sent: 40, dead: 2 }, oldestWaitingSeconds: 754 }),
    });
    const app = express();
    app.get("/metrics", metrics.handler(keys, log));
    app.get("/contact", (_req, res) => void res.send("ok"));
    server = http.createServer((req, res) => {
      metrics.observe(req, res);
      app(req, res);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    return { metrics, url };
  }

  test("refuses a request without the bearer token, or with another", async () => {
    const { url } = await serve();
    for (const headers of [{}, { Authorization: "Bearer wrong" }, { Authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.text()).not.toContain("http_requests_total");
    }
    // Positive control: the token itself.
    const right = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
  });

  test("during a rotation it takes the previous token too, and logs each use of it without the token", async () => {
    const previous = "metrics-previous-token-0123456789abcdef";
    const log = createMemoryLogger();
    const { url } = await serve({ current: TOKEN, previous }, log);
    for (const token of [previous, TOKEN]) {
      const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, token === TOKEN ? "current" : "previous").toBe(200);
      expect(await response.text()).toContain("http_requests_total");
    }
    const used = log.entries.filter((entry) => entry.event === "previous-key-used");
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ endpoint: "/metrics" });
    expect(JSON.stringify(log.entries)).not.toContain(previous);
  });

  test("reports requests by kind, enquiries by outcome, the delivery queue and process memory", async () => {
    const { metrics, url } = await serve();
    await fetch(`${url}/contact`);
    metrics.enquiry("demo", "accepted");
    metrics.enquiry("demo", "accepted");
    metrics.enquiry("contact", "spam");
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{kind="page",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{kind="page"\} 1$/m);
    expect(text).toMatch(/^enquiries_total\{kind="demo",outcome="accepted"\} 2$/m);
    expect(text).toMatch(/^enquiries_total\{kind="contact",outcome="spam"\} 1$/m);
    expect(text).toMatch(/^deliveries\{status="queued"\} 3$/m);
    expect(text).toMatch(/^deliveries\{status="failed"\} 0$/m);
    expect(text).toMatch(/^deliveries_dead 2$/m);
    expect(text).toMatch(/^delivery_oldest_queued_seconds 754$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
