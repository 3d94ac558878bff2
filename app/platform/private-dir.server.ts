import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";

/**
 * The folders that hold personal data (the embedded database, the file
 * outbox, the backups) belong to the server's user alone: mode 0700, whatever
 * the umask or the mode they had. Inside them no other user can reach a file,
 * whatever its own mode (PGlite writes its files 0666). ASVS 13.3.2; the
 * keys' file is kept so too (./keys.server.ts).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * A folder that another user owns (an operator's volume the server may only
 * write to) keeps the mode its owner gave it: only the owner may change it.
 */
const notOurs = (error: unknown) => (error as NodeJS.ErrnoException).code === "EPERM";

/** Makes `dir` (and any missing parents) and keeps it to this process's user. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    if (!notOurs(error)) throw error;
  }
}

/** privateDirSync, without blocking. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE).catch((error: unknown) => {
    if (!notOurs(error)) throw error;
  });
}

/** Gives `dir` and every folder below it `dirMode`, and every file below it `fileMode`. */
function setTreeModes(dir: string, dirMode: number, fileMode: number): void {
  chmodSync(dir, dirMode);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, dirMode);
    else if (entry.isFile()) chmodSync(file, fileMode);
  }
}

/** Takes every permission of group and others from `dir` and all below it (a copied tree keeps its source's modes). */
export const keepTreePrivateSync = (dir: string) => setTreeModes(dir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE);

/**
 * Lets only the owner write in `dir` and below, everyone still read it: the
 * build's empty cluster, which another user may run the server from.
 */
export const keepTreeOwnersSync = (dir: string) => setTreeModes(dir, 0o755, 0o644);
