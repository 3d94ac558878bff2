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
 * Before this, the keys were rows of `app_secrets`. `openKeys` moves them out
 * once, in one transaction: the fingerprint key into the new file; the
 * authenticator keys, recovery codes and sign-in codes encrypted with the old
 * auth secret re-encrypted with the new one (sessions, signed with the old
 * one, end); plaintext integration addresses and secrets encrypted; then the
 * rows are deleted. DATA_DIR/form-secret (the old generated FORM_SECRET) is
 * deleted too. `rotateKeys` (`npm run enquiries -- keys --rotate`) changes
 * the auth and data keys by the same re-encryption.
 */
import { createHmac, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { parseEnv as parseEnvFile } from "node:util";
import { parseEnvelope, symmetricDecrypt, symmetricEncrypt, type SecretConfig } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Store, Transaction } from "./db/db.server";
import { appSecrets, keyChecks } from "~/platform/db/tables.server";
import { integrations } from "~/features/integrations/tables.server";
import { staffSessions, staffTwoFactors, staffVerifications } from "~/features/sign-in/tables.server";

export const KEY_NAMES = ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY", "FINGERPRINT_KEY", "FORM_SECRET"] as const;
export type KeyName = (typeof KEY_NAMES)[number];
export type Keys = Readonly<Record<KeyName, string>>;

/** The keys the stored data depends on (FORM_SECRET signs only what a browser holds for a day). */
const CHECKED = ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY", "FINGERPRINT_KEY"] as const;

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

const versioned = (key: string): SecretConfig => ({ keys: new Map([[KEY_VERSION, key]]), currentVersion: KEY_VERSION });

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
    const fd = openSync(temp, "w", 0o600);
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
async function legacySecrets(db: Store["db"] | Transaction): Promise<Map<string, string>> {
  const rows = await db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets);
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Whether the database already records which keys its data was written with. */
export async function hasKeyChecks(store: Store): Promise<boolean> {
  return (await store.db.select({ name: keyChecks.name }).from(keyChecks).limit(1)).length > 0;
}

