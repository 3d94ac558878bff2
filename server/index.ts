import { loadEnvOrExit } from "~/lib/env.server";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { createFormGuard, loadFormSecret } from "~/lib/form-guard.server";
import { createLogger } from "~/lib/log.server";
import { createEnquiryPipeline } from "./enquiries";
import { createMetrics } from "./metrics";
import { readPrerenderManifest } from "./static";

/**
 * The production web server: `npm start` builds and runs this file.
 * BUILD_DIR (default ./build) points at the output of `npm run build`.
 */
async function main() {
  const env = loadEnvOrExit();
  const log = createLogger(env.LOG_LEVEL);
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;

  // Stores enquiries and delivers their e-mails (docs/decisions/005-enquiry-outbox.md).
  const pipeline = await createEnquiryPipeline({ env, log, runWorker: env.RUN_WORKER });

  const { handler } = createApp({
    metrics: createMetrics({ deliveryStats: pipeline.deliveryStats }),
    env,
    log,
    build,
    clientDir: path.join(buildDir, "client"),
    prerendered: readPrerenderManifest(buildDir),
    formGuard: createFormGuard({ key: loadFormSecret(env), minFillMs: env.FORM_MIN_FILL_MS }),
    enquiries: pipeline.service,
    apiRouter: pipeline.apiRouter,
    healthCheck: pipeline.healthCheck,
  });

  const server = http.createServer(handler);
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
    server.close(async () => {
      // Requests are finished: let the worker finish the sends in flight, then close the database.
      try {
        await pipeline.close();
      } catch (error) {
        log.error("enquiry pipeline did not close cleanly", { err: error });
      }
      log.info("shutdown complete");
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ level: "error", msg: "server failed to start", err: String(error instanceof Error ? error.stack : error) })}\n`,
  );
  process.exit(1);
});
