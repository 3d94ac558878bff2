import { parseEnv } from "~/platform/env.server";
import { enquiryKindNames, isEnquiryKind } from "~/features/enquiries/kinds";
import { once } from "node:events";
import { openStore } from "~/platform/db/db.server";
import { checkInboxFilters } from "~/features/inbox/inbox";
import { inboxCsvChunks } from "~/features/inbox/csv";
import { listEnquiries, purgeExpired, redriveDeadDeliveries } from "~/features/enquiries/operations.server";
import { exportBatches } from "~/features/inbox/inbox.server";
import { purgeSpam, SPAM_RETENTION_DAYS } from "~/features/enquiries/keep-spam.server";
import { startBoss } from "~/platform/queue.server";
import { keyRewriters, siteQueues } from "~/site.server";
import { backupEmbedded, backupPostgres, listBackups } from "~/features/backups/backups.server";
import { restoreBackup } from "~/features/backups/restore.server";
import { createLogger } from "~/platform/log.server";
import { normaliseSubjectEmail, type ErasureResult } from "~/features/data-requests/data-requests";
import { outboxDir } from "~/platform/mail/outbox.server";
import { dataCipher, writeNewKeysFile } from "~/platform/keys.server";
import { openKeys, rotateKeys } from "~/platform/open-keys.server";
import { eraseSubject } from "~/features/data-requests/data-requests.server";
import { parseCommand, runCli } from "./run";
import { trafficCsvChunks } from "~/features/traffic/index.server";
import { parseRange } from "~/features/traffic/traffic";
import { londonDate } from "~/platform/calendar";

const usage = `Usage: npm run enquiries -- <command> [options]

Commands:
  list [--limit N] [--kind ${enquiryKindNames.join("|")}]
                      Recent enquiries with the status of each e-mail.
  export --csv [--limit N] [--kind …] [--state new|handled] [--problem]
         [--search TEXT] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
                      Enquiries as CSV on standard output (default: all), the
                      console's download with the same filters; from and to
                      are London days, both included.
  traffic --csv [--from YYYY-MM-DD] [--to YYYY-MM-DD]
                      The daily traffic figures (views and visitors per page,
                      referrer, utm_* values and device) as CSV on standard
                      output; London days, both included (default: the last
                      7 days). Aggregates only: nothing identifies a visitor.
  redrive             Retry every dead-lettered e-mail (same Message-ID).
  purge               Delete enquiries older than RETENTION_MONTHS now.
  backup              Back the database up now into BACKUP_DIR (pg_dump with
                      DATABASE_URL), then delete backups past their retention.
  backups             The backups in BACKUP_DIR, newest first, with sizes.
  restore FILE        Restore a backup of the embedded database into DATA_DIR,
                      which must not hold a database yet.
  erase ADDRESS --yes Erase everything held about an e-mail address, as the
                      console's "Erase everything" does: enquiries (suspected
                      spam included), e-mail records, notes, queued jobs and
                      outbox files, then the database files are rewritten.
                      Audited with the actor "cli". Cannot be undone.
  keys                Write the key file KEYS_FILE (owner-only) for a database
                      that has no keys yet: new keys, with the fingerprint
                      key it already uses. With DATABASE_URL, run it once and
                      give every process that file. Never replaces a file.
  keys --rotate       New STAFF_AUTH_SECRET and DATA_ENCRYPTION_KEY in
                      KEYS_FILE, everything they protect re-encrypted; staff
                      sessions end. Stop every process first (PostgreSQL too).

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first:
the embedded database can be open in only one process).`;

const commands = ["list", "export", "traffic", "redrive", "purge", "backup", "backups", "restore", "erase", "keys"];

