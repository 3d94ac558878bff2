import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <change>` writes a new SQL migration from
// app/platform/db/schema.server.ts and app/platform/db/staff-schema.server.ts. The server applies every migration in
// app/platform/db/migrations at start (see migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/platform/db/schema.server.ts", "./app/platform/db/staff-schema.server.ts"],
  out: "./app/platform/db/migrations",
});
