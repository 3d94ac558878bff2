import { createContext, type RouterContextProvider } from "react-router";
import type { Env } from "./env.server";
import type { FormGuard } from "./form-guard.server";
import type { Logger } from "./log.server";
import type { EnquiryService } from "./services";

/**
 * What the server process hands every loader and action: its one parsed
 * environment, its one logger, the anti-spam form guard and the enquiry
 * service (null when the server runs without one).
 */
export type AppContext = {
  env: Env;
  log: Logger;
  formGuard: FormGuard;
  enquiries: EnquiryService | null;
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
