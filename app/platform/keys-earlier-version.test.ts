/**
 * Keys outside the data (issue 41; app/platform/keys.server.ts): a database
 * of the earlier version, whose keys were rows of app_secrets (an auth secret
 * that encrypted an authenticator app's key, recovery codes and a sign-in
 * code waiting to be typed, and signed a session cookie; the fingerprint
 * key; plaintext Slack and webhook addresses and a `whsec_` secret;
 * DATA_DIR/form-secret), on both engines.
 *
 * - It is moved out at start-up: on the embedded database into a new
 *   KEYS_FILE (the fingerprint key carried over, with one log line naming the
 *   file and no key); on PostgreSQL into the keys given in the environment,
 *   after a process without keys, or with another fingerprint key, was
 *   refused and changed nothing. Then the member signs in with the waiting
 *   code and their app; the old session cookie and a cookie signed with the
 *   old secret are refused while one signed with the new secret is accepted;
 *   the integrations show their hosts and addresses from encrypted rows;
 *   app_secrets is empty; a restart moves nothing more.
 * - `npm run enquiries -- keys` (writeNewKeysFile) writes a file for a
 *   PostgreSQL database once, carrying its fingerprint key over.
 */
import { randomUUID } from "node:crypto";
import { existsSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import type { Env } from "~/platform/env.server";
import { KeysError, readKeysFile, writeNewKeysFile } from "./keys.server";
import { appSecrets, keyChecks } from "~/platform/db/tables.server";
import { integrations } from "~/features/integrations/tables.server";
import { staffSessions, staffTwoFactors, staffUsers, staffVerifications } from "~/features/sign-in/tables.server";
import type { Site } from "~/site.server";
import { bothEngines } from "../../test/support/engines";
import { KEYS_MEMBER, SLACK_URL, WEBHOOK_URL, WITHOUT_KEYS, keysSites } from "../../test/support/keys-site";
import { openTestStore, TEST_KEYS, testEnv } from "../../test/support/pglite";
import { Browser, codeSignIn, forgedSession } from "../../test/support/staff-auth";

const { engines, open } = bothEngines<Site>();
const start = keysSites(open);
const WAITING_CODE = "482913";

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
  const store = await openTestStore(env);
  try {
    await store.db.insert(appSecrets).values([
      { name: "staff-auth", value: legacy.auth },
      { name: "client-fingerprint", value: legacy.fingerprint },
    ]);
    await store.db.insert(staffUsers).values({
      id: legacy.memberId,
      name: "Keys Member",
      email: KEYS_MEMBER,
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
      identifier: `sign-in-otp-${KEYS_MEMBER}`,
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
describe.each(engines)("keys outside the data on $name", (engine) => {
  test("an earlier version's keys are moved out of app_secrets; sign-in, integrations and the old cookie as they should be", async () => {
    const database = await engine.database();
    const embedded = engine.name === "pglite";
    const bare = testEnv({ ...database, ...WITHOUT_KEYS });
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
      const store = await openTestStore(env);
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
    const signedIn = await console.auth.signInWithCode(browser.request(), KEYS_MEMBER, WAITING_CODE);
    if (!signedIn.ok) throw new Error(`the waiting code was refused: ${signedIn.reason}`);
    expect(signedIn.next).toBe("second-step");
    browser.take(signedIn.headers);
    const second = await console.auth.verifySecondStep(browser.request(), "app", appCode(legacy.appKey));
    if (!second.ok) throw new Error(`the app's code was refused: ${second.reason}`);
    browser.take(second.headers);
    expect((await console.auth.session(browser.request()))?.member.email).toBe(KEYS_MEMBER);

    // Its cookie re-signed with the old secret is refused; with the new one accepted (the forgery is right).
    expect(await console.auth.session((await forgedSession(browser, legacy.auth)).request())).toBeNull();
    expect(
      (await console.auth.session((await forgedSession(browser, keys.STAFF_AUTH_SECRET)).request()))?.member.email,
    ).toBe(KEYS_MEMBER);

    // The earlier version's recovery codes (encrypted, not hashed) were removed at start-up: the member makes new ones (ADR 020).
    const other = new Browser();
    await codeSignIn(console, store, KEYS_MEMBER, other);
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
});

describe("npm run enquiries -- keys, on PostgreSQL", () => {
  test("writes KEYS_FILE once with the database's fingerprint key; every process then starts from it", async () => {
    const [, postgres] = engines;
    const database = await postgres.database();
    const env = testEnv({ ...database, ...WITHOUT_KEYS });
    const legacy = await seedEarlierVersion(env);
    const store = await openTestStore(env);
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
    const elsewhere = testEnv({ ...database, ...WITHOUT_KEYS, KEYS_FILE: `${env.KEYS_FILE}.new` });
    await expect(writeNewKeysFile(elsewhere, pipeline.platform.store)).rejects.toThrow(KeysError);
    expect(existsSync(elsewhere.KEYS_FILE)).toBe(false);
    const [row] = await pipeline.platform.store.db
      .select()
      .from(keyChecks)
      .where(eq(keyChecks.name, "FINGERPRINT_KEY"));
    expect(row).toBeDefined();
  });
});
