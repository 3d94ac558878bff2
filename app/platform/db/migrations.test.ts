import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openTestStore, preparedDataDir } from "../../../test/support/pglite";
import { rowsOf } from "./db.server";

/**
 * The migrations build the schema the tables declare: every table, column,
 * index and constraint the latest snapshot (what drizzle-kit generated from
 * app/features/<feature>/tables.server.ts) names exists, under that name,
 * once the migrations have run. A hand-written migration (a rename, such as
 * 0013's) that forgot a name would leave the old one and fail here.
 */
const META = path.join(import.meta.dirname, "migrations/meta");
const latest = readdirSync(META)
  .filter((file) => file.endsWith("_snapshot.json"))
  .sort()
  .at(-1)!;

type Snapshot = {
  tables: Record<
    string,
    {
      name: string;
      columns: Record<string, unknown>;
      indexes: Record<string, unknown>;
      foreignKeys: Record<string, unknown>;
      uniqueConstraints: Record<string, unknown>;
      checkConstraints: Record<string, unknown>;
    }
  >;
};

function declared(snapshot: Snapshot): string[] {
  return Object.values(snapshot.tables).flatMap((table) => [
    `table ${table.name}`,
    ...Object.keys(table.columns).map((column) => `column ${table.name}.${column}`),
    ...Object.keys(table.indexes).map((index) => `index ${index}`),
    ...[table.foreignKeys, table.uniqueConstraints, table.checkConstraints].flatMap((names) =>
      Object.keys(names).map((name) => `constraint ${table.name}.${name}`),
    ),
  ]);
}

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

test("the migrations make every table, column, index and constraint the latest snapshot declares", async () => {
  const snapshot = JSON.parse(readFileSync(path.join(META, latest), "utf8")) as Snapshot;
  const data = await preparedDataDir("maternis-migrations-");
  cleanups.push(data.remove);
  const store = await openTestStore({ DATA_DIR: data.dir });
  try {
    const names = rowsOf<{ name: string }>(
      await store.db.execute(sql`
        select 'table ' || table_name as name from information_schema.tables where table_schema = 'public'
        union all select 'column ' || table_name || '.' || column_name from information_schema.columns where table_schema = 'public'
        union all select 'index ' || indexname from pg_indexes where schemaname = 'public'
        union all select 'constraint ' || rel.relname || '.' || con.conname
          from pg_constraint con join pg_class rel on rel.oid = con.conrelid
          join pg_namespace ns on ns.oid = rel.relnamespace where ns.nspname = 'public'`),
    ).map((row) => row.name);
    const missing = declared(snapshot).filter((name) => !names.includes(name));
    expect(missing).toEqual([]);
    // Positive control: the query sees the database (a renamed table's old name is gone).
    expect(names).toContain("table enquiries");
    expect(names).not.toContain("table submissions");
  } finally {
    await store.close();
  }
});
