import type { BetterAuthPlugin } from "better-auth";
import { addDatabaseHooks } from "./database-hooks.server";

/**
 * A sign-in code lives STAFF_CODE_TTL_SECONDS from the moment it was made,
 * however often it is sent again (ASVS 6.5.5; docs/decisions/012-one-origin-
 * and-sign-in-codes.md). better-auth's `resendStrategy: "reuse"` sends a live
 * code again instead of replacing it (so asking for codes cannot kill the one
 * a member is typing), and would also extend its life to a full
 * STAFF_CODE_TTL_SECONDS from each new e-mail: asked for every few minutes, a
 * code could live for ever. This plugin refuses that one update (a
 * verification's expiry changed alone; the plugin's other updates change its
 * value), so a code sent again keeps its first expiry, and the e-mail says
 * how long is left.
 */
export function codeLife() {
  return {
    id: "code-life",
    init: addDatabaseHooks(() => ({
      verification: {
        update: {
          async before(data) {
            const changed = Object.keys(data).filter((key) => key !== "updatedAt");
            if (changed.length === 1 && changed[0] === "expiresAt") return false;
          },
        },
      },
    })),
  } satisfies BetterAuthPlugin;
}

/** The better-auth verification row that holds an address's sign-in code. */
export const signInCodeIdentifier = (email: string) => `sign-in-otp-${email.toLowerCase()}`;
