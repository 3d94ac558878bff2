import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { appContext, nonceContext } from "./context.server";
import { deferScripts } from "./lib/defer-scripts.server";
import { pageHydrates } from "./components/ui/hydration";

// The Express server reads these to fill each request's router context.
export { appContext, nonceContext };

export const streamTimeout = 5_000;

/**
 * An error a loader, action or middleware threw (a thrown Response is an
 * answer, not an error): written by the one logger, with the path only,
 * instead of React Router's own console.error. An aborted request (the
 * browser went away) and the router's own 4xx answers are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The browser went away, or the router answered a wrong request (405 for a post to a page without an action).
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const log = (context as Readonly<RouterContextProvider>).get(appContext)?.log;
  if (log) log.error("request failed", { path: new URL(request.url).pathname, err: error });
  else console.error(error);
};

let shapeReported = false;

/**
 * Renders the whole document (no page here streams deferred data), then
 * lets its scripts start after the first paint (./lib/defer-scripts.server.ts).
 * The same code renders the prerendered pages at build time.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Prerendering at build time has no nonce (those pages get hash-based CSP)
  // and no server: its messages go to the build's console.
  const nonce = loadContext.get(nonceContext) ?? undefined;
  const log = loadContext.get(appContext)?.log;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const hydrated = pageHydrates(
              routerContext.staticHandlerContext.matches.map(
                (match) => routerContext.routeModules[match.route.id]?.handle,
              ),
            );
            const { html, shapeError } = deferScripts(Buffer.concat(chunks).toString("utf8"), { hydrated });
            if (shapeError && !shapeReported) {
              shapeReported = true;
              if (log) log.warn("page scripts are not deferred", { reason: shapeError });
              else console.warn(`Page scripts are not deferred: ${shapeError}`);
            }
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          if (log) log.error("page render failed", { path: new URL(request.url).pathname, err: error });
          else console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
