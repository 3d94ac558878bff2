import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore } from "../../../test/support/pglite";
import { waitFor } from "../../../test/support/wait";
import { rowsOf, type Store } from "./db.server";
import { keyLock, MAX_HELD_KEYS } from "./key-lock.server";

/**
 * keyLock (./key-lock.server.ts): work for one key runs one at a time, in the
 * order asked, a failure included; other keys do not wait; on PostgreSQL two
 * stores on one database (two processes) take turns too, and a process holds
 * at most MAX_HELD_KEYS connections for its locks. What the sign-in codes
 * need of it: app/features/sign-in/code-race.test.ts.
 */
const { engines, open } = bothEngines<Store>();

/** Work that starts when called and ends when `end` is called. */
function gated(started: string[], name: string) {
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    run: async () => {
      started.push(name);
      await ended;
      return name;
    },
    end: () => end(),
  };
}

/** Advisory locks on the database, held (`granted`) or waited for. */
const advisoryLocks = async (store: Store, granted: boolean) =>
  Number(
    rowsOf<{ n: string }>(
      await store.db.execute(
        sql`select count(*) as n from pg_locks where locktype = 'advisory' and granted = ${granted} and database = (select oid from pg_database where datname = current_database())`,
      ),
    )[0]?.n,
  );

const startedAll = (started: string[], count: number) =>
  waitFor(() => started.length >= count || undefined, { what: `${count} works to start`, intervalMs: 20 });

async function opened(env: Record<string, string>) {
  const store = await openTestStore(env);
  open.push(store);
  return store;
}

describe.each(engines)("keyLock on $name", (engine) => {
  test("one key: one at a time, in order, a failure included; another key does not wait", async () => {
    const withKey = keyLock(await opened(await engine.database()));
    const started: string[] = [];
    const [a, b, c] = [gated(started, "a"), gated(started, "b"), gated(started, "c")];
    const first = withKey("k", a.run);
    const failing = withKey("k", () => Promise.reject(new Error("b failed")));
    const third = withKey("k", b.run);
    const elsewhere = withKey("other", c.run);
    // The other key's work starts while the first holds "k" (the positive control of what follows).
    await startedAll(started, 2);
    expect(started).toEqual(["a", "c"]);
    a.end();
    await expect(first).resolves.toBe("a");
    await expect(failing).rejects.toThrow("b failed");
    await startedAll(started, 3);
    expect(started).toEqual(["a", "c", "b"]);
    b.end();
    c.end();
    expect(await Promise.all([third, elsewhere])).toEqual(["b", "c"]);
  });
});

/** The embedded database is only ever open in one process: turns between processes are PostgreSQL's. */
const postgres = engines.find((engine) => engine.name === "postgres")!;

test("two stores on one database (two processes) take turns for a key; a process holds at most MAX_HELD_KEYS locks", async () => {
  const env = await postgres.database();
  const [one, two] = [await opened(env), await opened(env)];
  const started: string[] = [];
  const [a, b] = [gated(started, "a"), gated(started, "b")];
  const first = keyLock(one)("shared", a.run);
  await startedAll(started, 1);
  const second = keyLock(two)("shared", b.run);
  // The second store waits on PostgreSQL for the key's lock: the state asserted before "b has not started".
  await waitFor(async () => (await advisoryLocks(one, false)) === 1 || undefined, { what: "a lock waited for" });
  expect(started).toEqual(["a"]);
  a.end();
  await startedAll(started, 2);
  b.end();
  expect(await Promise.all([first, second])).toEqual(["a", "b"]);

  const held: string[] = [];
  const gates = Array.from({ length: MAX_HELD_KEYS + 2 }, (_, i) => gated(held, `key-${i}`));
  const runs = gates.map((gate, i) => keyLock(one)(`key-${i}`, gate.run));
  await startedAll(held, MAX_HELD_KEYS);
  await waitFor(async () => (await advisoryLocks(one, true)) === MAX_HELD_KEYS || undefined, {
    what: "the locks held",
  });
  expect(held).toHaveLength(MAX_HELD_KEYS);
  // Positive control: one ends, and the next key's work starts.
  gates[0]!.end();
  await startedAll(held, MAX_HELD_KEYS + 1);
  for (const gate of gates) gate.end();
  expect(await Promise.all(runs)).toEqual(gates.map((_, i) => `key-${i}`));
});
