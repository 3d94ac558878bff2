/**
 * Starts the production server from the build (build/node/index.js, or with
 * `args` another entry point such as the development server) on a free
 * loopback port, with a fresh temporary DATA_DIR, for an end-to-end stack, a
 * benchmark, a check script or a fault test, and stops it afterwards.
 * Plain Node can run this module (the benchmark scripts import it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The Node options the site's processes run with: those of `npm run serve`
 * in package.json (`npm start`, `npm run worker` and the operator CLIs give
 * the same; a unit test checks it), so a benchmark or a fault test runs the
 * server exactly as an operator does (docs/decisions/025-memory-recovery-and-load.md).
 */
export const SERVER_NODE_FLAGS: readonly string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return (scripts.serve ?? "").split(/\s+/).filter((word) => word.startsWith("--"));
})();

/** The production build the tests run: BUILD_DIR, or ./build. */
export function buildDir(): string {
  return path.resolve(process.env.BUILD_DIR ?? "build");
}

/** Fails with a clear message when there is no build to run. */
export function assertBuilt(dir = buildDir()) {
  if (!existsSync(path.join(dir, "node", "index.js"))) {
    throw new Error(`No build in ${dir}: run \`npm run build\` first (BUILD_DIR selects the folder).`);
  }
}

/**
 * A port nothing listens on now, for a server about to start on it. Another
 * process (a test file running beside this one) may be given it a moment
 * later: to point something at a port where nothing answers for a while,
 * use refusedPort.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port where connections are refused for as long as the test runs (a mail
 * server that is down). freePort is not enough: a port free now may be given
 * to a server that a test file running beside this one starts a moment
 * later, which would then receive what was meant to fail here. This one lies
 * below the range the system hands out for port 0 (Linux's
 * ip_local_port_range), where no server of the tests is ever put unless asked
 * for by number; it is checked free before it is returned.
 */
export async function refusedPort(): Promise<number> {
  let lowest = 32768;
  try {
    const read = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    // A range that starts low leaves no room below it: then ports below the usual start, which such
    // a system may also hand out (no better than freePort there).
    if (read > 11_000) lowest = read;
  } catch {
    // Not Linux: its usual range.
  }
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (lowest - 10_000));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /**
   * SIGTERM (graceful shutdown); resolves when the process has exited and the
   * temporary DATA_DIR this function made, if any, is removed (see `keepData`).
   */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and resolves as `stop` does. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code (or the signal's name) when the process exits. */
  readonly exited: Promise<number | string | null>;
  /** Its standard output and error so far, when started with `capture: true`. */
  output(): string;
  /**
   * The JSON log entries it has written with message `msg` (all of them without
   * `msg`), when started with `capture: true`: the server's own events, e.g.
   * "delivery sent" (logged once the database records it) or "backup written".
   * Only entries at or above the server's LOG_LEVEL are there.
   */
  logged(msg?: string): LogLine[];
  /** Calls `listener` with each JSON log entry as it arrives (capture only); returns a function that stops it. */
  onLog(listener: (entry: LogLine) => void): () => void;
};

/** One JSON line of the server's log (app/platform/log.server.ts). */
export type LogLine = Record<string, unknown> & { msg: string; level: string };

export type StartServerOptions = {
  /** Keep stdout and stderr in memory (see `output()`) instead of ignoring stdout and inheriting stderr. */
  capture?: boolean;
  /** Pass stdout and stderr through to this process's (the end-to-end stack shows the server's log). */
  inheritOutput?: boolean;
  /** Node options for the server after {@link SERVER_NODE_FLAGS} (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** The prefix of the temporary DATA_DIR, when `env` gives none. */
  dataPrefix?: string;
  /**
   * Keep that temporary DATA_DIR (and its folder, with the key file) after `stop` or `kill`, to read
   * its database or start another server on it; the caller removes `path.dirname(dataDir)`.
   * Otherwise it goes with the server, so a test run leaves none behind.
   */
  keepData?: boolean;
  /** Listen on this port instead of a free one (e.g. to restart on the same address). */
  port?: number;
  /**
   * How long to wait for /healthz (default 120 s: a fresh embedded database
   * takes seconds of CPU to create, many more on a busy 2-core machine).
   */
  healthTimeoutMs?: number;
  /** The build folder (default BUILD_DIR or ./build). */
  buildDir?: string;
  /** Node's arguments, to start another entry point (default: the build's node/index.js). */
  args?: string[];
};

