import pg from "pg";
import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { closedAfterEach, serverPerFile } from "../../../test/support/per-file";
import { openPipeline, tempDataDir, testEnv } from "../../../test/support/pglite";
import { APP_ROLE, startPostgres } from "../../../test/support/postgres";
import { migrations } from "./migrate.server";

/**
 * The site runs on PostgreSQL as a role that owns its database and nothing
 * more (docs/operations.md "PostgreSQL: the site's role", ASVS 13.2.2): the
 * role every PostgreSQL test connects as. This file proves that role is what
 * the docs say, and that the site's start-up (migrations, the job queue) and
 * its VACUUM after an erasure need no more: whatever they make is the role's.
 */
const postgres = serverPerFile("PostgreSQL test server", startPostgres);
const { open, cleanups } = closedAfterEach<Site>();

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("PostgreSQL: the site's role", () => {
  test("not a superuser, no databases or roles of its own making, yet the site starts and owns all it made", async () => {
    const url = await postgres.createDatabase();
    expect(new URL(url).username).toBe(APP_ROLE);
    expect(
      await query(
        url,
        "select rolsuper, rolcreatedb, rolcreaterole, rolreplication from pg_roles where rolname = current_user",
      ),
    ).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false }]);

    const data = tempDataDir("maternis-pg-role-");
    cleanups.push(data.remove);
    const site = await openPipeline(testEnv({ DATABASE_URL: url, DATA_DIR: data.dir }), true);
    open.push(site);
    expect(await query(url, "select count(*)::int as n from schema_migrations")).toEqual([{ n: migrations.length }]);
    expect(await query(url, "select extname from pg_extension where extname = 'pg_trgm'")).toEqual([
      { extname: "pg_trgm" },
    ]);
    // Every table of the site's and of the job queue's is the role's, so its VACUUM reaches them all.
    const owners = await query<{ schema: string; owner: string; tables: number }>(
      url,
      `select schemaname as schema, tableowner as owner, count(*)::int as tables from pg_tables
       where schemaname in ('public', 'pgboss') group by 1, 2 order by 1, 2`,
    );
    expect(owners.map(({ schema, owner }) => [schema, owner])).toEqual([
      ["pgboss", APP_ROLE],
      ["public", APP_ROLE],
    ]);
    expect(owners.every((row) => row.tables > 0)).toBe(true);
    // VACUUM as the role reaches the site's tables: PostgreSQL skips, with a warning, a table whose
    // owner (or whose database's owner) the role is not.
    const vacuumSkips = async (database: string, table: string) => {
      const client = new pg.Client({ connectionString: database });
      const notices: string[] = [];
      client.on("notice", (notice) => notices.push(notice.message ?? ""));
      await client.connect();
      try {
        await client.query(`vacuum (analyze) ${table}`);
      } finally {
        await client.end();
      }
      return notices.filter((message) => /skipping/i.test(message));
    };
    expect(await vacuumSkips(url, "enquiries")).toEqual([]);
    // Positive control: the same role is refused a table in a database it does not own, and told so.
    await query(postgres.url, "create table if not exists not_the_sites (id int)");
    const otherDatabase = postgres.url.replace("postgres@", `${APP_ROLE}@`);
    expect(await vacuumSkips(otherDatabase, "not_the_sites")).toHaveLength(1);

    // Positive control: the cluster's superuser is one, so the check above can tell them apart.
    expect(await query(postgres.url, "select rolsuper from pg_roles where rolname = current_user")).toEqual([
      { rolsuper: true },
    ]);
  });
});
