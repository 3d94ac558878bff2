/**
 * Issue 41, keys outside the backups: whoever holds a backup (or a copy of
 * DATA_DIR) can neither forge a staff session nor read a key or an
 * integration's address.
 *
 * On the embedded database with its zero-configuration key file: a member
 * enrols an authenticator app (and gets recovery codes), an admin adds a
 * Slack, a Teams and a signed webhook integration, and a backup is taken as
 * the schedule takes it. Every file of the unpacked backup and every file
 * under DATA_DIR is searched byte by byte (any case) for each key of the key
 * file, the app's key, the recovery codes, each integration address and its
 * secret part, the webhook's signing secret, and `whsec_`: none is there.
 * Positive controls: the key file holds the keys; the console shows the
 * address and gave the secret; the same search finds the member's address,
 * the integrations' names and the session token in the backup.
 *
 * Then everything the backup holds that could be a key signs the member's
 * session token as a cookie: every value of every row of every table of the
 * backup restored (the session token among them), and every string of 20 or
 * more base64 or base64url characters in its files or in those values. Each
 * is refused, while the same token signed with the key file's
 * STAFF_AUTH_SECRET is accepted.
 *
 * On PostgreSQL the same needles are searched in `pg_dump` output.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { Secret } from "otpauth";
import { describe, expect, test } from "vitest";
import type { IntegrationInput } from "~/features/integrations/integrations";
import type { Env } from "~/platform/env.server";
import { rowsOf } from "~/platform/db/db.server";
import { readKeysFile } from "~/platform/keys.server";
import { backupEmbedded } from "./backups.server";
import { restoreBackup } from "./restore.server";
import type { Site } from "~/site.server";
import { backupFiles, backupFilesHolding, filesHolding, pgDump } from "../../../test/support/data-requests";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore, tempDataDir, testEnv } from "../../../test/support/pglite";
import { codeSignIn, enrolApp, forgedSession, openStaffConsole } from "../../../test/support/staff-auth";
import { publicLookup } from "../../../test/support/webhook-hosts";

const { engines, open, cleanups } = bothEngines<Site>();
const MEMBER = "enrolled.member@maternis.test";
const ADMIN = "integrations.admin@maternis.test";
const SLACK_URL = "https://hooks.slack.com/services/T0KEYTEST/B0KEYTEST/SlackChannelSecret4h7Q2x";
const TEAMS_URL =
  "https://prod-42.westeurope.logic.azure.com/workflows/0b1c2d3e4f/triggers/manual/paths/invoke?api-version=2016-06-01&sig=TeamsWorkflowSig9Zk3Lm";
const WEBHOOK_URL = "https://crm.example.org/hooks/keys-test-receiver";

const endpoint = (kind: IntegrationInput["kind"], name: string, url: string): IntegrationInput => ({
  kind,
  name,
  url,
  events: ["enquiry.received"],
  detail: "link",
});

/** A member enrolled with an app, and an admin's three integrations, through the console's services. */
async function enrolAndConnect(env: Env) {
  const { console, store, pipeline } = await openStaffConsole(env, open, { webhooks: { lookup: publicLookup } });
  const admin = (await console.members.add({ email: ADMIN, name: "Ada Admin", role: "admin" }))!;
  await console.members.add({ email: MEMBER, name: "Enrolled Member", role: "staff" });
  const { browser } = await codeSignIn(console, store, MEMBER);
  const setup = await enrolApp(console, browser);
  expect((await console.auth.session(browser.request()))?.assurance).toBe("full");

  const by = { member: admin, meta: { fingerprint: "0123456789abcdef" } };
  const slack = await console.integrations.add(endpoint("slack", "Sales channel KT1", SLACK_URL), by);
  const teams = await console.integrations.add(endpoint("teams", "Operations team KT2", TEAMS_URL), by);
  const webhook = await console.integrations.add(endpoint("webhook", "CRM receiver KT3", WEBHOOK_URL), by);
  if (!slack.ok || !teams.ok || !webhook.ok) throw new Error("an integration was refused");
  // What the console shows: the address when editing, the signing secret once.
  expect((await console.integrations.get(slack.id))?.integration.url).toBe(SLACK_URL);
  expect((await console.integrations.get(teams.id))?.integration.url).toBe(TEAMS_URL);
  expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

  const appKey = Secret.fromBase32(setup.secret);
  const secrets = [
    SLACK_URL,
    "SlackChannelSecret4h7Q2x",
    TEAMS_URL,
    "TeamsWorkflowSig9Zk3Lm",
    WEBHOOK_URL,
    webhook.secret!,
    webhook.secret!.slice("whsec_".length),
    "whsec_",
    setup.secret,
    appKey.utf8,
    ...setup.recoveryCodes,
  ];
  return { console, store, pipeline, browser, secrets, keys: pipeline.platform.keys };
}

