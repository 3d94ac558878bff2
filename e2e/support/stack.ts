/**
 * Starts what the end-to-end tests run against: a real SMTP server on
 * loopback (every message it receives is written to MAILBOX_DIR as .eml) and
 * the production server from build/ with a fresh temporary DATA_DIR.
 * Playwright's webServer runs this file; it stops both on SIGTERM/SIGINT.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.E2E_PORT ?? 4317);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
const mailbox = path.resolve(process.env.MAILBOX_DIR ?? ".tmp/e2e-mailbox");
mkdirSync(mailbox, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "maternis-e2e-"));

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      count += 1;
      const name = `${Date.now()}-${String(count).padStart(4, "0")}.eml`;
      writeFileSync(path.join(mailbox, name), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

const server = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "node/index.js")], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    FORM_MIN_FILL_MS: "500",
    // Many tests post from one address; the limits themselves are unit-tested.
    RATE_LIMIT_PER_MINUTE: "100000",
    POST_RATE_LIMIT_PER_MINUTE: "100000",
    ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "100000",
    ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "100000",
    ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "100000",
  },
});

function stop() {
  server.kill("SIGTERM");
  smtp.close();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
