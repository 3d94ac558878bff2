/**
 * The embedded database's first start copies the cluster the build made
 * (scripts/build-cluster.ts, createClusterTemplate, which every build without
 * a cached cluster runs) instead of running initdb in the server
 * (docs/decisions/025-memory-recovery-and-load.md).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openStore, rowsOf } from "./db.server";
import { preparedDataDir } from "../../../test/support/pglite";
import { createFromTemplate, isClusterTemplate } from "./pglite-cluster.server";

const root = mkdtempSync(path.join(tmpdir(), "maternis-cluster-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => path.join(root, String(++n));
const installedVersion = () =>
  (JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as { version: string }).version;

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A folder shaped like a template, without a cluster in it (enough for the choice, not to open). */
function fakeTemplate(version: string) {
  const dir = folder();
  mkdirSync(path.join(dir, "db"), { recursive: true });
  writeFileSync(path.join(dir, "db", "PG_VERSION"), "17\n");
  // As PGlite writes them: readable and writable by anyone.
  chmodSync(path.join(dir, "db", "PG_VERSION"), 0o666);
  chmodSync(path.join(dir, "db"), 0o777);
  writeFileSync(path.join(dir, "pglite.json"), JSON.stringify({ version }));
  return dir;
}

describe("which first start copies the build's cluster", () => {
  test("an empty or missing database folder, from a template of the installed PGlite", () => {
    const template = fakeTemplate(installedVersion());
    const missing = path.join(folder(), "db");
    expect(createFromTemplate(missing, template)).toBe(true);
    expect(readFileSync(path.join(missing, "PG_VERSION"), "utf8")).toBe("17\n");
    // The copy is the server user's alone (the template's modes: 0777 and 0666).
    expect(modeOf(missing)).toBe(0o700);
    expect(modeOf(path.join(missing, "PG_VERSION"))).toBe(0o600);
    const empty = folder();
    mkdirSync(empty);
    expect(createFromTemplate(empty, template)).toBe(true);
    expect(readdirSync(empty)).toEqual(["PG_VERSION"]);
    // Nothing of the copy is left beside it.
    expect(readdirSync(path.dirname(empty)).filter((name) => name.includes(".creating-"))).toEqual([]);
  });

  test("never a folder that holds anything, a template of another PGlite, or none", () => {
    const template = fakeTemplate(installedVersion());
    const used = folder();
    mkdirSync(used);
    writeFileSync(path.join(used, "half-made"), "");
    expect(createFromTemplate(used, template)).toBe(false);
    expect(readdirSync(used)).toEqual(["half-made"]);

    const older = fakeTemplate("0.0.1");
    expect(isClusterTemplate(older)).toBe(false);
    expect(createFromTemplate(path.join(folder(), "db"), older)).toBe(false);
    expect(isClusterTemplate(folder())).toBe(false);
    const target = path.join(folder(), "db");
    expect(createFromTemplate(target, undefined)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });
});

test("a store opened on an empty folder with the build's cluster is a copy of that cluster", async () => {
  // The suite's prepared cluster (initdb'd once per run: test/support/pglite.ts), shaped as the build shapes one.
  const prepared = await preparedDataDir("maternis-cluster-test-");
  const template = folder();
  mkdirSync(template);
  renameSync(path.join(prepared.dir, "db"), path.join(template, "db"));
  prepared.remove();
  writeFileSync(path.join(template, "pglite.json"), JSON.stringify({ version: installedVersion() }));
  expect(isClusterTemplate(template)).toBe(true);

  const dataDir = folder();
  const store = await openStore({ fsync: false, dataDir, clusterTemplate: template });
  let copied: string;
  try {
    const [row] = rowsOf<{ id: string; enquiries: number }>(
      await store.db.execute(
        "select system_identifier::text as id, (select count(*)::int from enquiries) as enquiries from pg_control_system()",
      ),
    );
    copied = row!.id;
    expect(row!.enquiries).toBe(0);
  } finally {
    await store.close();
  }
  // initdb gives each cluster it makes a system identifier of its own: the same one is the template's.
  const { PGlite } = await import("@electric-sql/pglite");
  const original = await PGlite.create(path.join(template, "db"));
  try {
    const { rows } = await original.query<{ id: string }>(
      "select system_identifier::text as id from pg_control_system()",
    );
    expect(rows[0]!.id).toBe(copied);
  } finally {
    await original.close();
  }
  // The database folder is the server user's alone, one from before this rule too once opened again.
  const db = path.join(dataDir, "db");
  expect(modeOf(db)).toBe(0o700);
  chmodSync(db, 0o755);
  await (await openStore({ fsync: false, dataDir, clusterTemplate: template })).close();
  expect(modeOf(db)).toBe(0o700);
});
