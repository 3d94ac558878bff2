import { readFileSync } from "node:fs";
import path from "node:path";
import { EnvError } from "./env-values.server";

/**
 * The files the environment names (./env.server.ts): credentials read from a
 * `NAME_FILE` instead of a variable, and the keys file, whose default place
 * is beside DATA_DIR and which may never be inside DATA_DIR or BACKUP_DIR.
 */

/** The default KEYS_FILE: beside DATA_DIR, named after it (./data → ./data-keys.env), so never in it. */
export function defaultKeysFile(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}-keys.env`);
}

/** Whether `file` is `dir` or inside it. */
export function isInside(file: string, dir: string) {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Credentials that may come from a file instead of the environment
 * (docs/configuration.md "Secrets from files"): `DATABASE_URL_FILE` names a
 * file holding DATABASE_URL, and so on, as a secrets manager, Docker or
 * Kubernetes mounts them, so the secret is never in the process's
 * environment (which its children inherit and /proc shows its owner). The
 * four keys have KEYS_FILE.
 */
export const FILE_SECRETS = [
  "DATABASE_URL",
  "SMTP_URL",
  "ACS_CONNECTION_STRING",
  "METRICS_TOKEN",
  "METRICS_TOKEN_PREVIOUS",
  "COMMUNICATION_API_KEY",
  "COMMUNICATION_API_KEY_PREVIOUS",
] as const;

/** `source` with each FILE_SECRETS variable read from its `_FILE` (one trailing line break dropped); errors name the variable and the path, never what the file holds. */
export function withFileSecrets(source: Record<string, string | undefined>) {
  const resolved = { ...source };
  for (const name of FILE_SECRETS) {
    const file = source[`${name}_FILE`];
    delete resolved[`${name}_FILE`];
    if (!file) continue;
    if (source[name]) throw new EnvError(`${name}: set ${name} or ${name}_FILE, not both`);
    try {
      resolved[name] = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      throw new EnvError(`${name}_FILE: cannot read ${file} (${code})`);
    }
  }
  return resolved;
}
