import { keepTreePrivateSync } from "../private-dir.server";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * How the site's embedded PostgreSQL (PGlite) clusters are made and opened:
 * their settings and extensions, and the cluster the build makes so that no
 * process of the site runs initdb (./db.server.ts opens them). Node's modules
 * only (and PGlite, when called): the build runs it on its own.
 */

/**
 * PostgreSQL's defaults size its caches for a database server with memory to
 * spare; in PGlite they live in this process's WebAssembly memory. A site's
 * enquiries fit in a few megabytes, so the caches are small
 * (`npm run bench:memory` measures the effect). The npm scripts also start
 * Node with `--liftoff-only`: V8 otherwise compiles PGlite's large
 * WebAssembly module a second time with its optimising compiler, which holds
 * several hundred megabytes while it runs (the start-up peak of over 1 GB),
 * for no gain this workload can measure. V8 reads that flag only at start.
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "wal_buffers=1MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  // A WAL segment no longer needed is unlinked, not renamed for reuse with its
  // old contents still in it: after an erasure, forgetDeleted() relies on it.
  "wal_recycle=off",
];

/**
 * How this process opens a PGlite cluster: the settings above, the extensions
 * the schema uses; without `fsync` (EMBEDDED_FSYNC=false, the tests) commits
 * are not flushed to the disk, which makes each write several times cheaper.
 */
export async function pgliteOptions({ fsync = true }: { fsync?: boolean } = {}) {
  return {
    postgresqlconf: fsync ? PGLITE_SETTINGS : [...PGLITE_SETTINGS, "fsync=off"],
    extensions: await pgliteExtensions(),
  };
}

/**
 * Creating a cluster (PGlite's initdb, in WebAssembly) holds about 550 MB for
 * ten seconds of CPU: two PostgreSQL instances and initdb's own module in one
 * process, memory a WebAssembly instance never gives back. `npm run build`
 * does it once (scripts/build-cluster.ts), into `<build>/pglite-cluster`: the
 * cluster, shut down cleanly, in `db/`, and the PGlite version that made it in
 * `pglite.json`. A server's first start copies it into DATA_DIR/db
 * (openStore's `clusterTemplate`, {@link createFromTemplate}), so no process of
 * the site runs initdb (docs/decisions/025-memory-recovery-and-load.md).
 */
export async function createClusterTemplate(templateDir: string): Promise<void> {
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create(path.join(building, "db"), await pgliteOptions());
  await client.close();
  writeFileSync(path.join(building, "pglite.json"), `${JSON.stringify({ version: installedPgliteVersion() })}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(building, templateDir);
}

/** Whether `templateDir` holds a cluster made by the PGlite installed now (a build made before an upgrade does not). */
export function isClusterTemplate(templateDir: string): boolean {
  try {
    const { version } = JSON.parse(readFileSync(path.join(templateDir, "pglite.json"), "utf8")) as { version?: string };
    return (
      version !== undefined &&
      version === installedPgliteVersion() &&
      existsSync(path.join(templateDir, "db", "PG_VERSION"))
    );
  } catch {
    return false;
  }
}

/** The version in the package.json of the PGlite this module loads. */
function installedPgliteVersion(): string | undefined {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")); ;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (name === "@electric-sql/pglite") return version;
    }
    if (path.dirname(dir) === dir) return undefined;
    dir = path.dirname(dir);
  }
}

/**
 * A first start on an empty (or missing) `dir`: the template's cluster is
 * copied beside it and renamed into place, so a start that stops half-way
 * leaves no half cluster. Returns whether it did.
 */
export function createFromTemplate(dir: string, templateDir: string | undefined): boolean {
  if (!templateDir || (existsSync(dir) && readdirSync(dir).length > 0) || !isClusterTemplate(templateDir)) return false;
  const staging = `${dir}.creating-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(path.join(templateDir, "db"), staging, { recursive: true });
  // The template's files are 0666 (PGlite's): the copy is the server user's alone.
  keepTreePrivateSync(staging);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return true;
}

/** The extensions the schema uses: pg_trgm indexes the console's search (migration 0002). */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
