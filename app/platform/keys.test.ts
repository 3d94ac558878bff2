/**
 * Keys outside the data (issue 41; app/platform/keys.server.ts): which keys
 * open the data.
 *
 * - KEYS_FILE's default and where it may not be.
 * - The database records which keys wrote it: a process with another key is
 *   refused naming it (both engines), and an embedded database whose key
 *   file is gone is refused instead of being given new keys; with the file
 *   back it starts. A file without a key is refused, naming it; the
 *   environment gives the rest, and wins over the file.
 *
 * An earlier version's keys moved out of the database: ./keys-earlier-version.test.ts;
 * `keys --rotate`: ./keys-rotation.test.ts.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { EnvError } from "~/platform/env-values.server";
import type { Site } from "~/site.server";
import { bothEngines } from "../../test/support/engines";
import { keysSites, WITHOUT_KEYS } from "../../test/support/keys-site";
import { TEST_KEYS, testEnv } from "../../test/support/pglite";

const { engines, open } = bothEngines<Site>();
const start = keysSites(open);

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
    const env = testEnv({ ...(await embedded.database()), ...WITHOUT_KEYS });
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
    const env = testEnv({ ...database, ...WITHOUT_KEYS });
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
