import { setFlagsFromString } from "node:v8";
import type { Env } from "~/platform/env.server";

/**
 * A process on PostgreSQL (DATABASE_URL set) holds no PGlite: there V8's
 * `--optimize-for-size` keeps its heap and the pages it pools small (the
 * web process idles about 30 MB lower), at a cost the enquiry benchmark
 * cannot tell from its spread on that engine. On the embedded database it
 * cost a third of the enquiries a second, so those processes run without it
 * (docs/decisions/025-memory-recovery-and-load.md). Called once the
 * environment is parsed, before the build is loaded or a request served;
 * the flag is one V8 reads as it works, not only at start.
 */
export function chooseHeapProfile(env: Pick<Env, "DATABASE_URL">) {
  if (env.DATABASE_URL) setFlagsFromString("--optimize-for-size");
}
