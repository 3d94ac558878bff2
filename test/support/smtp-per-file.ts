import { afterAll, afterEach, beforeAll } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

/**
 * The SMTP test server of one Vitest file (./smtp.ts): started before the
 * file's tests, stopped after them, and after each test its mail forgotten
 * and any outage ended. Call it at the top of the file; the value it returns
 * is the server itself once a test runs. (Vitest only: Playwright files
 * start theirs with startSmtpServer.)
 */
export function smtpServerPerFile(): TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    if (!server) return;
    server.received.length = 0;
    server.options.outage = null;
  });
  return new Proxy({} as TestSmtpServer, {
    get(_, key) {
      if (!server) throw new Error("The SMTP test server starts before the file's tests: use it inside one");
      const value: unknown = Reflect.get(server, key, server);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(server) : value;
    },
  });
}
