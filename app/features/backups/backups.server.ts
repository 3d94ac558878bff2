import { execFile } from "node:child_process";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Store } from "~/platform/db/db.server";
import { PRIVATE_FILE_MODE, privateDir } from "~/platform/private-dir.server";
import { backupsToKeep, type RetentionPolicy } from "./backup-retention.server";

/**
 * Backups of the enquiry database in BACKUP_DIR: `enquiries-<UTC time>.tar.gz`
 * (a snapshot of the embedded database, see Store.backup) or `.dump` (pg_dump
 * custom format, for PostgreSQL). They hold personal data: the folder is
 * owner-only (0700), each file 0600, written under a temporary name and
 * renamed so that a half-written backup never looks like one, and pruned to
 * the retention policy after every backup.
 */
export type BackupFormat = "pglite" | "pg_dump";
export type BackupFile = { name: string; path: string; bytes: number; takenAt: Date; format: BackupFormat };
export type BackupResult = { file: BackupFile; deleted: string[]; ms: number };

const extensions: Record<BackupFormat, string> = { pglite: ".tar.gz", pg_dump: ".dump" };
const namePattern = /^enquiries-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3})Z\.(tar\.gz|dump)$/;
/** A temporary file older than this belonged to a backup that was interrupted. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

export function backupName(takenAt: Date, format: BackupFormat): string {
  return `enquiries-${takenAt.toISOString().replace(/:/g, "-")}${extensions[format]}`;
}

export function parseBackupName(name: string): { takenAt: Date; format: BackupFormat } | undefined {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const [, date, hours, minutes, seconds, extension] = match;
  const takenAt = new Date(`${date}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(takenAt.getTime())) return undefined;
  return { takenAt, format: extension === "dump" ? "pg_dump" : "pglite" };
}

/** The backups in `dir`, newest first (none when the folder does not exist). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const file = path.join(dir, name);
    files.push({ name, path: file, bytes: (await stat(file)).size, ...parsed });
  }
  return files.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

const tempName = (name: string) => `.${name}.${process.pid}.tmp`;

/** Writes `name` in `dir` through `write(tempPath)`, then renames it into place and syncs the folder. */
async function writeAtomically(dir: string, name: string, write: (file: string) => Promise<void>) {
  await privateDir(dir);
  const temp = path.join(dir, tempName(name));
  const target = path.join(dir, name);
  try {
    await (await open(temp, "w", PRIVATE_FILE_MODE)).close();
    await write(temp);
    const handle = await open(temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return target;
}

/** Deletes the backups the policy does not keep, and temporary files of interrupted backups. Returns the names deleted. */
export async function pruneBackups(dir: string, now: Date, policy: RetentionPolicy): Promise<string[]> {
  const backups = await listBackups(dir);
  const keep = backupsToKeep(backups, now, policy);
  const deleted: string[] = [];
  for (const backup of backups) {
    if (keep.has(backup.name)) continue;
    await rm(backup.path, { force: true });
    deleted.push(backup.name);
  }
  for (const name of await readdir(dir)) {
    if (!name.startsWith(".enquiries-") || !name.endsWith(".tmp")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > STALE_TEMP_MS) {
      await rm(file, { force: true });
      deleted.push(name);
    }
  }
  return deleted;
}

async function finish(dir: string, target: string, takenAt: Date, format: BackupFormat, policy: RetentionPolicy) {
  const name = path.basename(target);
  const file: BackupFile = { name, path: target, bytes: (await stat(target)).size, takenAt, format };
  const deleted = await pruneBackups(dir, takenAt, policy);
  return { file, deleted };
}

export type BackupOptions = { dir: string; policy: RetentionPolicy; now?: () => Date };

/** Snapshots the embedded database into `dir`, then prunes it. The file's name is the time the snapshot began. */
export async function backupEmbedded(store: Store, { dir, policy, now = () => new Date() }: BackupOptions) {
  if (!store.backup) throw new Error("Only the embedded database is backed up by the server; use pg_dump.");
  const takenAt = now();
  const started = performance.now();
  const data = await store.backup();
  const target = await writeAtomically(dir, backupName(takenAt, "pglite"), async (temp) => {
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  });
  const result = await finish(dir, target, takenAt, "pglite", policy);
  return { ...result, ms: Math.round(performance.now() - started) } satisfies BackupResult;
}

export class PgDumpMissingError extends Error {
  override name = "PgDumpMissingError";
}

/** libpq's environment for a postgres:// URL, so that the password never appears in a process list. */
function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = url.searchParams.get("host");
  if (host) env.PGHOST = host;
  return env;
}

/** Runs `pg_dump -Fc` of DATABASE_URL into `dir`, then prunes it. */
export async function backupPostgres(databaseUrl: string, { dir, policy, now = () => new Date() }: BackupOptions) {
  const takenAt = now();
  const started = performance.now();
  const target = await writeAtomically(dir, backupName(takenAt, "pg_dump"), async (temp) => {
    try {
      await promisify(execFile)("pg_dump", ["--format=custom", "--file", temp], {
        env: { ...process.env, ...libpqEnv(databaseUrl) },
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new PgDumpMissingError(
          "pg_dump is not installed: install the PostgreSQL client tools (the server's major version) or use your provider's backups.",
          { cause: error },
        );
      }
      const stderr = (error as { stderr?: string }).stderr?.trim().replace(/\s*\n\s*/g, " ");
      throw new Error(`pg_dump failed${stderr ? `: ${stderr}` : ""}`, { cause: error });
    }
  });
  const result = await finish(dir, target, takenAt, "pg_dump", policy);
  return { ...result, ms: Math.round(performance.now() - started) } satisfies BackupResult;
}