function missingKeys(env: Env, missing: readonly KeyName[], fileExists: boolean): KeysError {
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
 * The keys of this process: each from its environment variable or KEYS_FILE
 * (created on the embedded database's first start), checked against the
 * database's record of them, with the old `app_secrets` keys moved out
 * (see the top of this file). Throws a KeysError naming the setting when a
 * key is missing or is not the one the data was written with.
 */
export async function openKeys({ env, store, log }: { env: Env; store: Store; log: Logger }): Promise<Keys> {
  const given: Partial<Record<KeyName, string>> = {};
  for (const name of KEY_NAMES) if (env[name]) given[name] = env[name];
  let stored = readKeysFile(env.KEYS_FILE);
  const missing = () => KEY_NAMES.filter((name) => !given[name] && !stored?.[name]);

  if (missing().length > 0 && !stored) {
    if (env.DATABASE_URL) throw missingKeys(env, missing(), false);
    if (await hasKeyChecks(store)) {
      throw new KeysError(
        `KEYS_FILE=${env.KEYS_FILE} does not exist, but the database in DATA_DIR=${env.DATA_DIR} was written with the keys in it ` +
          `(a restore on another machine?): put that file back from where you keep it apart from the backups, or set KEYS_FILE to it. ` +
          `New keys would not read the data.`,
      );
    }
    // The embedded database's first start (or its first start since the keys left app_secrets):
    // the fingerprint key keeps the value its hashes were made with.
    const legacy = await legacySecrets(store.db);
    const created = newKeys({ FINGERPRINT_KEY: given.FINGERPRINT_KEY ?? legacy.get("client-fingerprint") });
    if (createKeysFile(env.KEYS_FILE, created)) {
      log.warn("keys created: keep this file and back it up apart from DATA_DIR and its backups", {
        file: env.KEYS_FILE,
      });
    }
    stored = readKeysFile(env.KEYS_FILE);
  }
  const absent = missing();
  if (absent.length > 0) throw missingKeys(env, absent, stored !== undefined);
  if (stored && Object.keys(stored).length > 0) {
    const mode = statSync(env.KEYS_FILE).mode;
    if ((mode & 0o077) !== 0) {
      log.warn("the keys file can be read by other users: make it owner-only (chmod 600)", { file: env.KEYS_FILE });
    }
  }
  const keys = Object.fromEntries(KEY_NAMES.map((name) => [name, given[name] ?? stored![name]!])) as Keys;

  const moved = await moveOutOfDatabase(store, keys, env.KEYS_FILE);
  if (moved) log.info("keys moved out of the database", moved);
  if (moved?.unreadable) {
    log.warn('authenticator apps the old secret could not decrypt: those members need "Reset sign-in"', {
      count: moved.unreadable,
    });
  }
  // The FORM_SECRET generated before KEYS_FILE existed: no longer used, and no key stays in DATA_DIR.
  rmSync(path.resolve(env.DATA_DIR, "form-secret"), { force: true });
  return keys;
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
function syncFolder(dir: string) {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export type Rotated = {
  file: string;
  /** Authenticator keys and recovery-code sets re-encrypted. */
  reencrypted: number;
  /** Values the old key could not decrypt (left as they were). */
  unreadable: number;
  /** Sign-in codes waiting to be typed, re-encrypted. */
  codes: number;
  /** Sessions ended: their cookies were signed with the old secret. */
  sessionsEnded: number;
  /** Integration addresses and signing secrets re-encrypted. */
  integrationValues: number;
};

/**
 * `npm run enquiries -- keys --rotate`, with every process stopped: new
 * STAFF_AUTH_SECRET and DATA_ENCRYPTION_KEY in KEYS_FILE, and everything they
 * protect re-encrypted (FINGERPRINT_KEY cannot change: its hashes cannot be
 * made again; FORM_SECRET protects no data and may be edited in the file).
 * The new file is written beside KEYS_FILE as `KEYS_FILE.new` first; the
 * data is re-encrypted and its checks changed in one transaction; then the
 * new file replaces the old. A crash between the two leaves `.new`, which a
 * start names. Every staff session ends. Needs the two keys in KEYS_FILE,
 * not in the environment (the command can change only the file).
 */
export async function rotateKeys({ env, store, log }: { env: Env; store: Store; log: Logger }): Promise<Rotated> {
  for (const name of ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
    if (env[name]) {
      throw new KeysError(
        `${name} is set in the environment: rotation writes the new keys into KEYS_FILE only. Move the keys into KEYS_FILE=${env.KEYS_FILE} for the rotation (and back after it, if you wish). Nothing was changed.`,
      );
    }
  }
  const old = await openKeys({ env, store, log });
  const next = newKeys({ FINGERPRINT_KEY: old.FINGERPRINT_KEY, FORM_SECRET: old.FORM_SECRET });
  const pending = `${env.KEYS_FILE}.new`;
  if (!createKeysFile(pending, next)) {
    throw new KeysError(`${pending} exists: a rotation was interrupted, or is running. Nothing was changed.`);
  }
  let rotated: Omit<Rotated, "file">;
  try {
    rotated = await store.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
      const recorded = new Map((await tx.select().from(keyChecks)).map((row) => [row.name, row.digest]));
      for (const name of CHECKED) {
        if (recorded.get(name) !== keyCheck(name, old[name])) {
          throw new KeysError(`${name} changed while the rotation ran: nothing was changed.`);
        }
      }
      const auth = await reencryptAuth(tx, versioned(old.STAFF_AUTH_SECRET), versioned(next.STAFF_AUTH_SECRET));
      const integrationValues = await encryptIntegrations(tx, dataCipher(next), dataCipher(old));
      for (const name of ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
        await tx
          .update(keyChecks)
          .set({ digest: keyCheck(name, next[name]) })
          .where(eq(keyChecks.name, name));
      }
      return { ...auth, integrationValues };
    });
  } catch (error) {
    rmSync(pending, { force: true });
    throw error;
  }
  renameSync(pending, env.KEYS_FILE);
  syncFolder(path.dirname(env.KEYS_FILE));
  log.info("keys rotated", rotated);
  return { file: env.KEYS_FILE, ...rotated };
}

/** An arbitrary constant: the advisory lock of the keys' move and checks ("keys" in ASCII). */
const KEYS_LOCK = 0x6b657973;

type Moved = {
  /** Authenticator keys and recovery-code sets re-encrypted with the new auth secret. */
  reencrypted: number;
  /** Values encrypted with the old auth secret that it could not decrypt (their members set up again). */
  unreadable: number;
  /** Sign-in codes waiting to be typed, re-encrypted. */
  codes: number;
  /** Sessions ended: their cookies were signed with the old secret. */
  sessionsEnded: number;
  /** Integration addresses and signing secrets encrypted. */
  integrationValues: number;
};

/**
 * In one transaction, under an advisory lock (processes may start together
 * on PostgreSQL): checks the keys against `key_checks` (recording them the
 * first time), re-encrypts what the old auth secret of `app_secrets`
 * encrypted, encrypts plaintext integration values, and deletes the
 * `app_secrets` rows. Undefined when there was nothing to move.
 */
async function moveOutOfDatabase(store: Store, keys: Keys, keysFile: string): Promise<Moved | undefined> {
  return store.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    const legacy = await legacySecrets(tx);
    const recorded = new Map(
      (await tx.select().from(keyChecks)).map((row) => [row.name, row.digest] as [string, string]),
    );
    const legacyFingerprint = legacy.get("client-fingerprint");
    if (!recorded.has("FINGERPRINT_KEY") && legacyFingerprint && legacyFingerprint !== keys.FINGERPRINT_KEY) {
      throw new KeysError(
        "FINGERPRINT_KEY is not the key this database's hashes were made with (its app_secrets row 'client-fingerprint'): " +
          "write the key file with `npm run enquiries -- keys`, which carries it over, or set FINGERPRINT_KEY to that value.",
      );
    }
    for (const name of CHECKED) {
      const digest = keyCheck(name, keys[name]);
      const known = recorded.get(name);
      if (known === undefined) await tx.insert(keyChecks).values({ name, digest }).onConflictDoNothing();
      else if (known !== digest) {
        const pending = `${keysFile}.new`;
        throw new KeysError(
          existsSync(pending)
            ? `${name} is not the key this database's data was written with, and ${pending} exists: a key rotation was ` +
                `interrupted after the data was re-encrypted. Move ${pending} to KEYS_FILE=${keysFile}, then start again.`
            : `${name} is not the key this database's data was written with: give every process the same keys (${name}, or KEYS_FILE). ` +
                "A changed key cannot read what the old one encrypted: change keys with `npm run enquiries -- keys --rotate`.",
        );
      }
    }

    const moved: Moved = { reencrypted: 0, unreadable: 0, codes: 0, sessionsEnded: 0, integrationValues: 0 };
    const oldAuth = legacy.get("staff-auth");
    if (oldAuth) Object.assign(moved, await reencryptAuth(tx, oldAuth, versioned(keys.STAFF_AUTH_SECRET)));
    moved.integrationValues = await encryptIntegrations(tx, dataCipher(keys));
    if (legacy.size > 0) await tx.delete(appSecrets);
    const changed = legacy.size > 0 || Object.values(moved).some((n) => n > 0);
    return changed ? moved : undefined;
  });
}

