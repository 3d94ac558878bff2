import type { Env } from "./env.server";

/** The server's clock: SITE_CLOCK when set (fixed), else the real time. */
export function siteClock(env: Pick<Env, "SITE_CLOCK">): () => Date {
  const fixed = env.SITE_CLOCK;
  return fixed ? () => new Date(fixed.getTime()) : () => new Date();
}
