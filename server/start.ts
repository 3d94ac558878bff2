import http from "node:http";
import { loadEnvOrExit, type Env } from "~/platform/env.server";
import { createFormGuard } from "~/features/enquiries/form-guard.server";
import { createLogger, type Logger } from "~/platform/log.server";
import { createApp, type AppOptions, type StaticLayer } from "./app";
import { createEnquiryPipeline, type EnquiryPipeline } from "~/features/enquiries/index.server.ts";
import { createMetrics } from "./metrics";
import { defaultHeaders } from "./security";
import { createStaffConsole, staffWork } from "~/services.server.ts";
import { exitOnStartupError } from "./startup-errors";

/** What differs between the production server and the development server: the build and the static layer. */
export type Site = {
  app: Pick<AppOptions, "build"> & StaticLayer;
  /** Called when shutdown begins; the enquiry pipeline closes after it (e.g. stops Vite). */
  close?: () => Promise<void>;
};

export type LoadSite = (context: { env: Env; log: Logger; server: http.Server }) => Promise<Site>;

/**
 * Starts a web server and runs it until SIGTERM or SIGINT: reads the
 * environment, takes its port (so nothing else starts when it is in use),
 * opens the enquiry pipeline (and its worker), builds the Express app around
 * what `loadSite` returns, and on a signal drains in-flight requests, lets
 * the worker finish its sends, closes the database and exits. A start that
 * fails ends with one line naming the setting to change (./startup-errors.ts).
 * server/index.ts (production) and server/dev.ts (development) share it.
 */
export function runServer(loadSite: LoadSite) {
  const env = loadEnvOrExit();
  main(env, loadSite).catch((error: unknown) => exitOnStartupError(error, env));
}

/** Listens on PORT/HOST; rejects (EADDRINUSE, EACCES…) instead of emitting an unhandled 'error'. */
function listen(server: http.Server, env: Env) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Until the site is ready, requests get a short 503 (a load balancer retries elsewhere), with the site's headers. */
export const startingUp: http.RequestListener = (_req, res) => {
  res
    .writeHead(503, { ...defaultHeaders, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" })
    .end("Starting up.");
};

async function main(env: Env, loadSite: LoadSite) {
  const log = createLogger(env.LOG_LEVEL);
  if (env.SITE_CLOCK) {
    log.warn("SITE_CLOCK is set: dated content follows this fixed date, not today's", {
      siteClock: env.SITE_CLOCK.toISOString(),
    });
  }
  let handler: http.RequestListener = startingUp;
  const server = http.createServer((req, res) => handler(req, res));
  server.keepAliveTimeout = 65_000;

  // The port first: no worker starts, and no database is opened, for a server that cannot listen.
  await listen(server, env);
  const site = await loadSite({ env, log, server });

  // Stores enquiries and delivers their e-mails (docs/decisions/005-enquiry-outbox.md).
  const pipeline: EnquiryPipeline = await createEnquiryPipeline({
    env,
    log,
    runWorker: env.RUN_WORKER,
    extensions: [staffWork],
  });

  // Its key, FORM_SECRET, is one of the keys the pipeline found (app/platform/keys.server.ts).
  const formGuard = createFormGuard({
    key: Buffer.from(pipeline.internals.keys.FORM_SECRET, "utf8"),
    minFillMs: env.FORM_MIN_FILL_MS,
  });
  const staffConsole = await createStaffConsole({ ...pipeline.internals, env, log });
  const created = createApp({
    env,
    log,
    metrics: createMetrics({ deliveryStats: pipeline.deliveryStats }),
    formGuard,
    enquiries: pipeline.service,
    console: staffConsole,
    banner: staffConsole.siteBanner.source,
    staffAuthHandler: staffConsole.auth.handler,
    ...site.app,
    apiRouter: pipeline.apiRouter,
    healthCheck: pipeline.healthCheck,
  });
  // Prerendered pages whose dated content has moved on since the build are
  // rendered again before the first request (docs/decisions/010-dated-content.md).
  await created.datedPages?.start();
  // A banner published or withdrawn (here or on another process), or reaching its start or end:
  // the prerendered pages are rendered again at once (app/features/banner/banner.server.ts).
  staffConsole.siteBanner.onChange(() => void created.datedPages?.check());
  handler = created.handler;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info("server listening", { url: `http://localhost:${port}`, port });
  // Where staff sign in: on this machine, and at the site's public address.
  log.info("staff console", { url: `http://localhost:${port}/staff`, siteUrl: new URL("/staff", env.SITE_URL).href });

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    created.datedPages?.stop();
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
      await staffConsole.close();
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
