/**
 * Keys outside the data (issue 41; app/platform/keys.server.ts), on both engines:
 *
 * - A database of the earlier version, whose keys were rows of app_secrets
 *   (an auth secret that encrypted an authenticator app's key, recovery
 *   codes and a sign-in code waiting to be typed, and signed a session
 *   cookie; the fingerprint key; plaintext Slack and webhook addresses and a
 *   `whsec_` secret; DATA_DIR/form-secret), is moved out at start-up: on the
 *   embedded database into a new KEYS_FILE (the fingerprint key carried
 *   over, with one log line naming the file and no key); on PostgreSQL into
 *   the keys given in the environment, after a process without keys, or with
 *   another fingerprint key, was refused and changed nothing. Then the member
 *   signs in with the waiting code, their app and a recovery code; the old
 *   session cookie and a cookie signed with the old secret are refused while
 *   one signed with the new secret is accepted; the integrations show their
 *   hosts and addresses from encrypted rows; app_secrets is empty; a restart
 *   moves nothing more.
 * - The database records which keys wrote it: a process with another key is
 *   refused naming it, and an embedded database whose key file is gone is
 *   refused instead of being given new keys; with the file back it starts.
 * - `npm run enquiries -- keys` (writeNewKeysFile) writes a file for a
 *   PostgreSQL database once, carrying its fingerprint key over.
 * - `npm run enquiries -- keys --rotate` (rotateKeys), on both engines: new
 *   auth and data keys in KEYS_FILE, the app's key, recovery codes and the
 *   integrations re-encrypted (the app and the integrations work after it),
 *   sessions ended, a cookie signed with the old secret refused; an
 *   interrupted rotation (the new file left beside the old) is named at start.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { EnvError, parseEnv, type Env } from "~/platform/env.server";
import { createMemoryLogger } from "~/platform/log.server";
import { openStore } from "./db/db.server";
import { KeysError, readKeysFile, writeNewKeysFile } from "./keys.server";
import { rotateKeys } from "./open-keys.server";
import { keyRewriters } from "~/site.server";
import { appSecrets, keyChecks } from "~/platform/db/tables.server";
import { integrations } from "~/features/integrations/tables.server";
import { staffSessions, staffTwoFactors, staffUsers, staffVerifications } from "~/features/sign-in/tables.server";
import { openSite, type Site } from "~/site.server";
import { bothEngines } from "../../test/support/engines";
import { publicLookup } from "../../test/support/webhook-hosts";
import { TEST_KEYS, testEnv } from "../../test/support/pglite";
import { Browser, codeSignIn, forgedSession } from "../../test/support/staff-auth";
import { createServices } from "~/site.server";

const { engines, open } = bothEngines<Site>();
const MEMBER = "keys.member@maternis.test";
const WAITING_CODE = "482913";
const SLACK_URL = "https://hooks.slack.com/services/T0LEGACY/B0LEGACY/legacychannelsecret";
const WEBHOOK_URL = "https://crm.example.org/hooks/legacy-crm";
/** No key in the environment: KEYS_FILE only. */
const NO_ENV_KEYS = { STAFF_AUTH_SECRET: undefined, DATA_ENCRYPTION_KEY: undefined, FINGERPRINT_KEY: undefined };
const withoutKeys = { ...NO_ENV_KEYS, FORM_SECRET: undefined };

/** A pipeline and console as the server builds them, with a logger the test reads. */
async function start(env: Env) {
  const log = createMemoryLogger();
  const pipeline = await openSite({ env, log, runWorker: false });
  open.push(pipeline);
  // Host names resolve to a public address without the internet (test/support/webhook-hosts.ts).
  const console = await createServices(pipeline.platform, { webhooks: { lookup: publicLookup } });
  return { pipeline, console, store: pipeline.platform.store, log };
}

/** The value a base32 authenticator secret is in the URI better-auth gives an app (its key's UTF-8 bytes). */
const appCode = (key: string) => new TOTP({ secret: Secret.fromUTF8(key), digits: 6, period: 30 }).generate();

