import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <change>` writes a new SQL migration from
// server/enquiries/schema.server.ts and server/staff/schema.server.ts. The server applies every migration in
// server/enquiries/migrations at start (see migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/enquiries/schema.server.ts", "./server/staff/schema.server.ts"],
  out: "./server/enquiries/migrations",
});