/** What an erasure removed, in the words of the console's "Erased" page. */
function erasureReport(result: ErasureResult): string {
  const { counts, storage } = result;
  const storageLine = {
    rewritten: "The data folder has been rewritten: no copy remains in it or in backups taken from now on.",
    vacuumed:
      "The database tables have been vacuumed; the PostgreSQL server's own WAL, archives and replicas keep copies until it recycles them.",
    failed:
      "The rows are deleted, but the data folder could not be rewritten: run the erasure again before taking a backup.",
  }[storage.state];
  return [
    "Erased.",
    `Enquiries deleted: ${counts.enquiries}${counts.suspectedSpam > 0 ? ` (${counts.suspectedSpam} suspected spam)` : ""}`,
    `E-mail records deleted: ${counts.deliveries}`,
    `Notes deleted: ${counts.notes}`,
    `Text messages deleted: ${counts.texts}`,
    `Queued or finished jobs removed: ${counts.jobs}`,
    `Outbox files removed: ${counts.outboxFiles}`,
    storageLine,
    "Backups taken before now still hold copies until they are deleted, within 8 weeks. The audit log has a row for this erasure (actor: cli).",
    ...(result.receivers.length > 0
      ? [
          "These integrations were sent a summary of this person (name, organisation, topic): ask each receiver to delete it too.",
          ...result.receivers.map(
            (receiver) =>
              `- ${receiver.name} (${receiver.host})${receiver.delivered ? "" : ": every attempt failed, but it may have kept one"}`,
          ),
        ]
      : []),
    "",
  ].join("\n");
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function main(argv: string[]) {
  const parsed = parseCommand(argv, {
    usage,
    commands,
    options: {
      csv: { type: "boolean" },
      limit: { type: "string" },
      kind: { type: "string" },
      state: { type: "string" },
      problem: { type: "boolean" },
      search: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      yes: { type: "boolean" },
      rotate: { type: "boolean" },
    },
  });
  if (parsed.exitCode !== undefined) return parsed.exitCode;
  const { command, positionals, values } = parsed;
  if ((command === "export" || command === "traffic") && !values.csv) {
    process.stderr.write(`${command} needs --csv (the only format)\n`);
    return 2;
  }
  let eraseAddress: string | null = null;
  if (command === "erase") {
    eraseAddress = normaliseSubjectEmail(positionals[1]);
    if (!eraseAddress || positionals.length > 2) {
      process.stderr.write("erase needs one e-mail address: npm run enquiries -- erase ADDRESS --yes\n");
      return 2;
    }
    if (!values.yes) {
      process.stderr.write(
        "erase deletes everything held about the address and cannot be undone: add --yes to confirm. Nothing was erased.\n",
      );
      return 2;
    }
  }
  const kind = values.kind;
  if (kind !== undefined && !isEnquiryKind(kind)) {
    process.stderr.write(`--kind must be one of ${enquiryKindNames.join(", ")}\n`);
    return 2;
  }
  // The export's filters, read and checked as the console reads its filter form.
  const { filters, errors } = checkInboxFilters(
    new URLSearchParams(
      Object.entries({ kind, state: values.state, q: values.search, from: values.from, to: values.to }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  );
  if (values.problem) filters.problem = true;
  if (errors.length > 0) {
    // The console's words, each with the option it is about.
    const option = { "inbox-q": "--search", "inbox-from": "--from", "inbox-to": "--to" } as const;
    process.stderr.write(errors.map((error) => `${option[error.field]}: ${error.message}\n`).join(""));
    return 2;
  }
  if (values.state !== undefined && !filters.state) {
    process.stderr.write("--state must be new or handled\n");
    return 2;
  }
  // The traffic export's range, read as the console's Traffic page reads its dates.
  const traffic = parseRange(
    new URLSearchParams({ from: values.from ?? "", to: values.to ?? "" }),
    londonDate(new Date()),
  );
  if (command === "traffic" && traffic.errors.length > 0) {
    process.stderr.write(`${traffic.errors.map((error) => error.message).join("\n")}\n`);
    return 2;
  }
  const limit = values.limit ? Number(values.limit) : command === "export" ? Infinity : 50;
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) {
    process.stderr.write("--limit must be a positive whole number\n");
    return 2;
  }

  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL, { process: "enquiries-cli" });

  // Commands on backup files: the backups list needs no database, restore makes one.
  if (command === "backups") {
    const backups = await listBackups(env.BACKUP_DIR);
    if (backups.length === 0) process.stdout.write(`No backups in ${env.BACKUP_DIR}.\n`);
    for (const backup of backups) {
      process.stdout.write(
        `${backup.takenAt.toISOString()}  ${formatBytes(backup.bytes).padStart(10)}  ${backup.path}\n`,
      );
    }
    return 0;
  }
  if (command === "restore") {
    const file = positionals[1];
    if (!file || positionals.length > 2) {
      process.stderr.write("restore needs one backup file: npm run enquiries -- restore FILE\n");
      return 2;
    }
    if (env.DATABASE_URL) {
      process.stderr.write("restore loads the embedded database; with DATABASE_URL set, use pg_restore.\n");
      return 1;
    }
    const restored = await restoreBackup(file, env.DATA_DIR);
    process.stdout.write(
      `Restored ${restored.enquiries} enquiry(ies) into ${restored.dbDir}; ${restored.waitingEmails} e-mail(s) wait to be sent when the server starts.\n`,
    );
    if (restored.writtenWithKeys) {
      process.stdout.write(
        `The backup holds no keys: the server reads them from KEYS_FILE=${env.KEYS_FILE} (or the environment), which must be this site's key file, kept apart from the backups.\n`,
      );
    }
    return 0;
  }
  const policy = { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY };
  if (command === "backup" && env.DATABASE_URL) {
    const { file, deleted, ms } = await backupPostgres(env.DATABASE_URL, { dir: env.BACKUP_DIR, policy });
    process.stdout.write(
      `Wrote ${file.path} (${formatBytes(file.bytes)}, pg_dump custom format, ${ms} ms); deleted ${deleted.length} old backup(s).\n`,
    );
    return 0;
  }

  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, fsync: env.EMBEDDED_FSYNC });
  try {
    switch (command) {
      case "list": {
        const records = await listEnquiries(store, { limit, kind });
        if (records.length === 0) process.stdout.write("No enquiries.\n");
        for (const record of records) {
          const who = [record.payload.name, record.payload.email && `<${record.payload.email}>`]
            .filter(Boolean)
            .join(" ");
          process.stdout.write(`${record.createdAt.toISOString()}  ${record.kind.padEnd(8)}  ${record.id}  ${who}\n`);
          for (const d of record.deliveries) {
            const extra =
              d.status === "sent"
                ? `sent ${d.sentAt?.toISOString() ?? ""}`
                : `${d.attempts} attempt(s)${d.lastError ? `: ${d.lastError}` : ""}`;
            process.stdout.write(`    ${d.kind.padEnd(15)} ${d.status.padEnd(6)} ${d.recipient}  ${extra}\n`);
          }
        }
        break;
      }
      case "export":
        // The same CSV as the console's download (no audit row: the operator has the database itself).
        for await (const chunk of inboxCsvChunks(exportBatches(store.db, filters, { limit }))) {
          // A large export piped to a slow reader: wait for it rather than buffer.
          if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
        }
        break;
      case "traffic":
        for await (const chunk of trafficCsvChunks(store.db, traffic.range)) {
          if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
        }
        break;
      case "redrive": {
        const boss = await startBoss(store, log, { worker: false, queues: siteQueues(env) });
        try {
          const count = await redriveDeadDeliveries(store, boss);
          process.stdout.write(`Requeued ${count} dead-lettered e-mail(s). The worker sends them on its next poll.\n`);
        } finally {
          await boss.stop({ graceful: false });
        }
        break;
      }
      case "purge": {
        const count = await purgeExpired(store, env.RETENTION_MONTHS);
        process.stdout.write(`Deleted ${count} enquiry(ies) older than ${env.RETENTION_MONTHS} months.\n`);
        const spam = await purgeSpam(store);
        process.stdout.write(`Deleted ${spam} suspected spam post(s) older than ${SPAM_RETENTION_DAYS} days.\n`);
        break;
      }
      case "erase": {
        const keys = await openKeys({ env, store, log, rewriters: keyRewriters });
        const result = await eraseSubject(
          {
            store,
            secret: keys.FINGERPRINT_KEY,
            siteUrl: env.SITE_URL,
            outboxDir: outboxDir(env),
            log,
            cipher: dataCipher(keys),
          },
          eraseAddress!,
          { operator: "cli", meta: { fingerprint: "cli" } },
        );
        process.stdout.write(erasureReport(result));
        if (result.storage.state === "failed") return 1;
        break;
      }
      case "keys": {
        if (values.rotate) {
          const { file, changed } = await rotateKeys({ env, store, log, rewriters: keyRewriters });
          process.stdout.write(
            `Replaced STAFF_AUTH_SECRET and DATA_ENCRYPTION_KEY in ${file}: ${changed.reencrypted ?? 0} authenticator app(s) ` +
              `and ${changed.integrationValues ?? 0} integration value(s) re-encrypted, ${changed.sessionsEnded ?? 0} ` +
              "staff session(s) ended. Back the new file up apart from the data; backups taken before now need the previous file.\n",
          );
          break;
        }
        const { file, carried } = await writeNewKeysFile(env, store);
        process.stdout.write(
          `Wrote ${file} (owner-only)${carried ? ", with the fingerprint key the database already uses" : ""}. ` +
            "Keep it, and back it up apart from DATA_DIR and its backups; with DATABASE_URL give every process this file (KEYS_FILE).\n",
        );
        break;
      }
      case "backup": {
        const { file, deleted, ms } = await backupEmbedded(store, { dir: env.BACKUP_DIR, policy });
        process.stdout.write(
          `Wrote ${file.path} (${formatBytes(file.bytes)}, ${ms} ms); deleted ${deleted.length} old backup(s).\n`,
        );
        break;
      }
    }
  } finally {
    await store.close();
  }
  return 0;
}

runCli(main);
