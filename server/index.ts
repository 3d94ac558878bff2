import "~/platform/env.server";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { runServer } from "./start";
import { readPrerenderManifest } from "./static";

/**
 * The production web server: `npm start` builds and runs this file.
 * BUILD_DIR (default ./build) points at the output of `npm run build`.
 */
runServer(async () => {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  return {
    app: { build, clientDir: path.join(buildDir, "client"), prerendered: readPrerenderManifest(buildDir) },
    // A first start on the embedded database copies this cluster instead of creating one (scripts/build-cluster.ts).
    clusterTemplate: path.join(buildDir, "pglite-cluster"),
  };
});
