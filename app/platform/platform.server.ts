import type { PgBoss } from "pg-boss";
import type { Store } from "./db/db.server";
import type { Env } from "./env.server";
import type { Keys } from "./keys.server";
import type { Logger } from "./log.server";

/**
 * What every feature's service is built on, in the process that runs it:
 * the parsed environment, the logger, the database, the job queue and the
 * keys kept outside the data (docs/decisions/023-by-feature.md).
 */
export type PlatformDeps = { store: Store; boss: PgBoss; env: Env; log: Logger; keys: Keys };
