import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { faultTests, mockingServerTests, serverTests } from "./test/vitest-projects";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * How the Node projects' workers run (docs/decisions/003-testing.md):
 * - `isolate: false`: a worker imports the server's modules (better-auth,
 *   Drizzle, pg-boss, the e-mail templates) once for all its files, not once
 *   per file; each file still opens databases and servers of its own. It
 *   halved the server project's time on two cores (about 500 s to 300 s).
 * - `--liftoff-only`, as the npm scripts start the site: V8 does not compile
 *   PGlite's WebAssembly a second time, with its optimising compiler, for
 *   each database a test opens (about a tenth of the CPU).
 */
const sharedNodeWorkers = { isolate: false, execArgv: ["--liftoff-only"] };

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
          exclude: serverTests,
          setupFiles: ["./test/setup-dom.ts"],
          // One jsdom and one module graph per worker, not per file (creating jsdom was four
          // tenths of this project's time); test/setup-dom.ts clears what a test leaves.
          isolate: false,
          testTimeout: 20_000,
          // Vitest's default is one fewer than the cores: one, on a two-core CI machine. Three, like the
          // server project's (Vitest runs the projects' files in one pool, so their numbers agree).
          maxWorkers: 3,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: serverTests,
          exclude: mockingServerTests,
          ...sharedNodeWorkers,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration suites start their own databases and SMTP servers on free
          // ports and temporary folders, so files can run at once: three on the
          // two-core CI machine, since a file also waits (for retries, the worker's
          // polls, its PostgreSQL) and two left about a seventh of the CPU idle.
          maxWorkers: 3,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server-mocking",
          environment: "node",
          include: mockingServerTests,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          execArgv: ["--liftoff-only"],
        },
      },
      {
        resolve: { alias },
        test: {
          // Fault and abuse tests against the production build (npm run build first).
          name: "faults",
          environment: "node",
          ...sharedNodeWorkers,
          include: faultTests,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own servers, databases and mail servers on free ports: three at
          // once, as in the server project (their waits for schedules and retries leave CPU idle).
          maxWorkers: 3,
        },
      },
    ],
  },
});
