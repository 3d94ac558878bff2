/**
 * Which test files run in which Vitest project (vitest.config.ts), in a module
 * of its own so that test/vitest-projects.test.ts can hold the files to it.
 *
 * Tests that run in Node, three files at a time (integration suites start
 * databases and SMTP servers of their own): the features' and the platform's (their
 * component tests, *.test.tsx, excepted), the processes', the scripts' and
 * test support's, and route tests against the real services
 * (*.server.test.ts). Every other test under app/ runs in jsdom, in parallel.
 */
export const serverTests = [
  "app/features/**/*.test.ts",
  "app/platform/**/*.test.{ts,tsx}",
  "app/*.test.ts",
  "app/routes/**/*.server.test.ts",
  "server/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "test/**/*.test.ts",
];

/** The fault and abuse tests, against the production build. */
export const faultTests = ["faults/**/*.test.ts"];

/**
 * Node test files that replace a module (vi.mock): the server and fault
 * workers share one module graph between files (isolate: false), which a mock
 * would not reach, or would leak into the next file; these run isolated, in the
 * "server-mocking" project.
 */
export const mockingServerTests = [
  "app/features/enquiries/fourth-kind.test.ts",
  "app/features/enquiries/worker-start.test.ts",
];
