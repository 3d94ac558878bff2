import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

/**
 * A test server of one Vitest file (SMTP, the ACS contract server,
 * PostgreSQL): started before the file's tests, stopped after them, and
 * `reset` before each test, so that a test starts from a clean server
 * whatever the previous test's clean-ups did after it ended (a closing
 * worker may still send). Call it at the top of the file, before any
 * `beforeEach` of the file's own; the value it returns is the server itself
 * once a test runs. (Vitest only: Playwright files start theirs directly.)
 */
export function serverPerFile<Server extends { stop(): Promise<unknown> }>(
  name: string,
  start: () => Promise<Server>,
  reset: (server: Server) => unknown = () => {},
): Server {
  let server: Server | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    if (server) await reset(server);
  });
  return new Proxy({} as Server, {
    get(_, key) {
      if (!server) throw new Error(`The ${name} starts before the file's tests: use it inside one`);
      const value: unknown = Reflect.get(server, key, server);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(server) : value;
    },
  });
}

/**
 * The SMTP test server of one Vitest file (./smtp.ts). Before each test its
 * mail is forgotten, its refused recipients, delay, outage and counts are
 * back to none, and it is running again if a test stopped it.
 */
export function smtpServerPerFile(): TestSmtpServer {
  return serverPerFile("SMTP test server", startSmtpServer, async (server) => {
    server.received.length = 0;
    server.reject.clear();
    server.defer.clear();
    server.options.delayMs = 0;
    server.options.outage = null;
    server.refused.messages = server.refused.connections = 0;
    await server.start();
  });
}

/**
 * What a file's tests open (pipelines, stores) and the clean-ups they leave
 * (temporary folders, listening servers): after each test, whatever is in
 * `open` is closed, then every clean-up runs. `closeNow` closes one of them
 * within the test (a restart, a process that goes away).
 */
export function closedAfterEach<Open extends { close(): Promise<unknown> }>() {
  const open: Open[] = [];
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  async function closeNow(item: Open) {
    open.splice(open.indexOf(item), 1);
    await item.close();
  }
  return { open, cleanups, closeNow };
}
