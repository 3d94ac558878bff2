import { afterAll, afterEach, beforeAll } from "vitest";
import { testEngines } from "./pglite";
import { startPostgres, type TestPostgres } from "./postgres";

/**
 * What a suite that runs on both engines (the embedded database and a real
 * PostgreSQL server) sets up: one throwaway PostgreSQL cluster for the file,
 * and after each test the pipelines or stores it opened closed and its
 * temporary folders removed. Call once at the top of a test file; run the
 * tests with `describe.each(engines)`.
 */
export function bothEngines<Open extends { close(): Promise<unknown> }>() {
  let postgres: TestPostgres | undefined;
  const open: Open[] = [];
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(async () => {
    await postgres?.stop();
  });
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  const server = () => {
    if (!postgres) throw new Error("PostgreSQL is not running yet (use it inside a test)");
    return postgres;
  };
  return { engines: testEngines(server, cleanups), open, cleanups, postgres: server };
}
