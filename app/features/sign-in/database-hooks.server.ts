import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";

type Init = NonNullable<BetterAuthPlugin["init"]>;
type AuthContext = Parameters<Init>[0];
type DatabaseHooks = NonNullable<BetterAuthOptions["databaseHooks"]>;

/**
 * A better-auth plugin's `init` that adds `hooks(auth)` to its database
 * hooks: better-auth runs each plugin's beside the others' (./assurance.server.ts,
 * ./session-limit.server.ts, ./code-life.server.ts).
 */
export const addDatabaseHooks =
  (hooks: (auth: AuthContext) => DatabaseHooks): Init =>
  (auth) => ({ options: { databaseHooks: hooks(auth) } });
