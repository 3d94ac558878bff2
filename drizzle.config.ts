import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <change>` writes a new SQL migration from
// server/db/schema.server.ts and server/db/staff-schema.server.ts. The server applies every migration in
// server/db/migrations at start (see migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.server.ts", "./server/db/staff-schema.server.ts"],
  out: "./server/db/migrations",
});
