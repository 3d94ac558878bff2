import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/features/sign-in/sign-in";
import { createLogger } from "~/platform/log.server";
import { openSite, type Site } from "~/site.server";
import type { MailTransport, OutgoingEmail } from "~/platform/mail/transport.server";
import { testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import {
  Browser,
  codeSignIn,
  lastCode as lastCodeIn,
  openStaffConsole,
  otherCode,
  requestedCode,
  TEST_SITE as SITE,
} from "../../../test/support/staff-auth";
import { createServices, type Services } from "~/site.server";
import { auditLog } from "~/features/audit/tables.server";
import { consoleOrigins, servesConsole, sessionCount } from "./auth.server";
import { waitFor } from "../../../test/support/wait";
import { RouterContextProvider } from "react-router";
import { appContext, noMetrics } from "~/context.server";
import { requireAdmin, staffContext } from "~/routes/staff/access/request.server";

/**
 * Staff sign-in on both engines: e-mail codes, sessions (idle and absolute
 * expiry with a controlled clock, revocation), staff management. The limits
 * on codes asked for and tried are in ./lockout.test.ts; the browser flows
 * (passkeys, the pages) are in e2e/.
 */
const { engines, open, closeNow } = bothEngines<Site>();
afterEach(() => {
  vi.useRealTimers();
});

const ADMIN = "admin@maternis.test";

describe.each(engines)("staff sign-in on $name", (engine) => {
  async function start(overrides: Record<string, string> = {}) {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN, ...overrides });
    return { env, ...(await openStaffConsole(env, open)) };
  }

  /** The code in the newest queued sign-in e-mail to `to`. */
  const lastCode = (pipeline: Site, to: string) => lastCodeIn(pipeline.platform.store, to);

  /** Rows of every table in the pgboss schema (jobs, any archive, partitions) whose text contains `needle`. */
  async function rowsHolding(pipeline: Site, needle: string) {
    const { db } = pipeline.platform.store;
    const rows = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows);
    const tables = rows(
      await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'pgboss' and table_type = 'BASE TABLE'`,
      ),
    ) as { table_name: string }[];
    expect(tables.map((t) => t.table_name)).toContain("job");
    let found = 0;
    for (const { table_name } of tables) {
      const [row] = rows(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier("pgboss")}.${sql.identifier(table_name)} t where t::text like ${`%${needle}%`}`,
        ),
      ) as { n: number }[];
      found += Number(row?.n ?? 0);
    }
    return found;
  }

  /** A code sign-in (test/support/staff-auth.ts) on the pipeline's store. */
  const signIn = (console: Services, pipeline: Site, email: string, browser?: Browser) =>
    codeSignIn(console, pipeline.platform.store, email, browser);

  test("an admin address signs in with a code; the cookie is __Host- prefixed, HttpOnly, Secure, SameSite=Lax", async () => {
    const { console, store } = await start();
    const browser = new Browser();
    const code = await requestedCode(console, store, ADMIN, browser);
    const result = await console.auth.signInWithCode(browser.request(), ADMIN, code);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.member).toMatchObject({ email: ADMIN, role: "admin" });
    const cookie = result.headers.getSetCookie().find((line) => line.startsWith("__Host-"));
    expect(cookie).toMatch(/^__Host-maternis-staff\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    browser.take(result.headers);
    const session = await console.auth.session(browser.request());
    expect(session?.member.email).toBe(ADMIN);
    // Single use.
    const again = await console.auth.signInWithCode(new Browser().request(), ADMIN, code);
    expect(again).toEqual({ ok: false, reason: "invalid" });
  });

  test("with a loopback SITE_URL, its port on any loopback name is served with a plain cookie (no prefix, no Secure)", async () => {
    const { console, pipeline } = await start({ SITE_URL: "http://localhost:4999" });
    const { browser } = await signIn(console, pipeline, ADMIN, new Browser("http://127.0.0.1:4999"));
    expect([...browser.cookies.keys()]).toEqual(["maternis-staff.session_token"]);
    expect(await console.auth.session(browser.request())).not.toBeNull();
    // Another port is another origin: refused.
    const other = new Browser("http://127.0.0.1:5000");
    other.cookies = browser.cookies;
    expect(await console.auth.session(other.request())).toBeNull();
  });

  test("a request for any other host gets 421, no session, no code and no Set-Cookie", async () => {
    const { console, pipeline } = await start();
    const { browser } = await signIn(console, pipeline, ADMIN);
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:4999",
      "http://localhost:3000",
      "https://maternis.health",
    ]) {
      const foreign = new Browser(origin);
      foreign.cookies = new Map(browser.cookies);
      expect(console.auth.serves(foreign.request())).toBe(false);
      // The site's own session cookie, presented under another name, is no session.
      expect(await console.auth.session(foreign.request())).toBeNull();
      expect((await console.auth.signOut(foreign.request())).getSetCookie()).toEqual([]);
      const asked = await console.auth.requestCode(foreign.request(), ADMIN).catch((error: unknown) => error);
      expect(asked).toBeInstanceOf(Response);
      expect((asked as Response).status).toBe(421);
      const signedIn = await console.auth.signInWithCode(foreign.request(), ADMIN, "123456").catch((e: unknown) => e);
      expect((signedIn as Response).status).toBe(421);
      for (const endpoint of ["/passkey/generate-authenticate-options", "/passkey/generate-register-options"]) {
        const request = new Request(`${origin}/staff/auth${endpoint}`, {
          headers: { cookie: foreign.request().headers.get("cookie")!, origin },
        });
        const response = await console.auth.handler(request);
        expect(response.status).toBe(421);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
    }
    // The site itself still answers (the challenge cookie is set on it).
    const own = await console.auth.handler(new Request(`${SITE}/staff/auth/passkey/generate-authenticate-options`));
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  test("asking for a code again never kills the code already sent: it is sent again, and still signs in", async () => {
    const { console, pipeline, store } = await start();
    const browser = new Browser();
    const first = await requestedCode(console, store, ADMIN, browser);
    // A wrong try on it, then someone (anyone who knows the address) asks again, twice.
    expect(await console.auth.signInWithCode(browser.request(), ADMIN, otherCode(first))).toMatchObject({ ok: false });
    const someoneElse = new Browser(undefined, { ip: "127.0.0.2" });
    await console.auth.requestCode(someoneElse.request(), ADMIN);
    await console.auth.requestCode(someoneElse.request(), ADMIN);
    const result: unknown = await pipeline.platform.store.db.execute(
      sql`select data from pgboss.job where name = 'staff-mail' order by created_on`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      data: { message: { text: string; subject: string } };
    }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.data.message.text).toContain(first);
      expect(row.data.message.subject).toBe("Your Maternis sign-in code");
    }
    // Code A still signs in; the wrong try still counts (four left, not five).
    const signedIn = await console.auth.signInWithCode(browser.request(), ADMIN, first);
    expect(signedIn.ok).toBe(true);
  });

  test("one code sent by four browsers at once makes one session, and is spent", async () => {
    const { console, store } = await start();
    const code = await requestedCode(console, store, ADMIN, new Browser());
    const browsers = Array.from({ length: 4 }, (_, i) => new Browser(undefined, { ip: `127.0.1.${i + 1}` }));
    const results = await Promise.all(browsers.map((b) => console.auth.signInWithCode(b.request(), ADMIN, code)));
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, reason: "invalid" })),
    );
    for (const [index, result] of results.entries()) if (result.ok) browsers[index]!.take(result.headers);
    const sessions = await Promise.all(browsers.map((b) => console.auth.session(b.request())));
    expect(sessions.filter(Boolean)).toHaveLength(1);
    expect(await sessionCount(store, winners[0]!.member.id)).toBe(1);
    // Spent: the same code again, from a fifth browser, makes nothing.
    const late = new Browser(undefined, { ip: "127.0.1.9" });
    expect(await console.auth.signInWithCode(late.request(), ADMIN, code)).toEqual({ ok: false, reason: "invalid" });
    expect(await sessionCount(store, winners[0]!.member.id)).toBe(1);
  });

  test("once a sign-in code is sent, no row of the queue's tables holds it", async () => {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN });
    const sent: OutgoingEmail[] = [];
    const mail: MailTransport = {
      name: "file",
      sendEmail: (message) => {
        sent.push(message);
        return Promise.resolve({ messageId: message.messageId ?? "" });
      },
      close: () => {},
    };
    const pipeline = await openSite({
      env,
      log: createLogger("silent"),
      runWorker: true,
      mail,
    });
    open.push(pipeline);
    const console = await createServices(pipeline.platform);
    await console.auth.requestCode(new Browser().request(), ADMIN);
    const message = await waitFor(() => sent.find((m) => m.to.includes(ADMIN)), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: "the sign-in code e-mail",
    });
    const code = /\b(\d{6})\b/.exec(message.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message.subject).not.toContain(code);
    await waitFor(async () => ((await rowsHolding(pipeline, code!)) === 0 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 200,
      what: "the sent job to leave pgboss",
    });
    // The same scan finds a code whose job still waits (a second member's, the worker stopped).
    await closeNow(pipeline);
    const { pipeline: quiet, console: again } = await openStaffConsole(env, open);
    await again.members.add({ email: "member@maternis.test", name: "Mo", role: "staff" });
    await again.auth.requestCode(new Browser().request(), "member@maternis.test");
    const waiting = (await lastCode(quiet, "member@maternis.test"))!;
    expect(await rowsHolding(quiet, waiting)).toBeGreaterThan(0);
  });

  test("an unknown address gets the same answer and no e-mail; a member's code is not a stranger's", async () => {
    const { console, pipeline } = await start();
    const browser = new Browser();
    expect(await console.auth.requestCode(browser.request(), "nobody@example.org")).toEqual({ ok: true });
    expect(await lastCode(pipeline, "nobody@example.org")).toBeUndefined();
    expect(await console.auth.signInWithCode(browser.request(), "nobody@example.org", "123456")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("five wrong codes lock the code; an expired code fails", async () => {
    const { console, pipeline, store } = await start();
    const browser = new Browser();
    const code = await requestedCode(console, store, ADMIN, browser);
    const wrong = otherCode(code);
    for (let i = 0; i < 5; i++) {
      expect(await console.auth.signInWithCode(browser.request(), ADMIN, wrong)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await console.auth.signInWithCode(browser.request(), ADMIN, code)).toEqual({ ok: false, reason: "locked" });

    vi.useFakeTimers({ toFake: ["Date"] });
    await console.auth.requestCode(browser.request(), ADMIN);
    const fresh = (await lastCode(pipeline, ADMIN))!;
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect(await console.auth.signInWithCode(browser.request(), ADMIN, fresh)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  test("sessions end after 30 idle minutes, slide while used, and end 12 hours after sign-in", async () => {
    const { console, pipeline, store } = await start();
    vi.useFakeTimers({ toFake: ["Date"] });
    const { browser, member } = await signIn(console, pipeline, ADMIN);
    // Used every 20 minutes: still signed in after two hours.
    for (let i = 0; i < 6; i++) {
      vi.setSystemTime(Date.now() + 20 * 60 * 1000);
      const session = await console.auth.session(browser.request());
      expect(session?.member.id).toBe(member.id);
      browser.take(session!.headers);
    }
    // Idle for 30 minutes: gone.
    vi.setSystemTime(Date.now() + IDLE_TIMEOUT_MS + 1000);
    expect(await console.auth.session(browser.request())).toBeNull();

    // Absolute: active all along, but 12 hours after sign-in it ends (and is deleted).
    const second = await signIn(console, pipeline, ADMIN);
    const started = Date.now();
    while (Date.now() - started < ABSOLUTE_TIMEOUT_MS - 20 * 60 * 1000) {
      vi.setSystemTime(Date.now() + 20 * 60 * 1000);
      const session = await console.auth.session(second.browser.request());
      expect(session).not.toBeNull();
      second.browser.take(session!.headers);
    }
    vi.setSystemTime(started + ABSOLUTE_TIMEOUT_MS + 1000);
    expect(await console.auth.session(second.browser.request())).toBeNull();
    expect(await sessionCount(store, member.id)).toBe(0);
  });

  test("every sign-in is a new session; sign out, sign out everywhere, and removal revoke at once", async () => {
    const { console, pipeline, store } = await start();
    const one = await signIn(console, pipeline, ADMIN);
    const two = await signIn(console, pipeline, ADMIN);
    const s1 = await console.auth.session(one.browser.request());
    const s2 = await console.auth.session(two.browser.request());
    expect(s1!.sessionId).not.toBe(s2!.sessionId);

    one.browser.take(await console.auth.signOut(one.browser.request()));
    expect(await console.auth.session(one.browser.request())).toBeNull();
    expect(await console.auth.session(two.browser.request())).not.toBeNull();

    const three = await signIn(console, pipeline, ADMIN);
    await console.auth.signOutEverywhere(three.browser.request());
    expect(await console.auth.session(two.browser.request())).toBeNull();
    expect(await console.auth.session(three.browser.request())).toBeNull();

    const added = await console.members.add({ email: "Member@Maternis.test", name: "Mo", role: "staff" });
    expect(added).toMatchObject({ email: "member@maternis.test", role: "staff" });
    expect(await console.members.add({ email: "member@maternis.test", name: "Mo", role: "staff" })).toBeNull();
    const member = await signIn(console, pipeline, "member@maternis.test");
    expect(member.member.role).toBe("staff");
    expect((await console.members.setRole(added!.id, "admin"))?.role).toBe("admin");
    expect((await console.auth.session(member.browser.request()))?.member.role).toBe("admin");
    await console.members.remove(added!.id);
    expect(await console.auth.session(member.browser.request())).toBeNull();
    expect(await console.auth.findMember("member@maternis.test")).toBeNull();
    expect(await sessionCount(store, added!.id)).toBe(0);
    // Audit rows are written by the routes; nothing here writes any.
    expect((await store.db.select().from(auditLog)).length).toBe(0);
  });

  test("a member of staff refused an admin page gets 403, and the attempt is audited", async () => {
    const { console, pipeline, env, store } = await start();
    await console.members.add({ email: "member@maternis.test", name: "Mo", role: "staff" });
    const { member } = await signIn(console, pipeline, "member@maternis.test");
    const context = new RouterContextProvider();
    context.set(appContext, {
      env,
      log: createLogger("silent"),
      metrics: noMetrics,
      formGuard: null as never,
      enquiries: null,
      console,
      banner: null,
    });
    context.set(staffContext, { member, sessionId: "s", signedInAt: new Date(), meta: { fingerprint: "fp" } });
    const refused = await requireAdmin(context, new Request(`${SITE}/staff/members`, { method: "POST" })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const rows = await store.db.select().from(auditLog);
    expect(rows).toMatchObject([
      { action: "refused", actorId: member.id, actor: "member@maternis.test", target: "POST /staff/members" },
    ]);
  });
});

describe("the console's one origin", () => {
  test("SITE_URL's host only; loopback names on its port only when SITE_URL is loopback", () => {
    expect(consoleOrigins(SITE)).toEqual([SITE]);
    expect(servesConsole(`${SITE}/staff`, SITE)).toBe(true);
    // TLS may end at a proxy: the scheme is not compared, the host is.
    expect(servesConsole("http://www.maternis.health/staff", SITE)).toBe(true);
    for (const other of [
      "https://evil.example/staff",
      "https://maternis.health/staff",
      "https://www.maternis.health:8443/staff",
      "http://localhost:3000/staff",
      "http://127.0.0.1:3000/staff",
    ])
      expect(servesConsole(other, SITE)).toBe(false);

    const local = "http://localhost:3000";
    expect(consoleOrigins(local)).toEqual([local, "http://127.0.0.1:3000", "http://[::1]:3000"]);
    for (const served of ["http://localhost:3000/staff", "http://127.0.0.1:3000/staff", "http://[::1]:3000/staff"])
      expect(servesConsole(served, local)).toBe(true);
    for (const other of ["http://localhost:3001/staff", "http://evil.example:3000/staff", `${SITE}/staff`])
      expect(servesConsole(other, local)).toBe(false);
  });
});
