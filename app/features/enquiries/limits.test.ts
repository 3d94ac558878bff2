import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTestStore, preparedDataDir } from "../../../test/support/pglite";
import type { Store } from "~/platform/db/db.server";
import { countWindows, LimitBounds, recipientKey, type LimitKey } from "./limits.server";
import { companyDeliveries } from "./kinds";

let store: Store;
let removeData: () => void;

beforeAll(async () => {
  const data = await preparedDataDir();
  removeData = data.remove;
  store = await openTestStore({ DATA_DIR: data.dir });
  // Two enquiries from client A (one of them to x@), one from B to x@ a day ago, one of last week.
  await store.db.execute(sql`
    insert into enquiries (id, kind, payload, email, client_fingerprint, created_at) values
      (gen_random_uuid(), 'contact', '{}', 'x@example.org', 'aaaa', now() - interval '10 minutes'),
      (gen_random_uuid(), 'contact', '{}', 'y@example.org', 'aaaa', now() - interval '20 minutes'),
      (gen_random_uuid(), 'contact', '{}', 'x@example.org', 'bbbb', now() - interval '5 hours'),
      (gen_random_uuid(), 'contact', '{}', 'z@example.org', 'cccc', now() - interval '7 days')`);
});

afterAll(async () => {
  await store?.close();
  removeData?.();
});

const client = (key: string): LimitKey => ({ window: "client", key });
const recipient = (key: string): LimitKey => ({ window: "recipient", key });
const global: LimitKey = { window: "global", key: "" };

describe("rate-limit windows", () => {
  test("countWindows counts each key over its own window, in one query", async () => {
    const counts = await store.transaction((tx) =>
      countWindows(tx, [
        client("aaaa"),
        client("bbbb"),
        recipient("x@example.org"),
        recipient("z@example.org"),
        global,
      ]),
    );
    // bbbb's only enquiry is older than the client hour; z@ is older than the recipient day.
    expect(Object.fromEntries(counts)).toEqual({ "client:aaaa": 2, "recipient:x@example.org": 2, "global:": 2 });
  });

  test("countWindows of the global window alone", async () => {
    const counts = await store.transaction((tx) => countWindows(tx, [global]));
    expect(Object.fromEntries(counts)).toEqual({ "global:": 2 });
  });

  test("countWindows('all') lists every key with an enquiry in its window", async () => {
    const counts = await store.transaction((tx) => countWindows(tx, "all"));
    expect(Object.fromEntries(counts)).toEqual({
      "client:aaaa": 2,
      "recipient:x@example.org": 2,
      "recipient:y@example.org": 1,
      "global:": 2,
    });
  });
});

describe("the recipient window", () => {
  test("counts an address with or without a +tag as one, the same in the database as in recipientKey", async () => {
    const addresses = [
      "ama@example.org",
      "ama+news@example.org",
      "ama+@example.org",
      "a+b+c@example.org",
      "+lead@example.org",
      "kofi.mensah@example.org",
    ];
    const rolledBack = new Error("rolled back");
    let counts = new Map<string, number>();
    await store
      .transaction(async (tx) => {
        for (const email of addresses)
          await tx.execute(sql`insert into enquiries (id, kind, payload, email, client_fingerprint)
            values (gen_random_uuid(), 'contact', '{}', ${email}, 'tags')`);
        counts = await countWindows(
          tx,
          addresses.map((email) => recipient(recipientKey(email))),
        );
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(addresses.map(recipientKey)).toEqual([
      "ama@example.org",
      "ama@example.org",
      "ama@example.org",
      "a@example.org",
      "@example.org",
      "kofi.mensah@example.org",
    ]);
    expect(Object.fromEntries(counts)).toEqual({
      "recipient:ama@example.org": 3,
      "recipient:a@example.org": 1,
      "recipient:@example.org": 1,
      "recipient:kofi.mensah@example.org": 1,
    });
  });

  test("an enquiry over its address's limit gets the company's e-mail at once, and none to the address", () => {
    expect(companyDeliveries("contact")).toEqual(["notification"]);
    expect(companyDeliveries("demo")).toEqual(["notification"]);
    expect(companyDeliveries("advisory")).toEqual(["notification"]);
  });
});

describe("LimitBounds", () => {
  test("unknown until seeded; then exact, with absent keys at zero", async () => {
    const bounds = new LimitBounds();
    expect(bounds.needsSeed).toBe(true);
    expect(bounds.get(client("aaaa"))).toBeUndefined();
    await store.transaction((tx) => bounds.seed(tx));
    expect(bounds.needsSeed).toBe(false);
    expect(bounds.get(client("aaaa"))).toBe(2);
    expect(bounds.get(recipient("x@example.org"))).toBe(2);
    expect(bounds.get(global)).toBe(2);
    expect(bounds.get(client("never-seen"))).toBe(0);
    expect(bounds.get(recipient("z@example.org"))).toBe(0);
  });

  test("keeps what is set, and forgets a bound once its whole window has passed", async () => {
    let now = 1_000_000;
    const bounds = new LimitBounds(100, () => now);
    await store.transaction((tx) => bounds.seed(tx));
    bounds.set(
      new Map([
        ["client:aaaa", 5],
        ["recipient:x@example.org", 3],
        ["global:", 9],
      ]),
    );
    expect(bounds.get(client("aaaa"))).toBe(5);

    now += 61 * 60 * 1000 + 1; // an hour and the minute of margin: the hourly windows are empty
    expect(bounds.get(client("aaaa"))).toBe(0);
    expect(bounds.get(global)).toBe(0);
    expect(bounds.get(recipient("x@example.org"))).toBe(3); // a day's window has not passed
    now += 24 * 60 * 60 * 1000;
    expect(bounds.get(recipient("x@example.org"))).toBe(0);
  });

  test("gives up beyond its key budget: every batch counts from then on", async () => {
    const bounds = new LimitBounds(3);
    await store.transaction((tx) => bounds.seed(tx));
    bounds.set(
      new Map([
        ["client:a", 1],
        ["client:b", 1],
        ["client:c", 1],
        ["client:d", 1],
      ]),
    );
    expect(bounds.get(client("a"))).toBeUndefined();
    expect(bounds.needsSeed).toBe(false);
  });
});
