import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { STATUS_CODES } from "node:http";
import { rateLimit } from "express-rate-limit";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import { STAFF_AUTH_PATH } from "~/features/sign-in/sign-in";
import { isStaffPath } from "~/features/console/paths";
import type { AppContext } from "~/context.server";
import { siteClock } from "~/platform/site-clock.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerMetrics } from "./metrics";
import { credentialGuard } from "./credential-guard";
import { COMMUNICATION_PATH } from "~/features/communication-api/api.server";
import { contentSecurityPolicy, createNonce, defaultHeaders, sameOriginPosts, securityHeaders } from "./security";
import { createDatedPages, type DatedPages } from "./dated-pages";
import { createPageCache, type PageCache } from "./page-cache";
import { staticFiles, type PrerenderManifest } from "./static";
import { trafficHook } from "./traffic";
import type { TrafficCounter } from "~/features/traffic/index.server";
import { bearerKeys } from "~/platform/bearer.server";

/** The router contexts, exported by app/entry.server.tsx so both sides share them. */
type EntryContexts = {
  nonceContext: RouterContext<string | null>;
  appContext: RouterContext<AppContext | null>;
};

/** What the process hands every request (its env, logger, metrics, form guard and enquiry service), and the build it serves. */
export type AppOptions = AppContext & {
  metrics: ServerMetrics;
  /** The server build, or (development) a function that loads the current one for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra routes mounted before the page handler (e.g. the communication API). */
  apiRouter?: express.Router;
  /** better-auth's HTTP handler for the staff console's passkey endpoints (app/features/sign-in/auth.server.ts). */
  staffAuthHandler?: (request: Request) => Promise<Response>;
  /** Reports readiness for /healthz (e.g. a database ping). */
  healthCheck?: () => Promise<void>;
  /** The clock dated content follows; default SITE_CLOCK or the real time (tests pass their own). */
  now?: () => Date;
  /** Counts the public pages' views (./traffic.ts); null or absent with ANALYTICS=off. */
  traffic?: TrafficCounter | null;
} & StaticLayer;

/** What serves static files: the client build and its prerendered pages, or (development) Vite. */
export type StaticLayer =
  | { clientDir: string; prerendered: PrerenderManifest; development?: undefined }
  | { development: DevelopmentOptions; clientDir?: undefined; prerendered?: undefined };

/**
 * What the development server (server/dev.ts) changes: there is no client
 * build, so Vite serves the source modules and public/ in place of the
 * static layer, and its client needs a websocket for hot reload.
 */
export type DevelopmentOptions = {
  /** Connect-style middleware that answers what it knows and calls `next` for the rest. */
  assets: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Sources added to the pages' connect-src. */
  connectSources: (req: express.Request) => string[];
};

/** Express "trust proxy" from TRUST_PROXY: false, true, a hop count, or a list of addresses. */
export function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "false" || value === "") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The largest form post the page routes read: the longest valid enquiry
 * (a 5,000-character message), percent-encoded at up to 9 bytes a character,
 * with room to spare.
 */
export const MAX_FORM_BODY_BYTES = 128 * 1024;

/**
 * Route actions read the whole body into memory (request.formData()), so
 * bodies are bounded before they get there: a declared Content-Length over
 * the limit gets 413, and a body without one (chunked) gets 411; browsers
 * always send the length of a form post. Node discards the unread body.
 */
export function limitFormBodies(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") === undefined) return next(); // no body
      res.status(411).type("text/plain").send("A Content-Length header is required.");
      return;
    }
    if (Number(declared) > maxBytes) {
      res.status(413).type("text/plain").send(`The form enquiry is too large: at most ${maxBytes} bytes are accepted.`);
      return;
    }
    next();
  };
}

/**
 * The console's actions read a form (`request.formData()`): a post with
 * another body (text, JSON) to a path `applies` takes gets 415 here, not a
 * TypeError from the action. (The public forms answer such a body as they
 * answer a bot, with what looks like success. The API and better-auth's
 * endpoints, which take JSON, are mounted before this.)
 */
export function formPostsOnly(applies: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || !applies(req.path)) return next();
    if (req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) return next();
    res.status(415).type("text/plain").send("Send the console's forms as forms.");
  };
}

