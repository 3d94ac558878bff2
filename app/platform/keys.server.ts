/**
 * The site's keys, kept outside the data (docs/decisions/020-multi-factor-sign-in.md, "Keys"):
 * never in DATA_DIR, in the database or in a backup, so that whoever holds a
 * copy of the data cannot forge a staff session, read an authenticator
 * app's key, post to the team's Slack or Teams or sign webhooks.
 *
 * - STAFF_AUTH_SECRET: better-auth's secret. Signs session cookies; encrypts
 *   the authenticator apps' keys, the recovery codes and the e-mailed sign-in
 *   codes (better-auth encrypts those with its own secret only).
 * - DATA_ENCRYPTION_KEY: encrypts integration addresses and webhook signing
 *   secrets (`dataCipher`).
 * - FINGERPRINT_KEY: keys the client fingerprints and the hashes of
 *   addresses (audit log, removed members). One-way hashes cannot be made
 *   again under another key, so it keeps the value it had in the database.
 * - FORM_SECRET: signs the forms' anti-spam timestamps.
 *
 * Each is its environment variable, or else its `NAME=value` line in
 * KEYS_FILE (default `<DATA_DIR>-keys.env`, beside DATA_DIR). The embedded
 * database's zero-configuration start creates that file (owner-only) when it
 * does not exist; with DATABASE_URL nothing is created: a process without
 * its keys refuses to start, since every process must hold the same ones.
 *
 * The database records a check of each key that its data depends on
 * (`key_checks`: an HMAC of a fixed text, from which nothing of the key can
 * be learnt): a process with another key refuses to start instead of
 * writing what the others cannot read, and an embedded database restored
 * without its key file is refused instead of being given new keys.
 *
 * Before this, the keys were rows of `app_secrets`. `openKeys` (./open-keys.server.ts) moves them out
 * once, in one transaction: the fingerprint key into the new file; the
 * authenticator keys and sign-in codes encrypted with the old auth secret
 * re-encrypted with the new one (sessions, signed with the old
 * one, end); plaintext integration addresses and secrets encrypted; then the
 * rows are deleted. DATA_DIR/form-secret (the old generated FORM_SECRET) is
 * deleted too. `rotateKeys` (`npm run enquiries -- keys --rotate`) changes
 * the auth and data keys by the same re-encryption.
 */
import { createHmac, randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { parseEnv as parseEnvFile } from "node:util";
import { parseEnvelope, symmetricDecrypt, symmetricEncrypt, type SecretConfig } from "better-auth/crypto";
import type { Env } from "~/platform/env.server";
import type { Store, Transaction } from "./db/db.server";
import { appSecrets, keyChecks } from "./db/tables.server";
import { PRIVATE_FILE_MODE } from "./private-dir.server";

export const KEY_NAMES = ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY", "FINGERPRINT_KEY", "FORM_SECRET"] as const;
export type KeyName = (typeof KEY_NAMES)[number];
export type Keys = Readonly<Record<KeyName, string>>;

/** The keys the stored data depends on (FORM_SECRET signs only what a browser holds for a day). */
export const CHECKED = ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY", "FINGERPRINT_KEY"] as const;

/**
 * The version of a key in better-auth's envelopes (`$ba$1$…`): always 1, since
 * a rotation re-encrypts everything in one transaction (old and new never coexist).
 */
export const KEY_VERSION = 1;

/** Keys that could not be found, or do not match the data: the message names the setting. */
export class KeysError extends Error {
  override name = "KeysError";
}

/** better-auth's `secrets` option: the auth secret, versioned, so what it encrypts is marked `$ba$1$`. */
export function authSecrets(keys: Pick<Keys, "STAFF_AUTH_SECRET">) {
  return [{ version: KEY_VERSION, value: keys.STAFF_AUTH_SECRET }];
}

export const versioned = (key: string): SecretConfig => ({
  keys: new Map([[KEY_VERSION, key]]),
  currentVersion: KEY_VERSION,
});

/** Whether a stored value is one of better-auth's versioned ciphertexts (`$ba$<version>$…`). */
export const isEnvelope = (stored: string) => parseEnvelope(stored) !== null;

/**
 * Encryption at rest with DATA_ENCRYPTION_KEY, by better-auth's maintained
 * primitive (XChaCha20-Poly1305, a random nonce per value, authenticated):
 * `$ba$1$<hex>`. Decrypting anything else (plaintext, another key) throws.
 */
export type DataCipher = { encrypt(text: string): Promise<string>; decrypt(stored: string): Promise<string> };

export function dataCipher(keys: Pick<Keys, "DATA_ENCRYPTION_KEY">): DataCipher {
  const key = versioned(keys.DATA_ENCRYPTION_KEY);
  return {
    encrypt: (text) => symmetricEncrypt({ key, data: text }),
    decrypt: (stored) => symmetricDecrypt({ key, data: stored }),
  };
}

/** The check `key_checks` keeps of a key: an HMAC of a fixed text under it. */
export function keyCheck(name: KeyName, value: string): string {
  return createHmac("sha256", value).update(`maternis key check: ${name}`).digest("base64url");
}

/** Four new random keys (32 bytes each), with `carried` values kept. */
export function newKeys(carried: Partial<Keys> = {}): Keys {
  const entries = KEY_NAMES.map((name) => [name, carried[name] ?? randomBytes(32).toString("base64url")] as const);
  return Object.fromEntries(entries) as Record<KeyName, string>;
}

/** The key file's text: a comment saying what it is, then one `NAME=value` line per key. */
export function keysFileText(keys: Keys): string {
  return [
    "# The Maternis site's keys. Keep this file, owner-only, and back it up apart from DATA_DIR and",
    "# its backups: without it the data in them cannot be read (authenticator apps, integrations).",
    '# Never put it in DATA_DIR or BACKUP_DIR. See docs/operations.md, "Keys".',
    ...KEY_NAMES.map((name) => `${name}=${keys[name]}`),
    "",
  ].join("\n");
}

/**
 * The keys in `file`, or undefined when it does not exist. A value shorter
 * than 32 characters is refused, naming it.
 */
export function readKeysFile(file: string): Partial<Record<KeyName, string>> | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new KeysError(`KEYS_FILE=${file} cannot be read (${code ?? String(error)}): let this process read it.`);
  }
  const parsed = parseEnvFile(text);
  const keys: Partial<Record<KeyName, string>> = {};
  for (const name of KEY_NAMES) {
    const value = parsed[name]?.trim();
    if (!value) continue;
    if (value.length < 32) throw new KeysError(`${name} in KEYS_FILE=${file} must be at least 32 characters.`);
    keys[name] = value;
  }
  return keys;
}

