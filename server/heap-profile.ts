import { setFlagsFromString } from "node:v8";
import type { Env } from "~/platform/env.server";

/**
 * A web process on PostgreSQL (DATABASE_URL set) holds no PGlite: there V8's
 * `--optimize-for-size` keeps its heap and the pages it pools small (it
 * idles about 30 MB lower, within its 150 MB target). On the embedded
 * database it cost a third of the enquiries a second, so that process runs
 * without it; so does `npm run worker` (server/worker.ts), whose e-mails
 * share the cores with the web processes: with the flag, the PostgreSQL
 * enquiry benchmark gave about 8% fewer a second
 * (docs/decisions/025-memory-recovery-and-load.md). Called once the
 * environment is parsed, before the build is loaded or a request served;
 * the flag is one V8 reads as it works, not only at start.
 */
export function chooseHeapProfile(env: Pick<Env, "DATABASE_URL">) {
  if (env.DATABASE_URL) setFlagsFromString("--optimize-for-size");
}
