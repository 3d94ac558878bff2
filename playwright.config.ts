import { defineConfig, devices } from "@playwright/test";
import { headlessShellArgs, headlessShellPath } from "./test/support/chromium";

const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests against the production build (npm run build first).
 * Playwright drives Debian's Chromium headless shell: CHROMIUM_HEADLESS_SHELL_PATH, default
 * /usr/bin/chromium-headless-shell (test/support/chromium.ts).
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // .ci/run exports CI=1: a stray test.only fails the run instead of shrinking it.
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["./test/support/skip-reporter.ts"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: headlessShellPath,
      args: headlessShellArgs,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: "mobile",
      // Only the viewport-sensitive suites run at 360 px.
      grep: /@mobile/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: "node test/support/e2e-stack.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A fresh embedded database takes a while to create on a busy machine.
    timeout: 180_000,
    // SIGTERM, not Playwright's default SIGKILL: the stack stops the server, which removes its data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port), MAILBOX_DIR: process.env.MAILBOX_DIR ?? ".tmp/e2e-mailbox" },
  },
});
