/**
 * The operator CLI of a build (build/node/enquiries.js), run against a
 * DATA_DIR, and its CSV export parsed.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { UTF8_BOM } from "../../app/platform/csv";
import { exportColumns } from "../../app/features/inbox/csv";
import { buildDir } from "./server-process";

const run = promisify(execFile);

/**
 * Runs the operator CLI (build/node/enquiries.js) against a DATA_DIR; the server must be stopped. `env`
 * adds to its environment (the keys a database's data was written with, when they were not in KEYS_FILE).
 */
export async function enquiriesCli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(buildDir(), "node", "enquiries.js"), ...args], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "", ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return stdout;
}

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): Record<string, string>[] {
  if (text.startsWith(UTF8_BOM)) text = text.slice(UTF8_BOM.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      // handled by the \n
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}

/**
 * Every stored enquiry, from `enquiries export --csv` (the console's CSV), each row keyed by its
 * columns' keys (~/features/inbox/csv exportColumns: `id`, `email`, `form_code`,
 * `<kind>_email_code` for each e-mail's state), not by the headers people read.
 */
export async function exportEnquiries(dataDir: string): Promise<Record<string, string>[]> {
  const keyOf = new Map(exportColumns.map((column) => [column.header, column.key]));
  return parseCsv(await enquiriesCli(dataDir, ["export", "--csv"])).map((row) =>
    Object.fromEntries(Object.entries(row).map(([header, value]) => [keyOf.get(header) ?? header, value])),
  );
}
