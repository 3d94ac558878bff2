import http from "node:http";
import { loadEnvOrExit, type Env } from "~/platform/env.server";
import { createLogger, type Logger } from "~/platform/log.server";
import { createApp, type AppOptions, type StaticLayer } from "./app";
import { createMetrics } from "./metrics";
import { defaultHeaders } from "./security";
import { openSite } from "~/site.server";
import { exitOnStartupError } from "./startup-errors";
import { chooseHeapProfile } from "./heap-profile";

/** What differs between the production server and the development server: the build and the static layer. */
export type SiteBuild = {
  app: Pick<AppOptions, "build"> & StaticLayer;
  /**
   * Called at shutdown once the requests in flight are answered (e.g. stops Vite, which answers them in
   * development, and closes its hot-reload websockets); the site's services and platform close after it.
   */
  close?: () => Promise<void>;
  /** The build's embedded-database cluster, which a first start copies into DATA_DIR (production only). */
  clusterTemplate?: string;
};

export type LoadBuild = (context: { env: Env; log: Logger; server: http.Server }) => Promise<SiteBuild>;

/**
 * Starts a web server and runs it until SIGTERM or SIGINT: reads the
 * environment, takes its port (so nothing else starts when it is in use),
 * opens the enquiry pipeline (and its worker), builds the Express app around
 * what `loadBuild` returns, and on a signal drains in-flight requests, lets
 * the worker finish its sends, closes the database and exits. A start that
 * fails ends with one line naming the setting to change (./startup-errors.ts).
 * server/index.ts (production) and server/dev.ts (development) share it.
 */
export function runServer(loadBuild: LoadBuild) {
  const env = loadEnvOrExit();
  chooseHeapProfile(env, { runsWorker: env.RUN_WORKER });
  main(env, loadBuild).catch((error: unknown) => exitOnStartupError(error, env));
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

async function main(env: Env, loadBuild: LoadBuild) {
  const log = createLogger(env.LOG_LEVEL);
  if (env.SITE_CLOCK) {
    log.warn("SITE_CLOCK is set: dated content follows this fixed date, not today's", {
      siteClock: env.SITE_CLOCK.toISOString(),
    });
  }
  let handler: http.RequestListener = startingUp;
  const server = http.createServer();
  const requests = drainableRequests(server, (req, res) => handler(req, res));
  server.on("request", requests.listener);
  server.keepAliveTimeout = 65_000;

  // The port first: no worker starts, and no database is opened, for a server that cannot listen.
  await listen(server, env);
  const build = await loadBuild({ env, log, server });

  // The platform, every queue and service, and (RUN_WORKER) the worker: app/site.server.ts.
  const site = await openSite({ env, log, runWorker: env.RUN_WORKER, clusterTemplate: build.clusterTemplate });
  const { services } = site;
  const created = createApp({
    env,
    log,
    metrics: createMetrics({ deliveryStats: services.deliveryStats }),
    formGuard: services.formGuard,
    enquiries: services.enquiries,
    console: services,
    banner: services.siteBanner.source,
    staffAuthHandler: services.auth.handler,
    traffic: services.trafficCounter,
    ...build.app,
    apiRouter: services.communicationApi,
    healthCheck: () => site.platform.store.ping(),
  });
  // Prerendered pages whose dated content has moved on since the build are
  // rendered again before the first request (docs/decisions/010-dated-content.md).
  await created.datedPages?.start();
  // Today's secret for the visitors, then the traffic figures written every few seconds (and at shutdown).
  await services.trafficCounter?.start();
  // A banner published or withdrawn (here or on another process), or reaching its start or end:
  // the prerendered pages are rendered again at once (app/features/banner/banner.server.ts).
  services.siteBanner.onChange(() => void created.datedPages?.check());
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
    // No new connections; the requests in flight are answered, each connection closed after its last.
    const connectionsClosed = new Promise((resolve) => server.close(resolve));
    log.info("answering the requests in flight", { requests: requests.inFlight() });
    await requests.drain();
    // Then the build (Vite, which answered them in development) and the connections it holds
    // open of its own (Vite's hot-reload websockets), which the server's close waits for.
    try {
      await build.close?.();
    } catch (error) {
      log.error("site did not close cleanly", { err: error });
    }
    await connectionsClosed;
    // Requests are finished: let the worker finish the sends in flight, then close the database.
    try {
      await site.close();
    } catch (error) {
      log.error("the site's services did not close cleanly", { err: error });
    }
    log.info("shutdown complete");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * The server's request listener around `handle`, and `drain`, which shutdown
 * calls after `server.close()`: from then on every response not yet begun
 * says `Connection: close` (Node closes the connection once it is sent), and
 * as each response finishes the connections left idle are closed (one whose
 * response had begun goes idle, kept alive, after it), so a browser's
 * keep-alive connection does not hold the server open for keepAliveTimeout.
 * `drain` resolves once no request is being answered.
 */
export function drainableRequests(server: http.Server, handle: http.RequestListener) {
  const answering = new Set<http.ServerResponse>();
  let draining = false;
  let drained: (() => void) | undefined;
  const listener: http.RequestListener = (req, res) => {
    answering.add(res);
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      answering.delete(res);
      if (!draining) return;
      server.closeIdleConnections();
      if (answering.size === 0) drained?.();
    });
    handle(req, res);
  };
  function drain(): Promise<void> {
    draining = true;
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    server.closeIdleConnections();
    if (answering.size === 0) return Promise.resolve();
    return new Promise((resolve) => (drained = resolve));
  }
  return { listener, drain, inFlight: () => answering.size };
}
