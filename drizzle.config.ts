import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <change>` writes a new SQL migration from
// the tables every feature declares (app/features/<feature>/tables.server.ts)
// and the platform's own (app/platform/db/tables.server.ts). The server applies
// every migration in app/platform/db/migrations at start (see migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/platform/db/tables.server.ts", "./app/features/*/tables.server.ts"],
  out: "./app/platform/db/migrations",
});
