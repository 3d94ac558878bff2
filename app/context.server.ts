import { createContext, type RouterContextProvider } from "react-router";
import { siteClock } from "./platform/site-clock.server";
import { parseSiteClock, type Env } from "./platform/env.server";
import type { FormGuard } from "./features/enquiries/form-guard.server";
import type { Logger } from "./platform/log.server";
import type { EnquiryOutcome } from "./features/enquiries/service";
import type { EnquiryService } from "./features/enquiries/index.server";
import type { Services } from "./site.server";
import type { BannerSource } from "./features/banner/banner";

/** The counters route code feeds (server/metrics.ts exposes them to Prometheus). */
export type AppMetrics = {
  enquiry(kind: string, outcome: EnquiryOutcome): void;
};

/** Metrics that count nothing, for processes and tests that expose none. */
export const noMetrics: AppMetrics = { enquiry() {} };

/**
 * What the server process hands every loader and action: its one parsed
 * environment, its one logger, its metrics, the anti-spam form guard, the
 * enquiry service and the staff console (each null when the server runs
 * without one).
 */
export type AppContext = {
  env: Env;
  log: Logger;
  metrics: AppMetrics;
  formGuard: FormGuard;
  enquiries: EnquiryService | null;
  console: Services | null;
  /** The banner staff published (null: none can be, so the content module's default applies). */
  banner: BannerSource | null;
  /** The site's clock for dated content (SITE_CLOCK, or a test's); unset = app/platform/site-clock.server.ts reads env. */
  now?: () => Date;
};

/**
 * The router contexts the Express server fills for each request. The server
 * reads these objects from the build's entry module (entry.server.tsx
 * re-exports them), so both sides share one identity.
 */
export const nonceContext = createContext<string | null>(null);
export const appContext = createContext<AppContext | null>(null);

/** The process's context, in a loader or action; a server that forgot to provide it is a bug. */
export function getAppContext(context: Readonly<Pick<RouterContextProvider, "get">>): AppContext {
  const app = context.get(appContext);
  if (!app) throw new Error("The server did not provide the app context");
  return app;
}

/**
 * "Now" for a loader: the server's clock (its SITE_CLOCK, or a test's), or,
 * when the build prerenders a page (no server, no app context), the build's
 * SITE_CLOCK or the real time. docs/decisions/010-dated-content.md
 */
export function siteNow(context: Readonly<Pick<RouterContextProvider, "get">>): Date {
  const app = context.get(appContext);
  if (app) return (app.now ?? siteClock(app.env))();
  return parseSiteClock(process.env.SITE_CLOCK) ?? new Date();
}
