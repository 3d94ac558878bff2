import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "app",
          environment: "jsdom",
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["./test/setup-dom.ts"],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration suites start databases and SMTP servers; keep them apart.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Fault and abuse tests against the production build (npm run build first).
          name: "faults",
          environment: "node",
          include: ["faults/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
