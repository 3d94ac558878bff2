import { afterEach, describe, expect, test, vi } from "vitest";
import { createGate } from "./worker.server";
import { mapBounded } from "~/platform/queue.server";
import { rateLimitDelay, SendError, SMTP_BUSY_DELAY_MS } from "~/platform/mail/transport.server";

describe("rate-limit replies slow the worker", () => {
  const http429 = (retryAfter?: string) => ({
    statusCode: 429,
    response: { headers: { get: (name: string) => (name === "retry-after" ? retryAfter : undefined) } },
  });

  test("SMTP 421 and 450-452 are 'busy'; 5xx and other errors are failures", () => {
    for (const responseCode of [421, 450, 451, 452]) expect(rateLimitDelay({ responseCode })).toBe(SMTP_BUSY_DELAY_MS);
    for (const responseCode of [500, 550, 554, 454]) expect(rateLimitDelay({ responseCode })).toBeUndefined();
    expect(rateLimitDelay(new Error("connection reset"))).toBeUndefined();
    expect(rateLimitDelay(undefined)).toBeUndefined();
  });

  test("HTTP 429 waits as long as Retry-After says (seconds or a date), within 1-30 s", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(rateLimitDelay(http429("7"), now)).toBe(7_000);
    expect(rateLimitDelay(http429("Mon, 23 Nov 2026 10:00:12 GMT"), now)).toBe(12_000);
    expect(rateLimitDelay(http429("0"), now)).toBe(1_000);
    expect(rateLimitDelay(http429("3600"), now)).toBe(30_000);
    expect(rateLimitDelay(http429(), now)).toBe(SMTP_BUSY_DELAY_MS);
    expect(rateLimitDelay({ statusCode: 503 })).toBeUndefined();
  });

  test("a SendError keeps the delay of the provider error it wraps, through further wrapping", () => {
    const inner = new SendError("Too many messages", { cause: { responseCode: 421 } });
    expect(inner.retryAfterMs).toBe(SMTP_BUSY_DELAY_MS);
    expect(rateLimitDelay(new SendError("again", { cause: inner }))).toBe(SMTP_BUSY_DELAY_MS);
    expect(new SendError("Recipient rejected", { cause: { responseCode: 550 } }).retryAfterMs).toBeUndefined();
  });
});

describe("mapBounded", () => {
  test("keeps the input order and never runs more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const results = await mapBounded([50, 10, 30, 0, 20, 5], 2, async (ms) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(results).toEqual([100, 20, 60, 0, 40, 10]);
    expect(peak).toBe(2);
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe("the send gate", () => {
  afterEach(() => vi.useRealTimers());

  test("is open until a provider asks for a wait, then holds every send until it has passed", async () => {
    vi.useFakeTimers();
    const gate = createGate();
    let passed = 0;
    const pass = () => gate.open().then(() => void passed++);
    // Open: passes with no time going by.
    await pass();
    expect(passed).toBe(1);

    gate.closeFor(120);
    gate.closeFor(20); // a shorter request never reopens it early
    const both = Promise.all([pass(), pass()]);
    await vi.advanceTimersByTimeAsync(119);
    expect(passed).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await both;
    expect(passed).toBe(3);
  });
});