/**
 * The state the earlier version left: its keys in app_secrets, what better-auth
 * encrypted with the auth secret as a plain string (bare hex: better-auth's
 * `secret` option), integrations in plain text, the generated form secret.
 */
async function seedEarlierVersion(env: Env) {
  const legacy = {
    auth: generateRandomString(43),
    fingerprint: generateRandomString(43),
    appKey: generateRandomString(32),
    recoveryCodes: ["AbCdE-12345", "FgHiJ-67890"],
    sessionToken: generateRandomString(32),
    whsec: `whsec_${Buffer.from(generateRandomString(32)).toString("base64")}`,
    memberId: randomUUID(),
    slackId: randomUUID(),
    webhookId: randomUUID(),
  };
  const encrypt = (data: string) => symmetricEncrypt({ key: legacy.auth, data });
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await store.db.insert(appSecrets).values([
      { name: "staff-auth", value: legacy.auth },
      { name: "client-fingerprint", value: legacy.fingerprint },
    ]);
    await store.db.insert(staffUsers).values({
      id: legacy.memberId,
      name: "Keys Member",
      email: MEMBER,
      emailVerified: true,
      twoFactorEnabled: true,
    });
    await store.db.insert(staffTwoFactors).values({
      id: randomUUID(),
      userId: legacy.memberId,
      secret: await encrypt(legacy.appKey),
      backupCodes: await encrypt(JSON.stringify(legacy.recoveryCodes)),
      verified: true,
    });
    await store.db.insert(staffVerifications).values({
      id: randomUUID(),
      identifier: `sign-in-otp-${MEMBER}`,
      value: `${await encrypt(WAITING_CODE)}:0`,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    await store.db.insert(staffSessions).values({
      id: randomUUID(),
      token: legacy.sessionToken,
      userId: legacy.memberId,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    await store.db.insert(integrations).values([
      { id: legacy.slackId, kind: "slack", name: "Team chat", url: SLACK_URL, events: ["enquiry.received"] },
      {
        id: legacy.webhookId,
        kind: "webhook",
        name: "CRM",
        url: WEBHOOK_URL,
        secret: legacy.whsec,
        events: ["enquiry.received"],
      },
    ]);
  } finally {
    await store.close();
  }
  writeFileSync(path.join(env.DATA_DIR, "form-secret"), `${Buffer.alloc(32, 7).toString("base64")}\n`);
  return legacy;
}

/** A browser carrying the earlier version's session cookie: its token signed with the old secret. */
function oldSessionBrowser(token: string, secret: string) {
  const browser = new Browser();
  browser.cookies.set("__Host-maternis-staff.session_token", `${token}.unsigned`);
  return forgedSession(browser, secret);
}

describe("KEYS_FILE and the environment", () => {
  test("KEYS_FILE defaults to a file beside DATA_DIR, and may not be inside DATA_DIR or BACKUP_DIR", () => {
    expect(parseEnv({ DATA_DIR: "/srv/maternis/data" }).KEYS_FILE).toBe("/srv/maternis/data-keys.env");
    expect(parseEnv({ DATA_DIR: "/srv/maternis/data/" }).KEYS_FILE).toBe("/srv/maternis/data-keys.env");
    expect(parseEnv({ DATA_DIR: "/srv/data", KEYS_FILE: "/etc/maternis/keys.env" }).KEYS_FILE).toBe(
      "/etc/maternis/keys.env",
    );
    expect(() => parseEnv({ DATA_DIR: "/srv/data", KEYS_FILE: "/srv/data/keys.env" })).toThrow(
      /KEYS_FILE: must be outside DATA_DIR/,
    );
    expect(() =>
      parseEnv({ DATA_DIR: "/srv/data", BACKUP_DIR: "/backups", KEYS_FILE: "/backups/site/keys.env" }),
    ).toThrow(EnvError);
    expect(() => parseEnv({ STAFF_AUTH_SECRET: "too short" })).toThrow(/STAFF_AUTH_SECRET: must be at least 32/);
  });
});

describe.each(engines)("keys outside the data on $name", (engine) => {
  test("an earlier version's keys are moved out of app_secrets; sign-in, integrations and the old cookie as they should be", async () => {
    const database = await engine.database();
    const embedded = engine.name === "pglite";
    const bare = testEnv({ ...database, ...withoutKeys });
    const legacy = await seedEarlierVersion(bare);
    const env = embedded ? bare : testEnv({ ...database, FINGERPRINT_KEY: legacy.fingerprint });

    if (!embedded) {
      // No keys anywhere: refused, naming the setting; another fingerprint key: refused. Neither changed anything.
      await expect(start(bare)).rejects.toThrow(
        /^STAFF_AUTH_SECRET is not set and KEYS_FILE=.* does not exist: with DATABASE_URL every process needs the same keys/,
      );
      await expect(start(testEnv({ ...database }))).rejects.toThrow(
        /^FINGERPRINT_KEY is not the key this database's hashes were made with/,
      );
      expect(existsSync(bare.KEYS_FILE)).toBe(false);
      const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      try {
        expect(await store.db.select().from(appSecrets)).toHaveLength(2);
        expect(await store.db.select().from(keyChecks)).toEqual([]);
      } finally {
        await store.close();
      }
    }

    const { console, store, log, pipeline } = await start(env);
    const keys = pipeline.platform.keys;
    if (embedded) {
      // One line naming the file, and no key in any log entry.
      expect(log.entries.filter((entry) => entry.msg.startsWith("keys created"))).toEqual([
        expect.objectContaining({ level: "warn", file: env.KEYS_FILE }),
      ]);
      expect(readKeysFile(env.KEYS_FILE)).toEqual(keys);
      expect(statSync(env.KEYS_FILE).mode & 0o777).toBe(0o600);
      expect(keys.FINGERPRINT_KEY).toBe(legacy.fingerprint);
    } else {
      expect(existsSync(env.KEYS_FILE)).toBe(false);
      expect(keys).toEqual({ ...TEST_KEYS, FINGERPRINT_KEY: legacy.fingerprint });
    }
    expect(keys.STAFF_AUTH_SECRET).not.toBe(legacy.auth);
    const logged = JSON.stringify(log.entries);
    for (const value of [...Object.values(keys), legacy.auth]) expect(logged).not.toContain(value);
    expect(log.entries.find((entry) => entry.msg === "keys moved out of the database")).toMatchObject({
      reencrypted: 1,
      unreadable: 0,
      codes: 1,
      sessionsEnded: 1,
      integrationValues: 3,
    });

    // Nothing of a key left in the database or DATA_DIR; the integrations' values encrypted.
    expect(await store.db.select().from(appSecrets)).toEqual([]);
    expect((await store.db.select().from(keyChecks)).map((row) => row.name).sort()).toEqual([
      "DATA_ENCRYPTION_KEY",
      "FINGERPRINT_KEY",
      "STAFF_AUTH_SECRET",
    ]);
    expect(existsSync(path.join(env.DATA_DIR, "form-secret"))).toBe(false);
    const stored = await store.db.select().from(integrations);
    expect(stored.flatMap((row) => [row.url, row.secret ?? "$ba$1$"]).every((v) => v.startsWith("$ba$1$"))).toBe(true);
    const [app] = await store.db.select().from(staffTwoFactors);
    // The app key re-encrypted under the new secret; the earlier version's recovery codes (encrypted, not hashed) removed (ADR 020).
    expect([app!.secret.slice(0, 6), app!.backupCodes]).toEqual(["$ba$1$", "[]"]);

    // The console reads them: hosts in the list, the address for editing.
    expect((await console.integrations.list()).map((i) => i.host).sort()).toEqual([
      "crm.example.org",
      "hooks.slack.com",
    ]);
    expect((await console.integrations.get(legacy.slackId))?.integration.url).toBe(SLACK_URL);

    // The earlier version's session cookie opens nothing.
    const old = await oldSessionBrowser(legacy.sessionToken, legacy.auth);
    expect(await console.auth.session(old.request())).toBeNull();

    // The code that was waiting, then the app (both re-encrypted), open a session.
    const browser = new Browser();
    const signedIn = await console.auth.signInWithCode(browser.request(), MEMBER, WAITING_CODE);
    if (!signedIn.ok) throw new Error(`the waiting code was refused: ${signedIn.reason}`);
    expect(signedIn.next).toBe("second-step");
    browser.take(signedIn.headers);
    const second = await console.auth.verifySecondStep(browser.request(), "app", appCode(legacy.appKey));
    if (!second.ok) throw new Error(`the app's code was refused: ${second.reason}`);
    browser.take(second.headers);
    expect((await console.auth.session(browser.request()))?.member.email).toBe(MEMBER);

    // Its cookie re-signed with the old secret is refused; with the new one accepted (the forgery is right).
    expect(await console.auth.session((await forgedSession(browser, legacy.auth)).request())).toBeNull();
    expect(
      (await console.auth.session((await forgedSession(browser, keys.STAFF_AUTH_SECRET)).request()))?.member.email,
    ).toBe(MEMBER);

    // The earlier version's recovery codes (encrypted, not hashed) were removed at start-up: the member makes new ones (ADR 020).
    const other = new Browser();
    await codeSignIn(console, store, MEMBER, other);
    const recovered = await console.auth.verifySecondStep(other.request(), "recovery", legacy.recoveryCodes[0]!);
    expect(recovered).toEqual({ ok: false, reason: "invalid" });

    // A restart moves nothing more and keeps the same keys.
    await pipeline.close();
    open.splice(open.indexOf(pipeline), 1);
    const again = await start(env);
    expect(again.pipeline.platform.keys).toEqual(keys);
    expect(again.log.entries.filter((entry) => entry.msg.startsWith("keys"))).toEqual([]);
    expect((await again.console.integrations.get(legacy.webhookId))?.integration.url).toBe(WEBHOOK_URL);
  });

  test("keys --rotate: new auth and data keys, everything re-encrypted, sessions ended; an interrupted rotation is named", async () => {
    const database = await engine.database();
    const env = testEnv({ ...database, ...withoutKeys });
    if (engine.name === "postgres") {
      const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      await writeNewKeysFile(env, store).finally(() => store.close());
    }
    const before = await start(env);
    const old = before.pipeline.platform.keys;
    const oldFile = readFileSync(env.KEYS_FILE, "utf8");
    const admin = (await before.console.auth.addMember({
      email: "rotate.admin@maternis.test",
      name: "Ro",
      role: "admin",
    }))!;
    await before.console.auth.addMember({ email: MEMBER, name: "Keys Member", role: "staff" });
    const { browser } = await codeSignIn(before.console, before.store, MEMBER);
    const setup = (await before.console.auth.startApp(browser.request()))!;
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const confirmed = await before.console.auth.confirmApp(browser.request(), app.generate());
    if (!confirmed.ok) throw new Error("the app's code was refused");
    const by = { member: admin, meta: { fingerprint: "0123456789abcdef" } };
    const slack = await before.console.integrations.add(
      { kind: "slack", name: "Sales", url: SLACK_URL, events: ["enquiry.received"], detail: "link" },
      by,
    );
    const webhook = await before.console.integrations.add(
      { kind: "webhook", name: "CRM", url: WEBHOOK_URL, events: ["enquiry.received"], detail: "link" },
      by,
    );
    if (!slack.ok || !webhook.ok) throw new Error("an integration was refused");
    await before.pipeline.close();
    open.splice(open.indexOf(before.pipeline), 1);

    // With the keys in the environment it changes nothing: it can only write the file.
    const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const log = createMemoryLogger();
    try {
      await expect(rotateKeys({ env: testEnv({ ...database }), store, log, rewriters: keyRewriters })).rejects.toThrow(
        /^STAFF_AUTH_SECRET is set in the environment: rotation writes the new keys into KEYS_FILE only/,
      );
      expect(await rotateKeys({ env, store, log, rewriters: keyRewriters })).toEqual({
        file: env.KEYS_FILE,
        changed: { reencrypted: 1, unreadable: 0, codes: 0, sessionsEnded: 1, integrationValues: 3 },
      });
    } finally {
      await store.close();
    }
    const keys = readKeysFile(env.KEYS_FILE)!;
    expect(keys.STAFF_AUTH_SECRET).not.toBe(old.STAFF_AUTH_SECRET);
    expect(keys.DATA_ENCRYPTION_KEY).not.toBe(old.DATA_ENCRYPTION_KEY);
    expect([keys.FINGERPRINT_KEY, keys.FORM_SECRET]).toEqual([old.FINGERPRINT_KEY, old.FORM_SECRET]);
    expect(statSync(env.KEYS_FILE).mode & 0o777).toBe(0o600);
    expect(existsSync(`${env.KEYS_FILE}.new`)).toBe(false);
    expect(JSON.stringify(log.entries)).not.toContain(keys.STAFF_AUTH_SECRET!);

    const after = await start(env);
    expect(after.pipeline.platform.keys).toEqual(keys);
    expect((await after.console.integrations.get(slack.id))?.integration.url).toBe(SLACK_URL);
    expect((await after.console.integrations.list()).map((i) => i.host).sort()).toEqual([
      "crm.example.org",
      "hooks.slack.com",
    ]);
    expect(await after.console.auth.session(browser.request())).toBeNull();
    // The app (its key re-encrypted) completes a sign-in: the next step's code, not the one already used.
    const again = new Browser();
    await codeSignIn(after.console, after.store, MEMBER, again);
    const second = await after.console.auth.verifySecondStep(
      again.request(),
      "app",
      app.generate({ timestamp: Date.now() + 30_000 }),
    );
    if (!second.ok) throw new Error(`the app's code was refused after the rotation: ${second.reason}`);
    again.take(second.headers);
    expect(await after.console.auth.session((await forgedSession(again, old.STAFF_AUTH_SECRET)).request())).toBeNull();
    expect(
      (await after.console.auth.session((await forgedSession(again, keys.STAFF_AUTH_SECRET!)).request()))?.member.email,
    ).toBe(MEMBER);
    await after.pipeline.close();
    open.splice(open.indexOf(after.pipeline), 1);

    // A crash after the commit, before the new file replaced the old: a start names it.
    const newFile = readFileSync(env.KEYS_FILE, "utf8");
    writeFileSync(env.KEYS_FILE, oldFile);
    writeFileSync(`${env.KEYS_FILE}.new`, newFile, { mode: 0o600 });
    await expect(start(env)).rejects.toThrow(
      /is not the key this database's data was written with, and \S+\.new exists: a key rotation was interrupted/,
    );
    renameSync(`${env.KEYS_FILE}.new`, env.KEYS_FILE);
    expect((await start(env)).pipeline.platform.keys).toEqual(keys);
  });

  test("a process with another key than the data's is refused, naming it; the same keys open it", async () => {
    const database = await engine.database();
    await start(testEnv(database));
    await open.pop()!.close();
    for (const name of ["STAFF_AUTH_SECRET", "DATA_ENCRYPTION_KEY", "FINGERPRINT_KEY"] as const) {
      const other = testEnv({ ...database, [name]: `another-${name}-0123456789abcdef-0123456789` });
      await expect(start(other)).rejects.toThrow(
        new RegExp(`^${name} is not the key this database's data was written with`),
      );
    }
    const { pipeline } = await start(testEnv(database));
    expect(pipeline.platform.keys).toEqual(TEST_KEYS);
  });
});

describe("the embedded database's key file", () => {
  test("created once on a new database; a database whose file is gone is refused, and starts with the file back", async () => {
    const [embedded] = engines;
    const env = testEnv({ ...(await embedded.database()), ...withoutKeys });
    const first = await start(env);
    const keys = first.pipeline.platform.keys;
    expect(first.log.entries.filter((entry) => entry.msg.startsWith("keys created"))).toHaveLength(1);
    expect(readFileSync(env.KEYS_FILE, "utf8")).toMatch(/^# The Maternis site's keys\. Keep this file/);
    await open.pop()!.close();

    const kept = `${env.KEYS_FILE}.kept`;
    renameSync(env.KEYS_FILE, kept);
    await expect(start(env)).rejects.toThrow(
      /^KEYS_FILE=.* does not exist, but the database in DATA_DIR=.* was written with the keys in it/,
    );
    expect(existsSync(env.KEYS_FILE)).toBe(false);

    renameSync(kept, env.KEYS_FILE);
    const back = await start(env);
    expect(back.pipeline.platform.keys).toEqual(keys);
    expect(back.log.entries.filter((entry) => entry.msg.startsWith("keys"))).toEqual([]);
  });

  test("a file without a key is refused, naming it; the environment gives the rest, and wins over the file", async () => {
    const [embedded] = engines;
    const database = await embedded.database();
    const env = testEnv({ ...database, ...withoutKeys });
    writeFileSync(env.KEYS_FILE, `STAFF_AUTH_SECRET=${TEST_KEYS.STAFF_AUTH_SECRET}\n`, { mode: 0o600 });
    await expect(start(env)).rejects.toThrow(
      /^DATA_ENCRYPTION_KEY is not set and KEYS_FILE=.* has no DATA_ENCRYPTION_KEY line: add it there, or set DATA_ENCRYPTION_KEY/,
    );
    const { STAFF_AUTH_SECRET: fromFile, ...rest } = TEST_KEYS;
    const first = await start(testEnv({ ...database, ...rest, STAFF_AUTH_SECRET: undefined }));
    expect(first.pipeline.platform.keys).toEqual({ ...rest, STAFF_AUTH_SECRET: fromFile });
    await open.pop()!.close();
    // STAFF_AUTH_SECRET in the environment is the one used (so refused here: the data has the file's).
    await expect(
      start(testEnv({ ...database, ...rest, STAFF_AUTH_SECRET: "from-the-environment-0123456789abcdef-0123" })),
    ).rejects.toThrow(/^STAFF_AUTH_SECRET is not the key this database's data was written with/);
  });
});

describe("npm run enquiries -- keys, on PostgreSQL", () => {
  test("writes KEYS_FILE once with the database's fingerprint key; every process then starts from it", async () => {
    const [, postgres] = engines;
    const database = await postgres.database();
    const env = testEnv({ ...database, ...withoutKeys });
    const legacy = await seedEarlierVersion(env);
    const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      expect(await writeNewKeysFile(env, store)).toEqual({ file: env.KEYS_FILE, carried: true });
      expect(statSync(env.KEYS_FILE).mode & 0o777).toBe(0o600);
      expect(readKeysFile(env.KEYS_FILE)?.FINGERPRINT_KEY).toBe(legacy.fingerprint);
      await expect(writeNewKeysFile(env, store)).rejects.toThrow(/exists already: nothing was written/);
    } finally {
      await store.close();
    }
    const { console, pipeline } = await start(env);
    expect(pipeline.platform.keys).toEqual(readKeysFile(env.KEYS_FILE));
    expect((await console.integrations.get(legacy.slackId))?.integration.url).toBe(SLACK_URL);

    // Once the data has keys, a new file is refused: it would not read the data.
    const elsewhere = testEnv({ ...database, ...withoutKeys, KEYS_FILE: `${env.KEYS_FILE}.new` });
    await expect(writeNewKeysFile(elsewhere, pipeline.platform.store)).rejects.toThrow(KeysError);
    expect(existsSync(elsewhere.KEYS_FILE)).toBe(false);
    const [row] = await pipeline.platform.store.db
      .select()
      .from(keyChecks)
      .where(eq(keyChecks.name, "FINGERPRINT_KEY"));
    expect(row).toBeDefined();
  });
});