const runs = (text: string) => [...text.matchAll(/[A-Za-z0-9+/=_-]{20,}/g)].map((match) => match[0]);

/** Every string in a JSON value (a row as row_to_json gives it). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return value === null || value === undefined ? [] : [String(value)];
}

/**
 * What someone holding the backup `file` could try as a key: every value of
 * every row of every table once it is restored, and every run of 20 or more
 * base64 or base64url characters in those values and in the backup's files.
 */
async function candidateSecrets(file: string, files: { bytes: Buffer }[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const { bytes } of files) for (const run of runs(bytes.toString("latin1"))) found.add(run);
  const restored = tempDataDir("maternis-keys-restored-");
  cleanups.push(restored.remove);
  await restoreBackup(file, restored.dir);
  const store = await openTestStore({ DATA_DIR: restored.dir });
  try {
    const tables = rowsOf<{ schema: string; name: string }>(
      await store.db.execute(sql`
        select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
    );
    expect(tables.map((t) => t.name)).toContain("staff_sessions");
    for (const { schema, name } of tables) {
      const rows = rowsOf<{ row: string }>(
        await store.db.execute(sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`)),
      );
      for (const { row } of rows) {
        // An empty value cannot key an HMAC: everything else is tried.
        for (const value of stringsOf(JSON.parse(row)).filter(Boolean)) {
          found.add(value);
          for (const run of runs(value)) found.add(run);
        }
      }
    }
  } finally {
    await store.close();
  }
  return found;
}

describe("keys outside the backups", () => {
  test("embedded: no key, app key, recovery code, integration address or whsec_ in a backup or DATA_DIR; nothing in it signs a session", async () => {
    const [embedded] = engines;
    const env = testEnv({
      ...(await embedded.database()),
      // The zero-configuration start: the keys in the KEYS_FILE it creates beside DATA_DIR.
      STAFF_AUTH_SECRET: undefined,
      DATA_ENCRYPTION_KEY: undefined,
      FINGERPRINT_KEY: undefined,
      FORM_SECRET: undefined,
    });
    const { console, store, browser, secrets, keys } = await enrolAndConnect(env);
    const keyFile = readFileSync(env.KEYS_FILE, "utf8");
    expect(readKeysFile(env.KEYS_FILE)).toEqual(keys);
    for (const value of Object.values(keys)) expect(keyFile).toContain(value);
    const needles = [...Object.values(keys), ...secrets];

    const { file } = await backupEmbedded(store, { dir: env.BACKUP_DIR, policy: { daily: 7, weekly: 8 } });
    const unpacked = backupFiles(file.path);
    expect(unpacked.length, "files in the backup").toBeGreaterThan(100);
    const token = decodeURIComponent([...browser.cookies].find(([name]) => name.endsWith("session_token"))![1]);
    const sessionToken = token.slice(0, token.lastIndexOf("."));
    // Positive controls: the search finds what the backup does hold.
    for (const held of [MEMBER, "Sales channel KT1", "Operations team KT2", "CRM receiver KT3", sessionToken]) {
      expect(backupFilesHolding(unpacked, [held]), held).not.toEqual([]);
    }
    expect(filesHolding(env.DATA_DIR, [MEMBER])).not.toEqual([]);

    expect(backupFilesHolding(unpacked, needles)).toEqual([]);
    expect(filesHolding(env.DATA_DIR, needles)).toEqual([]);

    // A cookie for the member's session signed with anything in the backup is refused…
    const candidates = await candidateSecrets(file.path, unpacked);
    expect(candidates.has(sessionToken)).toBe(true);
    expect(candidates.size).toBeGreaterThan(1000);
    let accepted = 0;
    for (const candidate of candidates) {
      if (await console.auth.session((await forgedSession(browser, candidate)).request())) accepted += 1;
    }
    expect(accepted, `of ${candidates.size} strings from the backup`).toBe(0);
    // …and signed with the key file's secret, accepted: the forgery is made as better-auth signs.
    expect(
      (await console.auth.session((await forgedSession(browser, keys.STAFF_AUTH_SECRET)).request()))?.member.email,
    ).toBe(MEMBER);
  }, 180_000);

  test("PostgreSQL: no key, app key, recovery code, integration address or whsec_ in pg_dump output", async () => {
    const [, postgres] = engines;
    const env = testEnv(await postgres.database());
    const { secrets, keys } = await enrolAndConnect(env);
    const dump = pgDump(env.DATABASE_URL!);
    // Positive controls: the dump holds the member and the integrations' names (lower-case, as searched).
    expect(dump).toContain(MEMBER);
    expect(dump).toContain("sales channel kt1");
    const found = [...Object.values(keys), ...secrets].filter((needle) => dump.includes(needle.toLowerCase()));
    expect(found).toEqual([]);
  });
});
