/**
 * The last step of `npm run build`: an embedded-database cluster in
 * <build>/pglite-cluster, which a server's first start copies into
 * DATA_DIR/db instead of creating one itself (app/platform/db/pglite-cluster.server.ts
 * createClusterTemplate; docs/decisions/025-memory-recovery-and-load.md).
 * Creating it (PGlite's initdb) takes seconds of CPU, and the build folder is
 * emptied by every build, so it is made once per installed PGlite in
 * node_modules/.cache and copied from there.
 * Run as `node --liftoff-only --import tsx scripts/build-cluster.ts`.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { createClusterTemplate, isClusterTemplate } from "../app/platform/db/pglite-cluster.server";
import { keepTreeOwnersSync } from "../app/platform/private-dir.server";

const started = performance.now();
const templateDir = path.resolve(process.env.BUILD_DIR ?? "build", "pglite-cluster");
const cacheDir = path.resolve("node_modules/.cache/maternis/pglite-cluster");
const made = !isClusterTemplate(cacheDir);
if (made) await createClusterTemplate(cacheDir);
rmSync(templateDir, { recursive: true, force: true });
cpSync(cacheDir, templateDir, { recursive: true });
// PGlite writes its files 0666: no one but the builder may change what every first start copies.
keepTreeOwnersSync(templateDir);
console.log(
  `build-cluster: ${path.relative(process.cwd(), templateDir)} ${made ? "created" : "copied from node_modules/.cache"} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
