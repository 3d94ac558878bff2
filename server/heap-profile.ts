import { setFlagsFromString } from "node:v8";
import type { Env } from "~/platform/env.server";

/**
 * Whether a process runs with V8's `--optimize-for-size`: only a web process
 * on PostgreSQL (DATABASE_URL set) that runs no worker. It holds no PGlite,
 * and the flag keeps its heap and the pages it pools small (it idles about
 * 30 MB lower, within its 150 MB target). On the embedded database the flag
 * cost a third of the enquiries a second; and a process that runs the worker
 * (`npm run worker`, or a web process with RUN_WORKER) renders the e-mails,
 * the busiest work under load, which the flag slows: with it, the PostgreSQL
 * enquiry benchmark gave about 8% fewer a second
 * (docs/decisions/025-memory-recovery-and-load.md).
 */
export function optimizesForSize(env: Pick<Env, "DATABASE_URL">, { runsWorker }: { runsWorker: boolean }): boolean {
  return Boolean(env.DATABASE_URL) && !runsWorker;
}

/**
 * Sets the flag {@link optimizesForSize} chooses. Called once the environment
 * is parsed, before the build is loaded or a request served; the flag is one
 * V8 reads as it works, not only at start.
 */
export function chooseHeapProfile(env: Pick<Env, "DATABASE_URL">, role: { runsWorker: boolean }) {
  if (optimizesForSize(env, role)) setFlagsFromString("--optimize-for-size");
}
