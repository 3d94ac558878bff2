import http from "node:http";
import type { Env } from "~/lib/env.server";
import { createApp, type AppOptions, type StaticLayer } from "./app";
import { createEnquiryPipeline } from "./enquiries";
import { loadEnvOrExit } from "./env";
import { createLogger, type Logger } from "./log";

/** What differs between the production server and the development server: the build and the static layer. */
export type Site = {
  app: Pick<AppOptions, "build"> & StaticLayer;
  /** Called when shutdown begins; the enquiry pipeline closes after it (e.g. stops Vite). */
  close?: () => Promise<void>;
};

export type LoadSite = (context: { env: Env; log: Logger; server: http.Server }) => Promise<Site>;

/**
 * Starts a web server and runs it until SIGTERM or SIGINT: reads the
 * environment, opens the enquiry pipeline, builds the Express app around what
 * `loadSite` returns, listens, and on a signal drains in-flight requests,
 * lets the worker finish its sends, closes the database and exits.
 * server/index.ts (production) and server/dev.ts (development) share it.
 */
export function runServer(loadSite: LoadSite) {
  main(loadSite).catch((error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ level: "error", msg: "server failed to start", err: String(error instanceof Error ? error.stack : error) })}\n`,
    );
    process.exit(1);
  });
}

async function main(loadSite: LoadSite) {
  const env = loadEnvOrExit();
  const log = createLogger(env.LOG_LEVEL);
  const server = http.createServer();
  const site = await loadSite({ env, log, server });

  // Stores enquiries and delivers their e-mails (docs/decisions/005-enquiry-outbox.md).
  const pipeline = await createEnquiryPipeline({ env, log, runWorker: env.RUN_WORKER });

  const { handler } = createApp({
    env,
    log,
    ...site.app,
    services: { enquiries: pipeline.service },
    apiRouter: pipeline.apiRouter,
    healthCheck: pipeline.healthCheck,
  });

  server.on("request", handler);
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info("server listening", { url: `http://localhost:${port}`, port });
  });
  server.keepAliveTimeout = 65_000;

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info("shutting down", { signal });
    const timer = setTimeout(() => {
      log.error("shutdown timed out; closing open connections");
      server.closeAllConnections();
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    const requestsDone = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // The site may hold connections of its own open (Vite's hot-reload websockets).
    try {
      await site.close?.();
    } catch (error) {
      log.error("site did not close cleanly", { err: error });
    }
    await requestsDone;
    // Requests are finished: let the worker finish the sends in flight, then close the database.
    try {
      await pipeline.close();
    } catch (error) {
      log.error("enquiry pipeline did not close cleanly", { err: error });
    }
    log.info("shutdown complete");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
