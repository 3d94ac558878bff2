import "./dev-env";
import { realpathSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, searchForWorkspaceRoot } from "vite";
import type { DevelopmentOptions } from "./app";
import { errorOverlayPage, overlayError } from "./dev-error-page";
import { contentSecurityPolicy, createNonce } from "./security";
import { runServer } from "./start";

/**
 * The development server: `npm run dev` runs this file with tsx, under
 * `tsx watch`, which restarts it when server code changes. It is the
 * production server (server/start.ts: environment, logger, enquiry pipeline
 * and worker, the same Express app and headers) with two differences:
 *
 *   - Vite, in middleware mode, serves the source modules and public/ in
 *     place of the client build, and its hot-reload websocket shares the
 *     server's port;
 *   - the server build is loaded through Vite for each request, so pages
 *     and components reload without a restart. Nothing is prerendered: every
 *     page is rendered per request.
 *
 * The only change to the Content-Security-Policy is in connect-src, which
 * names the websocket's origin (ws://host:port): scripts still need the
 * response's nonce, which React Router gives to its inline scripts.
 */
runServer(async ({ env, server }) => {
  const dataDir = path.resolve(env.DATA_DIR);
  const vite = await createViteServer({
    // Node imports vite.config.ts itself (tsx compiles it), so the watcher
    // restarts the server when it changes. Vite's default bundles it to a
    // temporary file, whose removal the watcher would take for a change.
    configLoader: "native",
    server: {
      middlewareMode: true,
      ws: { server },
      // The embedded database writes here constantly; nothing in it is source.
      watch: { ignored: [`${dataDir}/**`, "**/data/**", "**/build/**"] },
      // node_modules may be a link to a folder outside the project (shared by
      // several git worktrees); Vite serves files from where links point.
      fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
    },
  });
  keepShutdownToOurselves();
  const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;

  const development: DevelopmentOptions = {
    assets(req, res, next) {
      vite.middlewares(req, res, async () => {
        // A page the app cannot load (a syntax error, say) shows Vite's error
        // overlay, as it does for pages already open, instead of a bare 500.
        if (req.method === "GET" && req.headers.accept?.includes("text/html")) {
          try {
            await loadBuild();
          } catch (error) {
            if (error instanceof Error) vite.ssrFixStacktrace(error);
            const details = overlayError(error);
            vite.config.logger.error(`${details.message}\n${details.frame ?? ""}\n${details.stack}`, {
              timestamp: true,
            });
            vite.environments.client.hot.send({ type: "error", err: details });
            const nonce = createNonce();
            res.statusCode = 500;
            res.setHeader("Content-Type", "text/html; charset=utf-8");
            res.setHeader("Cache-Control", "no-store");
            res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, connectSources: websocket(req) }));
            res.end(errorOverlayPage(details, nonce));
            return;
          }
        }
        next();
      });
    },
    connectSources: websocket,
  };

  return {
    app: { build: loadBuild, development },
    close: () => vite.close(),
  };
});

/** The origin of Vite's hot-reload websocket: this server's own host and port. */
function websocket(req: { headers: { host?: string }; socket: unknown }): string[] {
  const host = req.headers.host;
  // Only a plain host[:port] goes into the policy.
  if (!host || !/^(?:[\w.-]+|\[[\d:a-fA-F]+\])(?::\d+)?$/.test(host)) return [];
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
  return [`${secure ? "wss" : "ws"}://${host}`];
}

/**
 * React Router's plugin starts a second Vite server of its own (its "child
 * compiler") without middleware mode, so Vite listens for SIGTERM (and for
 * the end of stdin) and then exits the process as soon as its servers have
 * closed: before the enquiry pipeline has let the worker finish and closed
 * the database. The shared shutdown (server/start.ts) closes Vite itself, so
 * Vite's own exit handler is removed.
 */
function keepShutdownToOurselves() {
  const isViteExit = (listener: (...args: never[]) => unknown) => listener.name === "parentSigtermCallback";
  for (const listener of process.listeners("SIGTERM")) if (isViteExit(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end"))
    if (isViteExit(listener as () => unknown)) process.stdin.off("end", listener as () => void);
}