/**
 * Creates `file` with `keys`, owner-only (0600), written in full and synced
 * under a temporary name, then linked into place: it is never half-written,
 * and an existing file is never replaced. False when one exists already.
 */
export function createKeysFile(file: string, keys: Keys): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const fd = openSync(temp, "w", PRIVATE_FILE_MODE);
    try {
      writeSync(fd, keysFileText(keys));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
    syncFolder(path.dirname(file));
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KeysError(
      `KEYS_FILE=${file} cannot be written (${code ?? String(error)}): set KEYS_FILE to a file outside DATA_DIR that this process may write.`,
      { cause: error },
    );
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The rows of the old `app_secrets` table (the keys before issue 41), by name. */
export async function legacySecrets(db: Store["db"] | Transaction): Promise<Map<string, string>> {
  const rows = await db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets);
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Whether the database already records which keys its data was written with. */
export async function hasKeyChecks(store: Store): Promise<boolean> {
  return (await store.db.select({ name: keyChecks.name }).from(keyChecks).limit(1)).length > 0;
}

export function missingKeys(env: Env, missing: readonly KeyName[], fileExists: boolean): KeysError {
  const first = missing[0]!;
  if (fileExists) {
    return new KeysError(
      `${first} is not set and KEYS_FILE=${env.KEYS_FILE} has no ${first} line: add it there, or set ${first}.`,
    );
  }
  return new KeysError(
    `${first} is not set and KEYS_FILE=${env.KEYS_FILE} does not exist: with DATABASE_URL every process needs the same keys, ` +
      "so none are created. Write the file once with `npm run enquiries -- keys` and give every process that file (KEYS_FILE), " +
      "or set STAFF_AUTH_SECRET, DATA_ENCRYPTION_KEY, FINGERPRINT_KEY and FORM_SECRET on each.",
  );
}

/**
 * `npm run enquiries -- keys`: writes a new KEYS_FILE for a database whose
 * data has no keys yet (a new PostgreSQL database, or one of an earlier
 * version): new keys, with the fingerprint key its hashes were made with
 * (FINGERPRINT_KEY, or its old `app_secrets` row) carried over. Refuses to
 * replace a file, or to give new keys to data written with others.
 */
export async function writeNewKeysFile(env: Env, store: Store): Promise<{ file: string; carried: boolean }> {
  if (readKeysFile(env.KEYS_FILE) !== undefined) {
    throw new KeysError(`KEYS_FILE=${env.KEYS_FILE} exists already: nothing was written.`);
  }
  if (await hasKeyChecks(store)) {
    throw new KeysError(
      "This database's data was written with keys already: new ones would not read it (to change them, `keys --rotate`). Nothing was written.",
    );
  }
  const fingerprint = env.FINGERPRINT_KEY ?? (await legacySecrets(store.db)).get("client-fingerprint");
  if (!createKeysFile(env.KEYS_FILE, newKeys({ FINGERPRINT_KEY: fingerprint }))) {
    throw new KeysError(`KEYS_FILE=${env.KEYS_FILE} exists already: nothing was written.`);
  }
  return { file: env.KEYS_FILE, carried: fingerprint !== undefined };
}

/** Syncs a folder, so a file linked or renamed into it stays after a crash. */
export function syncFolder(dir: string) {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
