/**
 * Applies the SQL migrations in ./migrations (written by drizzle-kit from
 * schema.server.ts, committed with the code) in file-name order. Each runs in
 * its own transaction and is recorded in `schema_migrations`; a session-level
 * advisory lock lets several processes start at once without racing.
 * Idempotent: already-applied files are skipped.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The SQL files by path. Wherever Vite compiles this module (the build, the
 * tests) it embeds them, and sets import.meta.env; the development server
 * runs server code with tsx (server/dev.ts), which has neither, so there
 * they are read from disk.
 */
const files: Record<string, string> = import.meta.env
  ? import.meta.glob<string>("./migrations/*.sql", { query: "?raw", import: "default", eager: true })
  : Object.fromEntries(
      readdirSync(path.join(import.meta.dirname, "migrations"))
        .filter((name) => name.endsWith(".sql"))
        .map((name) => [
          `./migrations/${name}`,
          readFileSync(path.join(import.meta.dirname, "migrations", name), "utf8"),
        ]),
    );

type Migration = { id: string; sql: string };

export const migrations: Migration[] = Object.entries(files)
  .map(([file, sql]) => ({ id: file.replace(/^.*\//, "").replace(/\.sql$/, ""), sql }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** One database session (a pinned pg client, or PGlite itself). */
export interface MigrationSession {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An arbitrary constant: "maternis" in ASCII, the key of our migration lock. */
const MIGRATION_LOCK_KEY = 0x6d61746572;

export async function runMigrations(session: MigrationSession): Promise<string[]> {
  const applied: string[] = [];
  await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(
      `create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      (await session.query<{ id: string }>("select id from schema_migrations")).map((row) => row.id),
    );
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      const statements = migration.sql.split("--> statement-breakpoint").join("\n");
      await session.exec("begin");
      try {
        await session.exec(statements);
        await session.query("insert into schema_migrations (id) values ($1)", [migration.id]);
        await session.exec("commit");
      } catch (error) {
        await session.exec("rollback").catch(() => {});
        throw new Error(`Migration ${migration.id} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      applied.push(migration.id);
    }
  } finally {
    await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
  }
  return applied;
}
