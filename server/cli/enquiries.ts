import { EnvError, parseEnv } from "~/lib/env.server";
import { enquiryKindNames, isEnquiryKind } from "~/lib/enquiry-kinds";
import { parseArgs } from "node:util";
import { openStore } from "../enquiries/db.server";
import { enquiriesToCsv, listEnquiries, purgeExpired, redriveDeadDeliveries } from "../enquiries/operations.server";
import { startBoss } from "../enquiries/queue.server";
import { createLogger } from "~/lib/log.server";

const usage = `Usage: npm run enquiries -- <command> [options]

Commands:
  list [--limit N] [--kind ${enquiryKindNames.join("|")}]
                      Recent enquiries with the status of each e-mail.
  export --csv [--limit N] [--kind …]
                      Enquiries as CSV on standard output (default: all).
  redrive             Retry every dead-lettered e-mail (same Message-ID).
  purge               Delete enquiries older than RETENTION_MONTHS now.

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first:
the embedded database can be open in only one process).`;

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      csv: { type: "boolean" },
      limit: { type: "string" },
      kind: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !["list", "export", "redrive", "purge"].includes(command)) {
    process.stdout.write(`${usage}\n`);
    return command && !values.help ? 2 : 0;
  }
  if (command === "export" && !values.csv) {
    process.stderr.write("export needs --csv (the only format)\n");
    return 2;
  }
  const kind = values.kind;
  if (kind !== undefined && !isEnquiryKind(kind)) {
    process.stderr.write(`--kind must be one of ${enquiryKindNames.join(", ")}\n`);
    return 2;
  }
  const limit = values.limit ? Number(values.limit) : command === "export" ? 1_000_000 : 50;
  if (!Number.isInteger(limit) || limit < 1) {
    process.stderr.write("--limit must be a positive whole number\n");
    return 2;
  }

  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL, { process: "enquiries-cli" });
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
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
        process.stdout.write(enquiriesToCsv(await listEnquiries(store, { limit, kind })));
        break;
      case "redrive": {
        const boss = await startBoss(store, env, log, { worker: false });
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
        break;
      }
    }
  } finally {
    await store.close();
  }
  return 0;
}

// exitCode rather than exit(): a large export piped to a file must flush first.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
