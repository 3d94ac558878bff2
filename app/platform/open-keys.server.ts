import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { symmetricDecrypt, symmetricEncrypt, type SecretConfig } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Env } from "./env.server";
import type { Logger } from "./log.server";
import type { Store, Transaction } from "./db/db.server";
import { appSecrets, keyChecks } from "./db/tables.server";
import {
  CHECKED,
  createKeysFile,
  dataCipher,
  hasKeyChecks,
  isEnvelope,
  KEY_NAMES,
  keyCheck,
  KeysError,
  legacySecrets,
  missingKeys,
  newKeys,
  readKeysFile,
  syncFolder,
  versioned,
  type DataCipher,
  type KeyName,
  type Keys,
} from "./keys.server";

/**
 * What the features that encrypt with the keys rewrite when a key moves out
 * of the database or changes (app/site.server.ts names them: staff sign-in
 * for the auth secret, the integrations for the data key), in the
 * transaction of the move; each answers counts for the log line.
 */
export type KeyRewriters = {
  /** What better-auth encrypted with the auth secret `from`, under `to` (sessions, signed with `from`, end). */
  auth(tx: Transaction, from: string | SecretConfig, to: SecretConfig): Promise<KeyRewrite>;
  /** Plaintext values encrypted under `to`; with `from` (a rotation), values under `from` too. */
  data(tx: Transaction, to: DataCipher, from?: DataCipher): Promise<KeyRewrite>;
};

/** Counts of what a rewrite changed; `unreadable` counts what the old key could not decrypt. */
export type KeyRewrite = Record<string, number>;

/**
 * `stored`, encrypted with `from`, encrypted again with `to`; null if `from`
 * cannot decrypt it. `from` as a plain string is the earlier version's auth
 * secret, whose ciphertexts are bare hex: an envelope is already `to`'s.
 */
export async function reencrypt(stored: string, from: string | SecretConfig, to: SecretConfig): Promise<string | null> {
  if (typeof from === "string" && isEnvelope(stored)) return stored;
  let plain: string;
  try {
    plain = await symmetricDecrypt({ key: from, data: stored });
  } catch {
    return null;
  }
  return symmetricEncrypt({ key: to, data: plain });
}

/** What opening or rotating the keys works on: the environment, the database, the log, and the features' rewriters. */
export type KeysDeps = { env: Env; store: Store; log: Logger; rewriters: KeyRewriters };

/**
 * The keys of this process: each from its environment variable or KEYS_FILE
 * (created on the embedded database's first start), checked against the
 * database's record of them, with the old `app_secrets` keys moved out
 * (see the top of this file). Throws a KeysError naming the setting when a
 * key is missing or is not the one the data was written with.
 */
export async function openKeys({ env, store, log, rewriters }: KeysDeps): Promise<Keys> {
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

  const moved = await moveOutOfDatabase(store, keys, env.KEYS_FILE, rewriters);
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

/** What a rotation changed: the new file, and the rewriters' counts. */
export type Rotated = { file: string; changed: KeyRewrite };

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
export async function rotateKeys({ env, store, log, rewriters }: KeysDeps): Promise<Rotated> {
  for (const name of ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
    if (env[name]) {
      throw new KeysError(
        `${name} is set in the environment: rotation writes the new keys into KEYS_FILE only. Move the keys into KEYS_FILE=${env.KEYS_FILE} for the rotation (and back after it, if you wish). Nothing was changed.`,
      );
    }
  }
  const old = await openKeys({ env, store, log, rewriters });
  const next = newKeys({ FINGERPRINT_KEY: old.FINGERPRINT_KEY, FORM_SECRET: old.FORM_SECRET });
  const pending = `${env.KEYS_FILE}.new`;
  if (!createKeysFile(pending, next)) {
    throw new KeysError(`${pending} exists: a rotation was interrupted, or is running. Nothing was changed.`);
  }
  let rotated: KeyRewrite;
  try {
    rotated = await store.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
      const recorded = new Map((await tx.select().from(keyChecks)).map((row) => [row.name, row.digest]));
      for (const name of CHECKED) {
        if (recorded.get(name) !== keyCheck(name, old[name])) {
          throw new KeysError(`${name} changed while the rotation ran: nothing was changed.`);
        }
      }
      const auth = await rewriters.auth(tx, versioned(old.STAFF_AUTH_SECRET), versioned(next.STAFF_AUTH_SECRET));
      const data = await rewriters.data(tx, dataCipher(next), dataCipher(old));
      for (const name of ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
        await tx
          .update(keyChecks)
          .set({ digest: keyCheck(name, next[name]) })
          .where(eq(keyChecks.name, name));
      }
      return { ...auth, ...data };
    });
  } catch (error) {
    rmSync(pending, { force: true });
    throw error;
  }
  renameSync(pending, env.KEYS_FILE);
  syncFolder(path.dirname(env.KEYS_FILE));
  log.info("keys rotated", rotated);
  return { file: env.KEYS_FILE, changed: rotated };
}

/** An arbitrary constant: the advisory lock of the keys' move and checks ("keys" in ASCII). */
const KEYS_LOCK = 0x6b657973;

/** What a move out of the database changed: the rewriters' counts. */
type Moved = KeyRewrite;

/**
 * In one transaction, under an advisory lock (processes may start together
 * on PostgreSQL): checks the keys against `key_checks` (recording them the
 * first time), re-encrypts what the old auth secret of `app_secrets`
 * encrypted, encrypts plaintext integration values, and deletes the
 * `app_secrets` rows. Undefined when there was nothing to move.
 */
async function moveOutOfDatabase(
  store: Store,
  keys: Keys,
  keysFile: string,
  rewriters: KeyRewriters,
): Promise<Moved | undefined> {
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

    const moved: Moved = {};
    const oldAuth = legacy.get("staff-auth");
    if (oldAuth) Object.assign(moved, await rewriters.auth(tx, oldAuth, versioned(keys.STAFF_AUTH_SECRET)));
    Object.assign(moved, await rewriters.data(tx, dataCipher(keys)));
    if (legacy.size > 0) await tx.delete(appSecrets);
    const changed = legacy.size > 0 || Object.values(moved).some((n) => n > 0);
    return changed ? moved : undefined;
  });
}
