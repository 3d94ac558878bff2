/**
 * The body of `npm run bench:backup` (scripts/bench-backup.ts loads it through
 * Vite, which resolves the server's `~` imports and migration files): seeds
 * `total` contact enquiries through the enquiry pipeline (each with its two
 * deliveries and jobs, the worker off so they stay queued) into a temp
 * DATA_DIR, takes a backup as the scheduled job does, restores it into a
 * second DATA_DIR, and prints the figures. Both sit in one temp folder, with
 * the key file the site writes beside the first; that folder is removed.
 */
import { writeResults } from "./results.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import { openSite } from "~/site.server";
import { backupEmbedded } from "../../app/features/backups/backups.server";
import { restoreBackup } from "../../app/features/backups/restore.server";
import { benchContactFields } from "../../test/support/form-posts";

const concurrency = 50;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchBackup(total: number) {
  const root = mkdtempSync(path.join(tmpdir(), "maternis-bench-backup-"));
  const source = path.join(root, "data");
  const target = path.join(root, "restored");
  for (const dir of [source, target]) mkdirSync(dir);
  try {
    const env = parseEnv({
      ...process.env,
      DATA_DIR: source,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      MAIL_TRANSPORT: "file",
      ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "100000000",
      ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "100000000",
      ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "100000000",
    });
    const pipeline = await openSite({ env, log: createLogger("warn"), runWorker: false });
    const seeding = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          const result = await pipeline.services.enquiries.submitEnquiry(
            "contact",
            benchContactFields(
              i,
              `Enquiry number ${i}: we would like to hear more about digital maternal health records.`,
            ),
            { ip: `198.51.100.${i % 250}` },
          );
          if (!result.ok) throw new Error(`enquiry ${i} was refused`);
        }
      }),
    );
    const lines = [
      `- Seeded ${total} enquiries (${total * 2} queued e-mails) in ${seconds(performance.now() - seeding)}`,
    ];

    // While the backup runs: the longest a query waited for it, and the longest the event
    // loop was blocked (the tar of the data directory is built synchronously).
    const { store } = pipeline.platform;
    let running = true;
    let longestWait = 0;
    const probing = (async () => {
      while (running) {
        const started = performance.now();
        await store.ping();
        longestWait = Math.max(longestWait, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const { file, ms } = await backupEmbedded(store, {
      dir: env.BACKUP_DIR,
      policy: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
    });
    loop.disable();
    running = false;
    await probing;
    lines.push(
      `- Backup: **${seconds(ms)}, ${mib(file.bytes)}**; meanwhile queries waited at most ${seconds(longestWait)} and the event loop was blocked at most ${seconds(loop.max / 1e6)}`,
    );
    await pipeline.close();

    const restoring = performance.now();
    const restored = await restoreBackup(file.path, target);
    const restoreMs = performance.now() - restoring;
    lines.push(
      `- Restore: **${seconds(restoreMs)}**, ${restored.enquiries} enquiries, ${restored.waitingEmails} queued e-mails`,
    );
    const complete = restored.enquiries === total && restored.waitingEmails === total * 2;
    if (!complete)
      lines.push(`- The restore is missing data: expected ${total} enquiries and ${total * 2} queued e-mails.`);
    console.log(lines.join("\n"));
    writeResults(
      "backup",
      `# Backup of the embedded database (\`npm run bench:backup\`)

A backup as the scheduled job takes it, of a fresh embedded database holding ${total} contact enquiries
(seeded through the enquiry pipeline, worker off), then restored into an empty DATA_DIR. No time target:
the figures are for operators; the run fails only if the restore loses data.

${lines.join("\n")}
`,
      {
        pass: complete,
        summary: `${total} enquiries: backup ${seconds(ms)}, ${mib(file.bytes)}; restore ${seconds(restoreMs)}`,
      },
    );
    if (!complete) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