export function createApp(options: AppOptions) {
  const { env, log, build, metrics } = options;
  const appContextValue: AppContext = {
    env,
    log,
    metrics,
    formGuard: options.formGuard,
    enquiries: options.enquiries,
    console: options.console,
    banner: options.banner,
    now: options.now ?? siteClock(env),
  };
  // The router contexts come from the build's own modules; in development the
  // build is reloaded when the app changes, so they are read for each request.
  const currentBuild = typeof build === "function" ? build : () => Promise.resolve(build);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  // Structured access log.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const fields = { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (req.path.startsWith("/assets/")) log.debug("request", fields);
      else log.info("request", fields);
    });
    next();
  });

  app.use(securityHeaders);

  // Route actions read the client address from this header (rate limits,
  // fingerprints). It is always set here from req.ip, which honours
  // TRUST_PROXY, so a client can never supply its own.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await options.healthCheck?.();
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch (error) {
      log.error("health check failed", { err: error });
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  // Prometheus metrics, only with a token (server/metrics.ts).
  // Wrong tokens are security events, limited per client (server/credential-guard.ts).
  const metricsKeys = bearerKeys(env.METRICS_TOKEN, env.METRICS_TOKEN_PREVIOUS);
  if (metricsKeys) {
    app.get(
      "/metrics",
      credentialGuard({ endpoint: "/metrics", log, limit: env.CREDENTIAL_FAILURES_PER_MINUTE }),
      metrics.handler(metricsKeys, log),
    );
  }

  app.use(
    compression({
      // A form's result fetched by the enhanced form (POST *.data) is a few
      // hundred bytes, streamed without a length: compressing it costs more
      // than it saves.
      filter: (req, res) => !(req.method === "POST" && req.path.endsWith(".data")) && compression.filter(req, res),
    }),
  );

  const limiterDefaults = {
    windowMs: 60_000,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // We deliberately ignore X-Forwarded-For unless TRUST_PROXY says so.
    validate: { xForwardedForHeader: false, trustProxy: false },
  } as const;
  app.use(rateLimit({ ...limiterDefaults, limit: env.RATE_LIMIT_PER_MINUTE }));

  // The communication API is for the company's own services (bearer key), so
  // it sits under the site-wide limit but not the tighter form-post limit.
  if (options.apiRouter) {
    app.use(
      COMMUNICATION_PATH,
      credentialGuard({ endpoint: COMMUNICATION_PATH, log, limit: env.CREDENTIAL_FAILURES_PER_MINUTE }),
    );
    app.use(options.apiRouter);
  }

  // Pages answer GET and HEAD, and their forms POST. Route actions would also
  // run for PUT, PATCH and DELETE, past the form-post limit and the same-site
  // check below, which only look at POST: refuse those methods here.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method not allowed.");
  });

  // The console is used all day by a few people: its posts have their own,
  // wider limit (sign-in codes are limited per address and client besides).
  // Mounted without a path pattern: Express decodes a pattern's parameters,
  // and a path with a broken escape ("/%ZZ") would fail there, before any page.
  const postLimit = (limit: number, applies: (path: string) => boolean, message: string) => {
    const limiter = rateLimit({
      ...limiterDefaults,
      limit,
      skip: (req) => req.method !== "POST" || !applies(req.path),
      handler: (_req, res, _next, opts) => {
        res.status(opts.statusCode).type("text/plain").send(message);
      },
    });
    app.use(limiter);
  };
  postLimit(
    env.STAFF_POST_RATE_LIMIT_PER_MINUTE,
    isStaffPath,
    "Too many requests. Please wait a minute and try again.",
  );
  postLimit(
    env.POST_RATE_LIMIT_PER_MINUTE,
    (path) => !isStaffPath(path),
    "Too many submissions. Please wait a minute and try again.",
  );

  app.use(sameOriginPosts(env.ALLOWED_ACTION_ORIGINS));
  app.use(limitFormBodies(MAX_FORM_BODY_BYTES));

  // The staff console is never cached or indexed.
  app.use((req, res, next) => {
    if (isStaffPath(req.path)) res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });
    next();
  });
  // A console request for a host the console does not serve (a made-up Host
  // header) gets 421 here, before React Router renders anything
  // (docs/decisions/012-one-origin-and-sign-in-codes.md); the routes and
  // app/features/sign-in/auth.server.ts refuse it again.
  const staffConsole = options.console;
  if (staffConsole) {
    app.use((req, res, next) => {
      if (!isStaffPath(req.path)) return next();
      const port = /:(\d+)$/.exec(req.get("host") ?? "")?.[1];
      const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
      if (URL.canParse(url) && staffConsole.auth.serves(new Request(url))) return next();
      res.status(421).type("text/plain").send("The staff console is not served at this address.");
    });
  }
  // better-auth's own endpoints (the passkey ceremonies), after the same-site
  // check and the body limit above.
  if (options.staffAuthHandler) {
    app.all(`${STAFF_AUTH_PATH}/{*path}`, toNodeHandler(options.staffAuthHandler));
  }

  app.use(formPostsOnly(isStaffPath));

  const allowedActionOrigins = env.ALLOWED_ACTION_ORIGINS.length > 0 ? env.ALLOWED_ACTION_ORIGINS : undefined;
  const pageHandler = createRequestHandler({
    build:
      typeof build === "function"
        ? async () => ({ ...(await build()), allowedActionOrigins })
        : { ...build, allowedActionOrigins },
    async getLoadContext(_req, res) {
      const contexts = (await currentBuild()).entry.module as unknown as EntryContexts;
      const context = new RouterContextProvider();
      context.set(contexts.nonceContext, res.locals.nonce as string);
      context.set(contexts.appContext, appContextValue);
      return context;
    },
  });
  // The enquiry pages are rendered once per version of the dated content, the
  // visitor's token and nonce put in each time (./page-cache.ts); not in development.
  const pageCache: PageCache | undefined =
    typeof build === "function"
      ? undefined
      : createPageCache({ build, appContext: appContextValue, now: appContextValue.now! });
  app.use((req, res, next) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    const connectSources = options.development?.connectSources(req);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, connectSources }));
    res.setHeader("Cache-Control", "no-store");
    if (!pageCache) return void pageHandler(req, res, next);
    pageCache.serve(req, res, nonce).then((served) => {
      if (!served) void pageHandler(req, res, next);
    }, next);
  });

  // The traffic figures' hook: the client address as Express reads it (TRUST_PROXY), also for
  // the pages the static layer answers before Express runs; without a proxy to trust, the socket's.
  const countViews = options.traffic
    ? trafficHook({
        counter: options.traffic,
        siteUrl: env.SITE_URL,
        clientIp:
          parseTrustProxy(env.TRUST_PROXY) === false
            ? (req) => req.socket.remoteAddress ?? "unknown"
            : (req) =>
                (
                  Object.create(app.request, {
                    headers: { value: req.headers },
                    socket: { value: req.socket },
                  }) as express.Request
                ).ip ?? "unknown",
      })
    : undefined;

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    // A request Express itself refused (a path parameter with a broken escape,
    // a body that cannot be read) is the client's fault: its status, no stack.
    const status = clientErrorStatus(error);
    if (status) {
      log.warn("request refused", { status, method: req.method, path: req.path });
      if (!res.headersSent)
        res
          .status(status)
          .type("text/plain")
          .send(`${STATUS_CODES[status] ?? "Bad Request"}.`);
      return;
    }
    log.error("unhandled error", { err: error, method: req.method, path: req.path });
    if (res.headersSent) return;
    res.status(500).type("text/plain").send("Internal Server Error");
  };
  app.use(onError);

  // Static files and prerendered pages are answered before Express runs (in
  // development, Vite's modules and public/, with the default headers).
  if (options.development) {
    const { assets } = options.development;
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      metrics.observe(req, res);
      countViews?.(req, res);
      for (const [name, value] of Object.entries(defaultHeaders)) res.setHeader(name, value);
      assets(req, res, () => app(req, res));
    };
    return { app, handler, datedPages: undefined as DatedPages | undefined, pageCache };
  }
  const serveStatic = staticFiles(options.clientDir, options.prerendered, defaultHeaders);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    metrics.observe(req, res);
    countViews?.(req, res);
    if (!serveStatic(req, res)) app(req, res);
  };
  // Prerendered pages follow the date: the caller starts it (server/start.ts).
  const datedPages: DatedPages | undefined =
    typeof build === "function"
      ? undefined
      : createDatedPages({ build, statics: serveStatic, appContext: appContextValue, now: appContextValue.now!, log });
  return { app, handler, datedPages, pageCache };
}

/** The 4xx status an error carries (http-errors' `status` or `statusCode`, as Express sets), if any. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && value >= 400 && value < 500 ? value : undefined;
}
