import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { preparedDataDir } from "./pglite";
import { startServer, type RunningServer } from "./server-process";
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

/** How long `npm run dev` may take to answer: Vite's first transform of the app is slow on a busy machine. */
export const DEV_START_MS = 240_000;

/**
 * `npm run dev` (server/dev.ts, without the watcher) as a child process for a
 * test file: the real server with Vite in middleware mode, started before the
 * file's tests on a prepared DATA_DIR (`prefix`) with `env`, its output
 * captured; killed and its folder removed after them.
 */
export function devServerPerFile(prefix: string, env: Record<string, string>) {
  let running: RunningServer | undefined;
  let data: { dir: string; remove: () => void } | undefined;
  beforeAll(async () => {
    data = await preparedDataDir(prefix);
    running = await startServer(
      { DATA_DIR: data.dir, ...env },
      { args: ["--import", "tsx", "server/dev.ts"], capture: true, healthTimeoutMs: DEV_START_MS },
    );
  }, DEV_START_MS);
  afterAll(async () => {
    await running?.kill();
    data?.remove();
  });
  return {
    get server(): RunningServer {
      if (!running) throw new Error("the development server has not started");
      return running;
    },
    get dataDir(): string {
      if (!data) throw new Error("the development server has not started");
      return data.dir;
    },
  };
}
