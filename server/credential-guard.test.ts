import express from "express";
import { afterAll, describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { credentialGuard } from "./credential-guard";
import { serveOnLoopback } from "../test/support/raw-http";

/** An endpoint that wants `Bearer right`, behind the guard; TRUST_PROXY-style client addresses from X-Forwarded-For. */
const KEY = "right-key-0123456789";
const log = createMemoryLogger();
const app = express();
app.set("trust proxy", true);
app.get("/guarded", credentialGuard({ endpoint: "/guarded", log, limit: 3 }), (req, res) => {
  if (req.get("authorization") !== `Bearer ${KEY}`) return void res.status(401).json({ error: "Unauthorized" });
  res.json({ ok: true });
});
const served = await serveOnLoopback(app);
const url = `${served.base}/guarded`;
afterAll(() => served.close());

const call = (client: string, key: string) =>
  fetch(url, { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": client } });

describe("a bearer-guarded endpoint", () => {
  test("limits wrong keys per client with 429 and Retry-After, logs each refusal without the key, spares others", async () => {
    // The right key is never counted: many good calls, then three wrong ones still get 401.
    for (let i = 0; i < 5; i++) expect((await call("198.51.100.1", KEY)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call("198.51.100.1", `guess-${i}`)).status).toBe(401);
    const limited = await call("198.51.100.1", "guess-3");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Locked out is locked out: a correct guess from that client does not get through in the window.
    expect((await call("198.51.100.1", KEY)).status).toBe(429);
    // Another client is unaffected.
    expect((await call("198.51.100.2", KEY)).status).toBe(200);
    expect((await call("198.51.100.2", "wrong")).status).toBe(401);

    const events = log.entries.filter((entry) => entry.msg === "security event");
    expect(events.filter((e) => e.event === "credential-refused")).toEqual([
      ...[0, 1, 2].map(() => expect.objectContaining({ endpoint: "/guarded", client: "198.51.100.1" })),
      expect.objectContaining({ client: "198.51.100.2" }),
    ]);
    expect(events.filter((e) => e.event === "credential-attempts-limited")).toHaveLength(2);
    const lines = JSON.stringify(log.entries);
    for (const secret of [KEY, "guess-", "wrong"]) expect(lines).not.toContain(secret);
  });
});
