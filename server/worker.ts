import { loadEnvOrExit } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import { openSite } from "~/site.server";
import { exitOnStartupError } from "./startup-errors";
import { chooseHeapProfile } from "./heap-profile";

/**
 * `npm run worker`: the enquiry delivery worker as its own process, for when
 * the web processes run with RUN_WORKER=false. Needs DATABASE_URL (the
 * embedded database can only be open in one process).
 */
const env = loadEnvOrExit();
chooseHeapProfile(env, { runsWorker: true });

async function main() {
  const log = createLogger(env.LOG_LEVEL, { process: "worker" });
  if (!env.DATABASE_URL) {
    log.warn("DATABASE_URL is not set: using the embedded database, so no web server may use the same DATA_DIR");
  }
  // The worker alone: no services, which only the web server needs (app/site.server.ts).
  const site = await openSite({ env, log, runWorker: true, services: false });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info("worker shutting down", { signal });
    const timer = setTimeout(() => {
      log.error("worker shutdown timed out");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 5_000);
    timer.unref();
    try {
      await site.close();
      log.info("worker stopped");
      process.exit(0);
    } catch (error) {
      log.error("worker did not stop cleanly", { err: error });
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => exitOnStartupError(error, env, "worker"));
