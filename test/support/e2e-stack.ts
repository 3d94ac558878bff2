/**
 * Starts what the end-to-end tests run against: a real SMTP server on
 * loopback (every message it receives is written to MAILBOX_DIR as .eml) and
 * the production server from build/ with a fresh temporary DATA_DIR.
 * Playwright's webServer runs this file; it stops both on SIGTERM/SIGINT.
 */
import path from "node:path";
import { limitsOffEnv } from "./limits-off.ts";
import { startServer } from "./server-process.ts";
import { startSmtpServer } from "./smtp.ts";

const port = Number(process.env.E2E_PORT ?? 4317);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);

const smtp = await startSmtpServer({
  port: smtpPort,
  mailboxDir: path.resolve(process.env.MAILBOX_DIR ?? ".tmp/e2e-mailbox"),
});

const starting = startServer(
  {
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    ...limitsOffEnv,
    // Commits not flushed to the disk: faster, and nothing a browser test does needs it (ADR 003).
    EMBEDDED_FSYNC: "false",
    // The worker looks for e-mails to send every half second (the least), not every 2 s: sign-in
    // codes and enquiry e-mails reach the mailbox the tests read sooner.
    WORKER_POLL_INTERVAL_SECONDS: "0.5",
    // The staff console's first admin (test/support/staff.ts signs in as it).
    STAFF_ADMIN_EMAILS: "admin@maternis.test",
    // The forms' own minimum fill time, short: the browser tests wait it out.
    FORM_MIN_FILL_MS: "500",
    // The site as the specification words it (the Web Summit 2025 banner, the
    // 2025 pilot launch upcoming, the pilots coming soon): every quoted string
    // stays checked whatever today's date (docs/decisions/010-dated-content.md).
    SITE_CLOCK: process.env.E2E_SITE_CLOCK ?? "2025-06-01",
  },
  // Playwright's webServer waits for /healthz itself, with its own time limit.
  { port, inheritOutput: true, dataPrefix: "maternis-e2e-", healthTimeoutMs: 180_000 },
);

// Stopping the server removes its temporary DATA_DIR: the run leaves no folder behind. A signal
// that comes while the server is still starting stops it once it has started.
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await (await starting.catch(() => undefined))?.stop();
    await smtp.stop();
  })());
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
process.on("SIGINT", () => void stop().then(() => process.exit(0)));
const server = await starting;
void server.exited.then(async (code) => {
  await stop();
  process.exit(typeof code === "number" ? code : 0);
});
