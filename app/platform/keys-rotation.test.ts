/**
 * Keys outside the data (issue 41): `npm run enquiries -- keys --rotate`
 * (rotateKeys, app/platform/open-keys.server.ts), on both engines: new auth
 * and data keys in KEYS_FILE, the app's key, recovery codes and the
 * integrations re-encrypted (the app and the integrations work after it),
 * sessions ended, a cookie signed with the old secret refused; an
 * interrupted rotation (the new file left beside the old) is named at start.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { createMemoryLogger } from "~/platform/log.server";
import { readKeysFile, writeNewKeysFile } from "./keys.server";
import { rotateKeys } from "./open-keys.server";
import { keyRewriters, type Site } from "~/site.server";
import { bothEngines } from "../../test/support/engines";
import { KEYS_MEMBER, SLACK_URL, WEBHOOK_URL, WITHOUT_KEYS, keysSites } from "../../test/support/keys-site";
import { openTestStore, testEnv } from "../../test/support/pglite";
import { Browser, codeSignIn, forgedSession } from "../../test/support/staff-auth";
import { appCodeAt, currentAppCode } from "../../test/support/totp";
import { totpStep } from "~/features/sign-in/sign-in";

const { engines, open } = bothEngines<Site>();
const start = keysSites(open);

describe.each(engines)("keys outside the data on $name", (engine) => {
  test("keys --rotate: new auth and data keys, everything re-encrypted, sessions ended; an interrupted rotation is named", async () => {
    const database = await engine.database();
    const env = testEnv({ ...database, ...WITHOUT_KEYS });
    if (engine.name === "postgres") {
      const store = await openTestStore(env);
      await writeNewKeysFile(env, store).finally(() => store.close());
    }
    const before = await start(env);
    const old = before.pipeline.platform.keys;
    const oldFile = readFileSync(env.KEYS_FILE, "utf8");
    const admin = (await before.console.members.add({
      email: "rotate.admin@maternis.test",
      name: "Ro",
      role: "admin",
    }))!;
    await before.console.members.add({ email: KEYS_MEMBER, name: "Keys Member", role: "staff" });
    const { browser } = await codeSignIn(before.console, before.store, KEYS_MEMBER);
    const setup = (await before.console.auth.startApp(browser.request()))!;
    const confirmed = await before.console.auth.confirmApp(browser.request(), currentAppCode(setup.secret));
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
    const store = await openTestStore(env);
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
    await codeSignIn(after.console, after.store, KEYS_MEMBER, again);
    const second = await after.console.auth.verifySecondStep(
      again.request(),
      "app",
      appCodeAt(setup.secret, totpStep() + 1),
    );
    if (!second.ok) throw new Error(`the app's code was refused after the rotation: ${second.reason}`);
    again.take(second.headers);
    expect(await after.console.auth.session((await forgedSession(again, old.STAFF_AUTH_SECRET)).request())).toBeNull();
    expect(
      (await after.console.auth.session((await forgedSession(again, keys.STAFF_AUTH_SECRET!)).request()))?.member.email,
    ).toBe(KEYS_MEMBER);
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
});
