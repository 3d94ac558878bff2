import { open, readdir, readFile, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip as gunzipCallback } from "node:zlib";
import { count, inArray } from "drizzle-orm";
import { openStore, pgliteExtensions } from "~/platform/db/db.server";
import { hasKeyChecks } from "~/platform/keys.server";
import { deliveries, enquiries } from "~/features/enquiries/index.server";
import { privateDir } from "~/platform/private-dir.server";

const gunzip = promisify(gunzipCallback);

/** A restore that was not attempted, with the one-line reason. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

async function isEmptyOrMissing(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

async function startsWith(file: string, magic: Buffer) {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(magic.length);
    await handle.read(head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    await handle.close();
  }
}

/**
 * Loads a backup of the embedded database (backupEmbedded) into DATA_DIR/db,
 * which must not hold a database yet: the enquiries, deliveries and job queue
 * come back exactly as they were at the snapshot. The data directory is
 * unpacked beside DATA_DIR/db and renamed into place, so a restore that fails
 * leaves no half database behind. Returns what the restored database holds.
 */
export async function restoreBackup(file: string, dataDir: string) {
  const dbDir = path.resolve(dataDir, "db");
  if (!(await isEmptyOrMissing(dbDir))) {
    throw new RestoreRefusedError(
      `${dbDir} already holds a database: restore only into an empty DATA_DIR (move that folder away first).`,
    );
  }
  // Said in words, not as Node's ENOENT or EISDIR.
  const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!found) throw new RestoreRefusedError(`${file} does not exist.`);
  if (!found.isFile()) throw new RestoreRefusedError(`${file} is not a file: name a backup file.`);
  if (await startsWith(file, Buffer.from("PGDMP"))) {
    throw new RestoreRefusedError(`${file} is a pg_dump archive: restore it into PostgreSQL with pg_restore.`);
  }
  let tar: Buffer;
  try {
    tar = await gunzip(await readFile(file));
  } catch {
    throw new RestoreRefusedError(`${file} is not a backup of the embedded database (not gzip).`);
  }

  const staging = `${dbDir}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await privateDir(staging);
  try {
    // Loaded here: a process on PostgreSQL never needs PGlite.
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(staging, {
      loadDataDir: new Blob([new Uint8Array(tar)]),
      extensions: await pgliteExtensions(),
    });
    await client.close();
    await rmdir(dbDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(staging, dbDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  // Opening it as the server would (lock, migrations) proves it is usable.
  const store = await openStore({ dataDir });
  try {
    const [stored] = await store.db.select({ n: count() }).from(enquiries);
    // Queued or failed (to be retried): the worker sends these after the restore.
    const [waiting] = await store.db
      .select({ n: count() })
      .from(deliveries)
      .where(inArray(deliveries.status, ["queued", "failed"]));
    return {
      dbDir,
      enquiries: stored?.n ?? 0,
      waitingEmails: waiting?.n ?? 0,
      /** Whether its data was written with keys (KEYS_FILE), which the backup does not hold. */
      writtenWithKeys: await hasKeyChecks(store),
    };
  } finally {
    await store.close();
  }
}
