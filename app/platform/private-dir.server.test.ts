import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { keepTreeOwnersSync, keepTreePrivateSync, privateDir, privateDirSync } from "./private-dir.server";

const root = mkdtempSync(path.join(tmpdir(), "maternis-private-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A tree as PGlite writes one: every folder 0777, every file 0666. */
function openTree(name: string) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "base", "1"), { recursive: true });
  writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  writeFileSync(path.join(dir, "base", "1", "1259"), "");
  for (const folder of [dir, path.join(dir, "base"), path.join(dir, "base", "1")]) chmodSync(folder, 0o777);
  for (const file of [path.join(dir, "PG_VERSION"), path.join(dir, "base", "1", "1259")]) chmodSync(file, 0o666);
  return dir;
}

test("a private folder is made 0700, and one made before with other modes becomes 0700", async () => {
  const made = path.join(root, "made", "outbox");
  await privateDir(made);
  expect(modeOf(made)).toBe(0o700);
  const older = path.join(root, "older");
  mkdirSync(older, { mode: 0o755 });
  chmodSync(older, 0o755);
  privateDirSync(older);
  expect(modeOf(older)).toBe(0o700);
});

test("a tree is made the owner's alone, or writable by its owner only, at every depth", () => {
  const mine = openTree("mine");
  keepTreePrivateSync(mine);
  expect([mine, path.join(mine, "base", "1")].map(modeOf)).toEqual([0o700, 0o700]);
  expect([path.join(mine, "PG_VERSION"), path.join(mine, "base", "1", "1259")].map(modeOf)).toEqual([0o600, 0o600]);

  const shared = openTree("shared");
  keepTreeOwnersSync(shared);
  expect([shared, path.join(shared, "base", "1")].map(modeOf)).toEqual([0o755, 0o755]);
  expect([path.join(shared, "PG_VERSION"), path.join(shared, "base", "1", "1259")].map(modeOf)).toEqual([0o644, 0o644]);
});
