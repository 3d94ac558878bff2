import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it, vi } from "vitest";
import { createLogger, createMemoryLogger } from "./log.server";

describe("logger", () => {
  it("writes one JSON line per entry at or above its level: errors to stderr, the rest to stdout", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const log = createLogger("info", { process: "web" });
      log.debug("hidden");
      log.info("shown", { n: 1 });
      log.error("failed", { err: new Error("boom") });
      expect(out).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(out.mock.calls[0]![0]))).toMatchObject({
        level: "info",
        msg: "shown",
        process: "web",
        n: 1,
      });
      const failure = JSON.parse(String(err.mock.calls[0]![0]));
      expect(failure).toMatchObject({ level: "error", msg: "failed", err: { name: "Error", message: "boom" } });
      expect(failure.err.stack).toContain("log.server.test.ts");
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });

  it("child loggers add their fields; the memory logger keeps entries instead of printing", () => {
    const log = createMemoryLogger();
    log.child({ component: "forms" }).child({ kind: "demo" }).warn("enquiry rate-limited", { retryAfterSeconds: 9 });
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "enquiry rate-limited",
        component: "forms",
        kind: "demo",
        retryAfterSeconds: 9,
      }),
    ]);
  });

  it("says nothing at all when silent", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const log = createLogger("silent");
      log.error("nothing");
      log.info("nothing");
      expect(out).not.toHaveBeenCalled();
      expect(err).not.toHaveBeenCalled();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});

describe("no secret or personal data in a line", () => {
  it("censors credential and contact fields, top-level names and content, and addresses inside any string", () => {
    const log = createMemoryLogger();
    log.info("sent to ama@example.org", {
      authorization: "Bearer abc",
      to: ["ama@example.org"],
      name: "Ama Mensah",
      subject: "Your code 123456",
      request: { cookie: "session=xyz", code: "654321" },
      error: "550 Mailbox unavailable: <kofi@example.org> refused; sms +233 24 123 4567 failed",
      err: new Error("rejected ngozi@example.org"),
      path: "/u/jane.doe%40gmail.com/07700900123",
      other: "call 07700 900123 or 0244 123456",
      short: "sms +290 1234 and +3705 1234 refused",
      deliveryId: "d-1",
    });
    const [entry] = log.entries;
    const line = JSON.stringify(entry);
    for (const secret of [
      "abc",
      "ama@",
      "Ama Mensah",
      "123456",
      "xyz",
      "654321",
      "kofi@",
      "123 4567",
      "ngozi@",
      "jane.doe",
      "900123",
      "290 1234",
      "3705 1234",
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(entry).toMatchObject({
      msg: "sent to [address]",
      authorization: "[redacted]",
      to: "[redacted]",
      name: "[redacted]",
      request: { cookie: "[redacted]", code: "[redacted]" },
      error: "550 Mailbox unavailable: <[address]> refused; sms [phone] failed",
      err: { name: "Error", message: "rejected [address]" },
      path: "[address]/[phone]",
      other: "call [phone] or [phone]",
      short: "sms [phone] and [phone] refused",
      deliveryId: "d-1",
    });
  });

  it("keeps a failed query's SQL and drops the values it was given, from the message and the stack", () => {
    const log = createMemoryLogger();
    const failed = new DrizzleQueryError(
      'insert into "announcements" ("message", "secret") values ($1, $2)',
      ["Clinic closed\r\nX-Injected: yes", "whsec_abc"],
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    );
    log.error("request failed", { err: failed });
    const line = JSON.stringify(log.entries[0]);
    for (const value of ["Clinic closed", "X-Injected", "whsec_abc"]) expect(line).not.toContain(value);
    const { err } = log.entries[0] as unknown as { err: { message: string; stack: string } };
    expect(err.message).toBe(
      'Failed query: insert into "announcements" ("message", "secret") values ($1, $2)\nparams: [redacted]',
    );
    // The stack keeps its frames: only the values went.
    expect(err.stack).toContain("params: [redacted]");
    expect(err.stack).toMatch(/\n {4}at /);
  });
});
