/**
 * What a submission stores, on both engines: rate limits per client and
 * globally, and per recipient address (which stops only the e-mails to it),
 * also under concurrent submissions; payloads
 * refused with a typed error, and the enquiry, its deliveries and their jobs
 * committed or rolled back together. Nothing refused is stored. On
 * PostgreSQL, two processes hold the limits together, and a batch writes its
 * rows before it waits for the limits' locks (./batch.server.ts).
 */
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { InvalidEnquiryError } from "./index.server";
import { enqueueDelivery } from "./deliveries.server";
import { limitLockKey } from "./batch.server";
import { deliveries, enquiries } from "~/features/enquiries/tables.server";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { waitFor } from "../../../test/support/wait";

const { engines, pipelinesOn } = bothEnginesWithSmtp();

type Pipeline = Awaited<ReturnType<ReturnType<typeof pipelinesOn>>>["pipeline"];

/** Submits `fields` of `kind` from `email` through the pipeline, from the client `ip`. */
const submitterOf =
  (pipeline: Pipeline, kind: "demo" | "contact", fields: Record<string, string>) => (email: string, ip: string) =>
    pipeline.services.enquiries.submitEnquiry(kind, { ...fields, email }, { ip });

describe.each(engines)("enquiry pipeline on $name", (engine) => {
  const start = pipelinesOn(engine);
  /** A pipeline with these limits (environment overrides) and no worker: what is stored is all there is to see. */
  const startStoring = (env: Record<string, string> = {}) => start(env, { runWorker: false });
  /** The wait a submission refused by a rate limit states (the test fails unless it was so refused). */
  const retryAfterOf = (result: Awaited<ReturnType<ReturnType<typeof submitterOf>>>) => {
    expect(result).toMatchObject({ ok: false, reason: "rate-limited" });
    return !result.ok && result.reason === "rate-limited" ? result.retryAfterSeconds : Number.NaN;
  };

  test("rate limits per client and globally: rate-limited with retryAfterSeconds, nothing stored; per recipient: stored, without the e-mails to that address", async () => {
    const { pipeline, store } = await startStoring({
      ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "2",
      ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "2",
      ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "5",
    });
    const submit = submitterOf(pipeline, "demo", {
      fullName: "Efua Sarpong",
      organization: "Clinic",
      role: "healthcare",
    });
    const stored = async () => (await store.db.select({ n: count() }).from(enquiries))[0]?.n;

    // Per client: the third from one address within the hour.
    expect((await submit("a1@example.org", "10.0.0.1")).ok).toBe(true);
    expect((await submit("a2@example.org", "10.0.0.1")).ok).toBe(true);
    const perClient = retryAfterOf(await submit("a3@example.org", "10.0.0.1"));
    expect(perClient).toBeGreaterThan(3500);
    expect(perClient).toBeLessThanOrEqual(3600);
    expect(await stored()).toBe(2);

    // Per recipient: the third to one address within the day, whatever the client, case or "+tag",
    // is stored with the company's notification at once and no welcome to that address.
    const welcomesTo = async (id: string) =>
      (await store.db.select().from(deliveries).where(eq(deliveries.enquiryId, id))).map((d) => d.kind).sort();
    const b1 = await submit("b@example.org", "10.0.0.2");
    expect((await submit("B+news@Example.org", "10.0.0.3")).ok).toBe(true);
    const b3 = await submit("b+again@example.org", "10.0.0.4");
    if (!b1.ok || !b3.ok) throw new Error(`not stored: ${JSON.stringify([b1, b3])}`);
    expect(await welcomesTo(b1.enquiryId)).toEqual(["welcome"]);
    expect(await welcomesTo(b3.enquiryId)).toEqual(["notification"]);
    expect(await stored()).toBe(5);

    // Globally: the sixth within the hour.
    const global = await submit("d@example.org", "10.0.0.6");
    expect(global).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await stored()).toBe(5);
    expect((await store.db.select({ n: count() }).from(deliveries))[0]?.n).toBe(5);
    // The fingerprint stored is not the address.
    const rows = await store.db.select().from(enquiries);
    for (const row of rows) {
      expect(row.clientFingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(row)).not.toContain("10.0.0.");
    }
  });

  test("an IPv6 client is its /56 network: a new address in it does not reset the per-client limit", async () => {
    const { pipeline } = await startStoring({ ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "2" });
    const submit = submitterOf(pipeline, "contact", { name: "Kofi Mensah", interest: "general", message: "Hello" });
    expect((await submit("v1@example.org", "2001:db8:5:1::1")).ok).toBe(true);
    expect((await submit("v2@example.org", "2001:db8:5:1::2")).ok).toBe(true);
    expect(retryAfterOf(await submit("v3@example.org", "2001:db8:5:2:abcd::9"))).toBeGreaterThan(3500);
    // Another network is another client.
    expect((await submit("v4@example.org", "2001:db8:6::1")).ok).toBe(true);
  });

  test("concurrent enquiries (one group commit) still respect the limits, in order", async () => {
    const { pipeline, store } = await startStoring({
      ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "5",
      ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "2",
    });
    const submit = submitterOf(pipeline, "contact", { name: "Kofi Mensah", interest: "general", message: "Hello" });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => submit(`c${i}@example.org`, "10.2.0.1")),
      ...Array.from({ length: 3 }, (_, i) => submit("same@example.org", `10.2.1.${i}`)),
    ]);
    const fromOneClient = results.slice(0, 8);
    expect(fromOneClient.filter((r) => r.ok)).toHaveLength(5);
    for (const r of fromOneClient.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ ok: false, reason: "rate-limited" });
      if (!r.ok && r.reason === "rate-limited") expect(r.retryAfterSeconds).toBeGreaterThan(3500);
    }
    // All three to one address are stored; the third without its acknowledgement.
    const toOneAddress = results.slice(8);
    expect(toOneAddress.filter((r) => r.ok)).toHaveLength(3);
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(8);
    const toAddress = await store.db.select().from(deliveries).where(eq(deliveries.recipient, "same@example.org"));
    expect(toAddress).toHaveLength(2);
    expect((await store.db.select({ n: count() }).from(deliveries))[0]?.n).toBe(5 * 2 + 2 * 2 + 1);
  });

  test("invalid payloads are refused with a typed error and nothing is stored", async () => {
    const { pipeline, store } = await startStoring();
    const submit = pipeline.services.enquiries.submitEnquiry;
    const ip = { ip: "10.1.1.1" };
    const cases: [Parameters<typeof submit>[0], Record<string, string | undefined>][] = [
      ["contact", { name: "Ama", interest: "general", message: "Hi" }],
      ["contact", { name: "Ama", email: "ama@example.org", interest: "gossip", message: "Hi" }],
      ["contact", { name: "Ama", email: "ama@example.org", interest: "general", message: "x".repeat(5001) }],
      [
        "contact",
        { name: "Ama\r\nBcc: victim@example.org", email: "ama@example.org", interest: "general", message: "Hi" },
      ],
      ["demo", { fullName: "Kwame", email: "not-an-email", organization: "GHS", role: "government" }],
      [
        "demo",
        {
          fullName: "Kwame",
          email: "k@example.org",
          organization: "GHS",
          role: "government",
          preferredDate: "2026-02-30",
        },
      ],
      ["advisory", { fullName: "Ngozi", email: "n@example.org", role: "midwife", country: "Nigeria" }],
    ];
    for (const [kind, fields] of cases) {
      await expect(submit(kind, fields, ip), JSON.stringify(fields).slice(0, 80)).rejects.toBeInstanceOf(
        InvalidEnquiryError,
      );
    }
    await expect(submit("contact", { name: "Ama", interest: "general", message: "Hi" }, ip)).rejects.toMatchObject({
      fieldErrors: { email: "Enter your email address" },
    });
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(0);
  });

  test("the enquiry, its deliveries and their jobs commit or roll back together", async () => {
    const { pipeline, store } = await startStoring();
    const { boss } = pipeline.platform;
    const countJobs = async (db: { execute(query: ReturnType<typeof sql>): Promise<unknown> }) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'enquiry-delivery'`)) as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const jobs = () => countJobs(store.db);
    const id = randomUUID();
    await expect(
      store.transaction(async (tx, bossDb) => {
        await tx.insert(enquiries).values({
          id,
          kind: "demo",
          payload: { name: "A", email: "a@example.org" },
          email: "a@example.org",
          clientFingerprint: "0123456789abcdef",
        });
        await enqueueDelivery(tx, bossDb, boss, { enquiryId: id, kind: "welcome", recipient: "a@example.org" });
        expect(await countJobs(tx)).toBe(1);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await jobs()).toBe(0);
    expect((await store.db.select({ n: count() }).from(enquiries))[0]?.n).toBe(0);

    const ok = await pipeline.services.enquiries.submitEnquiry(
      "contact",
      { name: "B", email: "b@example.org", interest: "general", message: "Hi" },
      { ip: "10.2.2.2" },
    );
    expect(ok.ok).toBe(true);
    expect(await jobs()).toBe(2);
  });
});

/**
 * On PostgreSQL several web processes store enquiries at once: their batches
 * take the advisory locks of their clients and addresses
 * (./batch.server.ts), so the limits hold across processes. (The embedded
 * database is opened by one process only.)
 */
describe("enquiry pipeline across processes on postgres", () => {
  const start = pipelinesOn(engines.find((engine) => engine.name === "postgres")!);

  /** Two pipelines without workers on one PostgreSQL database: a contact form's submitter for each, a count of what is stored, and the database's address. */
  async function twoProcesses(limits: Record<string, string>) {
    const first = await start(limits, { runWorker: false });
    const database = { DATA_DIR: first.env.DATA_DIR!, DATABASE_URL: first.env.DATABASE_URL! };
    const second = await start(limits, { database, runWorker: false });
    const contact = { name: "Kofi Mensah", interest: "general", message: "Hello" };
    return {
      submits: [first, second].map(({ pipeline }) => submitterOf(pipeline, "contact", contact)),
      countStored: async () => (await first.store.db.select({ n: count() }).from(enquiries))[0]?.n,
      countAcknowledgements: async (address: string) =>
        (await first.store.db.select({ n: count() }).from(deliveries).where(eq(deliveries.recipient, address)))[0]?.n,
      databaseUrl: first.env.DATABASE_URL!,
    };
  }

  test("two processes on one PostgreSQL database storing concurrent batches still respect the limits together", async () => {
    const limits = { ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "5", ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "3" };
    const { submits, countStored, countAcknowledgements } = await twoProcesses(limits);
    // Each process gets a batch: 6 from one client and 3 to one address, interleaved.
    const results = await Promise.all(
      submits.flatMap((submit, p) => [
        ...Array.from({ length: 6 }, (_, i) => submit(`p${p}c${i}@example.org`, "10.3.0.1")),
        ...Array.from({ length: 3 }, (_, i) => submit("shared@example.org", `10.3.${p + 1}.${i}`)),
      ]),
    );
    const fromOneClient = [...results.slice(0, 6), ...results.slice(9, 15)];
    const toOneAddress = [...results.slice(6, 9), ...results.slice(15)];
    expect(fromOneClient.filter((r) => r.ok)).toHaveLength(5);
    expect(toOneAddress.filter((r) => r.ok)).toHaveLength(6);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await countStored()).toBe(11);
    // Three acknowledgements to the shared address between the two processes, never more.
    expect(await countAcknowledgements("shared@example.org")).toBe(3);
  });

  test("two batches each under the limit but over it together: the one counted second stores only what is left", async () => {
    // Each batch is stored before its locks are taken (storeEnquiriesFirst); the second to take them counts the first.
    const limits = { ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "5" };
    const { submits, countStored } = await twoProcesses(limits);
    const results = await Promise.all(
      submits.flatMap((submit, p) => Array.from({ length: 3 }, (_, i) => submit(`q${p}c${i}@example.org`, "10.4.0.1"))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "rate-limited", retryAfterSeconds: expect.any(Number) as number },
    ]);
    expect(await countStored()).toBe(5);
  });

  test("a batch waits for its locks with its rows already written, unless an enquiry was over a limit in the last minute", async () => {
    const { submits, databaseUrl } = await twoProcesses({ ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "1" });
    const [submit] = submits;
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    /** Holds the lock of `email`'s address, submits to it, and says whether the waiting batch had written to enquiries. */
    async function wroteBeforeLock(email: string) {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(hashtext($1))", [limitLockKey.recipient(email)]);
      const result = submit!(email, "10.5.0.1");
      const waiting = await waitFor(
        async () =>
          (await holder.query<{ pid: number }>("select pid from pg_locks where locktype = 'advisory' and not granted"))
            .rows[0]?.pid,
        { what: "the batch to wait for the address's lock" },
      );
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
         where l.pid = $1 and c.relname = 'enquiries' and l.mode = 'RowExclusiveLock'`,
        [waiting],
      );
      await holder.query("commit");
      return { wrote: rows[0]!.n > 0, result: await result };
    }
    try {
      expect(await wroteBeforeLock("first@example.org")).toMatchObject({ wrote: true, result: { ok: true } });
      // Over the address's limit (stored without its e-mail): the batches of the next minute count before they write.
      expect(await submit!("first@example.org", "10.5.0.2")).toMatchObject({ ok: true });
      expect(await wroteBeforeLock("second@example.org")).toMatchObject({ wrote: false, result: { ok: true } });
    } finally {
      await holder.end();
    }
  });
});
