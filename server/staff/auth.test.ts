import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/lib/console/auth";
import { createLogger } from "~/lib/log.server";
import type { EnquiryPipeline } from "../enquiries";
import { openPipeline, testEngines, testEnv } from "../../test/support/pglite";
import { startPostgres, type TestPostgres } from "../../test/support/postgres";
import { createStaffConsole, type ServerStaffConsole } from ".";
import { auditLog } from "./schema.server";
import { sessionCount, takeToken } from "./auth.server";
import { RouterContextProvider } from "react-router";
import { appContext, noMetrics } from "~/lib/context.server";
import { requireAdmin, staffContext } from "~/lib/console/request.server";

/**
 * Staff sign-in on both engines: e-mail codes, sessions (idle and absolute
 * expiry with a controlled clock, revocation), code request limits, staff
 * management. The browser flows (passkeys, the pages) are in e2e/.
 */
let postgres: TestPostgres;
const open: EnquiryPipeline[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const pipeline of open.splice(0)) await pipeline.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const ADMIN = "admin@maternis.test";
const SITE = "https://www.maternis.health";

const engines = testEngines(() => postgres, cleanups);

/** A browser's cookie jar, reduced to what these tests need. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly origin = SITE) {}
  request(path = "/staff") {
    const headers = new Headers({ "x-maternis-client-ip": "203.0.113.9" });
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    return new Request(`${this.origin}${path}`, { headers });
  }
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

describe.each(engines)("staff sign-in on $name", (engine) => {
  async function start(overrides: Record<string, string> = {}) {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN, ...overrides });
    const pipeline = await openPipeline(env, false);
    open.push(pipeline);
    const console = await createStaffConsole({ ...pipeline.internals, env, log: createLogger("silent") });
    return { env, pipeline, console, store: pipeline.internals.store };
  }

  /** The code in the newest queued staff e-mail to `to`. */
  async function lastCode(pipeline: EnquiryPipeline, to: string): Promise<string | undefined> {
    type Row = { data: { message: { to: string[]; text: string } } };
    const result: unknown = await pipeline.internals.store.db.execute(
      sql`select data from pgboss.job where name = 'staff-mail' order by created_on desc`,
    );
    const list = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
    const job = list.find((row) => row.data.message.to.includes(to));
    return job ? /\b(\d{6})\b/.exec(job.data.message.text)?.[1] : undefined;
  }

  async function signIn(
    console: ServerStaffConsole,
    pipeline: EnquiryPipeline,
    email: string,
    browser = new Browser(),
  ) {
    expect(await console.auth.requestCode(browser.request(), email, "fp")).toEqual({ ok: true });
    const code = await lastCode(pipeline, email);
    expect(code).toMatch(/^\d{6}$/);
    const result = await console.auth.signInWithCode(browser.request(), email, code!);
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
    browser.take(result.headers);
    return { browser, member: result.member };
  }

  test("an admin address signs in with a code; the cookie is __Host- prefixed, HttpOnly, Secure, SameSite=Lax", async () => {
    const { console, pipeline } = await start();
    const browser = new Browser();
    await console.auth.requestCode(browser.request(), ADMIN, "fp");
    const code = (await lastCode(pipeline, ADMIN))!;
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

  test("on http://127.0.0.1 the cookie is plain (no prefix, no Secure)", async () => {
    const { console, pipeline } = await start();
    const { browser } = await signIn(console, pipeline, ADMIN, new Browser("http://127.0.0.1:4999"));
    expect([...browser.cookies.keys()]).toEqual(["maternis-staff.session_token"]);
  });

  test("an unknown address gets the same answer and no e-mail; a member's code is not a stranger's", async () => {
    const { console, pipeline } = await start();
    const browser = new Browser();
    expect(await console.auth.requestCode(browser.request(), "nobody@example.org", "fp")).toEqual({ ok: true });
    expect(await lastCode(pipeline, "nobody@example.org")).toBeUndefined();
    expect(await console.auth.signInWithCode(browser.request(), "nobody@example.org", "123456")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("five wrong codes lock the code; an expired code fails", async () => {
    const { console, pipeline } = await start();
    const browser = new Browser();
    await console.auth.requestCode(browser.request(), ADMIN, "fp");
    const code = (await lastCode(pipeline, ADMIN))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(await console.auth.signInWithCode(browser.request(), ADMIN, wrong)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await console.auth.signInWithCode(browser.request(), ADMIN, code)).toEqual({ ok: false, reason: "locked" });

    vi.useFakeTimers({ toFake: ["Date"] });
    await console.auth.requestCode(browser.request(), ADMIN, "fp");
    const fresh = (await lastCode(pipeline, ADMIN))!;
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect(await console.auth.signInWithCode(browser.request(), ADMIN, fresh)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  test("code requests are limited per address and per client, across instances sharing the database", async () => {
    const { console, store } = await start({ STAFF_CODE_LIMIT_PER_ADDRESS: "2", STAFF_CODE_LIMIT_PER_CLIENT: "3" });
    const browser = new Browser();
    expect(await console.auth.requestCode(browser.request(), ADMIN, "a")).toEqual({ ok: true });
    expect(await console.auth.requestCode(browser.request(), ADMIN, "b")).toEqual({ ok: true });
    expect(await console.auth.requestCode(browser.request(), ADMIN, "c")).toEqual({
      ok: false,
      reason: "rate-limited",
    });
    for (const email of ["x1@example.org", "x2@example.org", "x3@example.org"]) {
      await console.auth.requestCode(browser.request(), email, "same-client");
    }
    expect(await console.auth.requestCode(browser.request(), "x4@example.org", "same-client")).toEqual({
      ok: false,
      reason: "rate-limited",
    });
    // The window ends: counting starts again.
    expect(await takeToken(store, "k", 1, 1000, 0)).toBe(true);
    expect(await takeToken(store, "k", 1, 1000, 500)).toBe(false);
    expect(await takeToken(store, "k", 1, 1000, 2000)).toBe(true);
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

    const added = await console.auth.addMember({ email: "Member@Maternis.test", name: "Mo", role: "staff" });
    expect(added).toMatchObject({ email: "member@maternis.test", role: "staff" });
    expect(await console.auth.addMember({ email: "member@maternis.test", name: "Mo", role: "staff" })).toBeNull();
    const member = await signIn(console, pipeline, "member@maternis.test");
    expect(member.member.role).toBe("staff");
    expect((await console.auth.setRole(added!.id, "admin"))?.role).toBe("admin");
    expect((await console.auth.session(member.browser.request()))?.member.role).toBe("admin");
    await console.auth.removeMember(added!.id);
    expect(await console.auth.session(member.browser.request())).toBeNull();
    expect(await console.auth.findMember("member@maternis.test")).toBeNull();
    expect(await sessionCount(store, added!.id)).toBe(0);
    // Audit rows are written by the routes; nothing here writes any.
    expect((await store.db.select().from(auditLog)).length).toBe(0);
  });

  test("a member of staff refused an admin page gets 403, and the attempt is audited", async () => {
    const { console, pipeline, env, store } = await start();
    await console.auth.addMember({ email: "member@maternis.test", name: "Mo", role: "staff" });
    const { member } = await signIn(console, pipeline, "member@maternis.test");
    const context = new RouterContextProvider();
    context.set(appContext, {
      env,
      log: createLogger("silent"),
      metrics: noMetrics,
      formGuard: null as never,
      enquiries: null,
      console,
      announcements: null,
    });
    context.set(staffContext, { member, sessionId: "s", signedInAt: new Date(), meta: { fingerprint: "fp" } });
    const refused = await requireAdmin(context, new Request(`${SITE}/staff/team`, { method: "POST" })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const rows = await store.db.select().from(auditLog);
    expect(rows).toMatchObject([
      { action: "refused", actorId: member.id, actor: "member@maternis.test", target: "POST /staff/team" },
    ]);
  });
});