export async function startServer(
  env: Record<string, string> = {},
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // `data` in a folder of its own: the key file the server creates beside it (data-keys.env) stays in that folder.
  let dataDir = env.DATA_DIR;
  let madeFolder: string | undefined;
  if (!dataDir) {
    madeFolder = mkdtempSync(path.join(tmpdir(), options.dataPrefix ?? "maternis-server-"));
    dataDir = path.join(madeFolder, "data");
    mkdirSync(dataDir);
  }
  const removeMadeFolder = () => {
    if (madeFolder && !options.keepData) rmSync(madeFolder, { recursive: true, force: true });
  };
  const build = path.resolve(options.buildDir ?? buildDir());
  const child = spawn(
    process.execPath,
    options.args ?? [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), path.join(build, "node/index.js")],
    {
      stdio: options.capture
        ? ["ignore", "pipe", "pipe"]
        : options.inheritOutput
          ? ["ignore", "inherit", "inherit"]
          : ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        BUILD_DIR: build,
        ...env,
      },
    },
  );
  let captured = "";
  const keep = (chunk: Buffer) => {
    captured += chunk.toString("utf8");
    // Bounded: only the end matters when a test explains a failure.
    if (captured.length > 2_000_000) captured = captured.slice(-1_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // The log as entries, not bounded like `captured`: waits count events from the start.
  const entries: LogLine[] = [];
  const listeners = new Set<(entry: LogLine) => void>();
  const parseLines = () => {
    let rest = "";
    return (chunk: Buffer) => {
      rest += chunk.toString("utf8");
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        let entry: LogLine;
        try {
          entry = JSON.parse(line) as LogLine;
        } catch {
          continue;
        }
        if (typeof entry.msg !== "string") continue;
        entries.push(entry);
        for (const listener of listeners) listener(entry);
      }
    };
  };
  child.stdout?.on("data", parseLines());
  child.stderr?.on("data", parseLines());
  const exited = new Promise<number | string | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
  });
  const waitExit = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    removeMadeFolder();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      removeMadeFolder();
      throw new Error(
        `server exited with code ${child.exitCode ?? child.signalCode}${captured ? `:\n${captured.slice(-4000)}` : ""}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await waitExit("SIGKILL");
      throw new Error(`server did not become healthy in time${captured ? `:\n${captured.slice(-4000)}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    stop: () => waitExit("SIGTERM"),
    kill: (signal = "SIGKILL") => waitExit(signal),
    exited,
    output: () => captured,
    logged: (msg) => (msg === undefined ? [...entries] : entries.filter((entry) => entry.msg === msg)),
    onLog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `npm run worker` from the build, started by {@link startWorker}. */
export type RunningWorker = {
  process: ChildProcess;
  /** The end of its standard output and error. */
  output(): string;
  /** SIGTERM (graceful shutdown); resolves when the process has exited. */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts `npm run worker` from the build (node/worker.js with {@link SERVER_NODE_FLAGS}), as an
 * operator runs it beside web processes on PostgreSQL, with RUN_WORKER=true and LOG_LEVEL=info
 * (`env` overrides them); resolves once it logs that every queue is worked
 * (app/site.server.ts startWorkers), so its LOG_LEVEL must let "info" through; killed and
 * refused if it has not after `startTimeoutMs` (default 120 s).
 */
export async function startWorker(
  env: Record<string, string>,
  options: { buildDir?: string; nodeArgs?: string[]; startTimeoutMs?: number } = {},
): Promise<RunningWorker> {
  const entry = path.join(path.resolve(options.buildDir ?? buildDir()), "node", "worker.js");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), entry], {
    env: { ...process.env, RUN_WORKER: "true", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stderr!.on("data", keep);
  child.stdout!.on("data", keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("exit", exited);
      child.kill("SIGKILL");
      reject(new Error(`worker did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 120_000);
    const started = () => {
      if (output.includes('"msg":"worker started"')) {
        clearTimeout(timer);
        child.stdout!.off("data", started);
        child.off("exit", exited);
        resolve();
      }
    };
    const exited = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output}`));
    };
    child.stdout!.on("data", started);
    child.once("exit", exited);
  });
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const send = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exit;
  };
  return {
    process: child,
    output: () => output,
    stop: () => send("SIGTERM"),
    kill: (signal = "SIGKILL") => send(signal),
  };
}