/**
 * `stored`, encrypted with `from`, encrypted again with `to`; null if `from`
 * cannot decrypt it. `from` as a plain string is the earlier version's auth
 * secret, whose ciphertexts are bare hex: an envelope is already `to`'s.
 */
async function reencrypt(stored: string, from: string | SecretConfig, to: SecretConfig): Promise<string | null> {
  if (typeof from === "string" && isEnvelope(stored)) return stored;
  let plain: string;
  try {
    plain = await symmetricDecrypt({ key: from, data: stored });
  } catch {
    return null;
  }
  return symmetricEncrypt({ key: to, data: plain });
}

/**
 * What better-auth encrypted with the auth secret `from`, encrypted with `to`
 * (as better-auth itself would, `$ba$1$…`): each authenticator key, and each
 * sign-in code still waiting (`<ciphertext>:<tries>`).
 * Sessions end: their cookies carry the old secret's signature.
 */
async function reencryptAuth(tx: Transaction, from: string | SecretConfig, to: SecretConfig) {
  let reencrypted = 0;
  let unreadable = 0;
  for (const row of await tx.select().from(staffTwoFactors)) {
    // Recovery codes are stored as hashes (app/features/sign-in/second-factor.server.ts): nothing to re-encrypt.
    // A set still in the old, encrypted form is emptied at start-up (removeUnhashedRecoveryCodes).
    const secret = await reencrypt(row.secret, from, to);
    if (secret === null) {
      unreadable += 1;
      continue;
    }
    if (secret === row.secret) continue;
    await tx.update(staffTwoFactors).set({ secret }).where(eq(staffTwoFactors.id, row.id));
    reencrypted += 1;
  }
  let codes = 0;
  for (const row of await tx.select().from(staffVerifications)) {
    const colon = row.value.lastIndexOf(":");
    const [stored, tries] = colon === -1 ? [row.value, null] : [row.value.slice(0, colon), row.value.slice(colon)];
    // Only sign-in codes are encrypted: a ciphertext (hex, or an envelope of hex), then ":<wrong tries>".
    // WebAuthn challenges are JSON.
    if (tries === null || !(isEnvelope(stored) || /^[0-9a-f]+$/.test(stored))) continue;
    const value = await reencrypt(stored, from, to);
    if (value === null || value === stored) continue;
    await tx
      .update(staffVerifications)
      .set({ value: `${value}${tries}` })
      .where(eq(staffVerifications.id, row.id));
    codes += 1;
  }
  const ended = await tx.delete(staffSessions).returning({ id: staffSessions.id });
  return { reencrypted, unreadable, codes, sessionsEnded: ended.length };
}

/**
 * Integration addresses and signing secrets under `to`: plaintext ones (the
 * earlier version's) encrypted, and with `from` (a rotation) encrypted ones
 * decrypted with it first. How many values changed.
 */
async function encryptIntegrations(tx: Transaction, to: DataCipher, from?: DataCipher): Promise<number> {
  let count = 0;
  const rekeyed = async (value: string) =>
    !isEnvelope(value) ? to.encrypt(value) : from ? to.encrypt(await from.decrypt(value)) : value;
  for (const row of await tx
    .select({ id: integrations.id, url: integrations.url, secret: integrations.secret })
    .from(integrations)) {
    const url = await rekeyed(row.url);
    const secret = row.secret === null ? null : await rekeyed(row.secret);
    if (url === row.url && secret === row.secret) continue;
    await tx.update(integrations).set({ url, secret }).where(eq(integrations.id, row.id));
    count += Number(url !== row.url) + Number(secret !== row.secret);
  }
  return count;
}
