import { createContext, type RouterContextProvider } from "react-router";
import type { Env } from "./platform/env.server";
import type { FormGuard } from "./features/enquiries/form-guard.server";
import type { Logger } from "./platform/log.server";
import type { EnquiryService } from "./features/enquiries/service";
import type { Services } from "./site.server";
import type { BannerSource } from "./features/banner/banner";

/**
 * What became of an enquiry form post. `spam`: dropped; `spam-kept`: kept as
 * suspected spam for staff; `spam-capped`: would have been kept, but a daily cap was reached.
 */
export type EnquiryOutcome =
  "accepted" | "spam" | "spam-kept" | "spam-capped" | "invalid" | "expired" | "rate-limited" | "unavailable";

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
