/**
 * Starts the production server from the build (or, with `args`, another
 * entry point such as the development server) on a free loopback port for a
 * benchmark, check script or test, and stops it afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

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
 * Every request limit out of the way and no minimum fill time, for load and
 * fault tests (the server refuses nothing it would otherwise accept).
 */
export const unlimitedEnv: Record<string, string> = {
  FORM_MIN_FILL_MS: "0",
  RATE_LIMIT_PER_MINUTE: "100000000",
  POST_RATE_LIMIT_PER_MINUTE: "100000000",
  ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "100000000",
  ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "100000000",
  ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "100000000",
};

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** SIGTERM (graceful shutdown); resolves when the process has exited. */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code (or the signal's name) when the process exits. */
  readonly exited: Promise<number | string | null>;
  /** Its standard output and error so far, when started with `capture: true`. */
  output(): string;
};

export type StartServerOptions = {
  /** Keep stdout and stderr in memory (see `output()`) instead of ignoring stdout and inheriting stderr. */
  capture?: boolean;
  /** Listen on this port instead of a free one (e.g. to restart on the same address). */
  port?: number;
  /** How long to wait for /healthz (default 30 s). */
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
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "maternis-bench-"));
  const buildDir = path.resolve(options.buildDir ?? process.env.BUILD_DIR ?? "build");
  const child = spawn(process.execPath, options.args ?? [path.join(buildDir, "node/index.js")], {
    stdio: options.capture ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      BUILD_DIR: buildDir,
      ...env,
    },
  });
  let captured = "";
  const keep = (chunk: Buffer) => {
    captured += chunk.toString("utf8");
    // Bounded: only the end matters when a test explains a failure.
    if (captured.length > 2_000_000) captured = captured.slice(-1_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
  });
  const waitExit = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    child.kill(signal);
    return exited.then(() => undefined);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
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
  };
}
