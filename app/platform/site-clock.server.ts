import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context.server";
import { parseSiteClock, type Env } from "./env.server";

/** The server's clock: SITE_CLOCK when set (fixed), else the real time. */
export function siteClock(env: Pick<Env, "SITE_CLOCK">): () => Date {
  const fixed = env.SITE_CLOCK;
  return fixed ? () => new Date(fixed.getTime()) : () => new Date();
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
