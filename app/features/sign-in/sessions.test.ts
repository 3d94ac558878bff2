import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import {
  Browser,
  codeSignIn,
  enrolledWithApp,
  lastCode,
  openStaffConsole,
  pendingSecondStep,
  staffMailJobs,
} from "../../../test/support/staff-auth";
import { sessionCount } from "./auth.server";
import { staffRemovedAddresses, staffSessions, staffUsers } from "~/features/sign-in/tables.server";

/**
 * Sessions under the member's control (docs/decisions/019-staff-sessions-and-
 * lockout.md), on both engines: a member lists their sessions and ends
 * another; an admin ends all of another member's sessions without removing
 * them, or every member's at once; a member has at most 5 sessions;
 * STAFF_ADMIN_EMAILS does not bring a removed member back.
 */
const { engines, open } = bothEngines<Site>();

const ADMIN = "admin@maternis.test";
const MEMBER = "member@maternis.test";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(engines)("staff sessions on $name", (engine) => {
  async function start(overrides: Record<string, string> = {}) {
    const env = testEnv({ ...(await engine.database()), STAFF_ADMIN_EMAILS: ADMIN, ...overrides });
    return openStaffConsole(env, open);
  }

  test("a member lists their sessions (device, times, this one) and ends another, which is refused on its next request", async () => {
    const { console, store } = await start();
    const added = (await console.members.add({ email: MEMBER, name: "Mo", role: "staff" }))!;
    const laptop = (await codeSignIn(console, store, MEMBER, new Browser(undefined, { userAgent: CHROME_WINDOWS })))
      .browser;
    const phone = (await codeSignIn(console, store, MEMBER, new Browser(undefined, { userAgent: FIREFOX_LINUX })))
      .browser;
    const other = (await codeSignIn(console, store, ADMIN)).browser;

    const listed = await console.auth.sessions(laptop.request());
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ current: true, userAgent: CHROME_WINDOWS });
    expect(listed[1]).toMatchObject({ current: false, userAgent: FIREFOX_LINUX });
    for (const session of listed) {
      expect(session.createdAt).toBeInstanceOf(Date);
      expect(session.updatedAt.getTime()).toBeGreaterThanOrEqual(session.createdAt.getTime());
      expect(Object.keys(session).sort()).toEqual(["createdAt", "current", "id", "updatedAt", "userAgent"]);
    }
    // No client address is kept with a session.
    const rows = await store.db.select().from(staffSessions).where(eq(staffSessions.userId, added.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.ipAddress ?? "").toBe("");

    const phoneSession = listed[1]!.id;
    // Not this session, and not someone else's.
    expect(await console.auth.endSession(laptop.request(), listed[0]!.id)).toBe(false);
    expect(await console.auth.endSession(other.request(), phoneSession)).toBe(false);
    expect(await console.auth.session(phone.request())).not.toBeNull();

    expect(await console.auth.endSession(laptop.request(), phoneSession)).toBe(true);
    expect(await console.auth.session(phone.request())).toBeNull();
    expect(await console.auth.session(laptop.request())).not.toBeNull();
    expect(await console.auth.endSession(laptop.request(), phoneSession)).toBe(false);
    expect((await console.auth.sessions(laptop.request())).map((s) => s.id)).toEqual([listed[0]!.id]);
    // Signed out, there is no list.
    const nobody = await console.auth.sessions(new Browser().request()).catch((error: unknown) => error);
    expect((nobody as Response).status).toBe(401);
  });

  test("an admin ends every session of another member, who stays a member and can sign in again", async () => {
    const { console, store } = await start();
    const added = (await console.members.add({ email: MEMBER, name: "Mo", role: "staff" }))!;
    const one = (await codeSignIn(console, store, MEMBER)).browser;
    const two = (await codeSignIn(console, store, MEMBER)).browser;
    const admin = (await codeSignIn(console, store, ADMIN)).browser;
    expect(await sessionCount(store, added.id)).toBe(2);

    expect(await console.auth.endMemberSessions(added.id)).toMatchObject({ member: { email: MEMBER }, ended: 2 });
    expect(await console.auth.session(one.request())).toBeNull();
    expect(await console.auth.session(two.request())).toBeNull();
    expect(await sessionCount(store, added.id)).toBe(0);
    // The admin's own session and the membership are untouched.
    expect(await console.auth.session(admin.request())).not.toBeNull();
    expect(await console.auth.findMember(MEMBER)).toMatchObject({ id: added.id });
    await codeSignIn(console, store, MEMBER);
    expect(await console.auth.endMemberSessions("no-such-member")).toBeNull();
  });

  test("an admin ends every member's sessions at once, their own included, past the first page of members; anyone may sign in again", async () => {
    const { console, store } = await start();
    const added = (await console.members.add({ email: MEMBER, name: "Mo", role: "staff" }))!;
    const admin = await codeSignIn(console, store, ADMIN);
    const one = (await codeSignIn(console, store, MEMBER)).browser;
    const two = (await codeSignIn(console, store, MEMBER)).browser;
    // 120 more members, read a page at a time: the last one by id has a session, made as better-auth makes them.
    const crowd = Array.from({ length: 120 }, (_, i) => ({
      id: `zz-member-${String(i).padStart(3, "0")}`,
      name: `Member ${i}`,
      email: `crowd-${i}@maternis.test`,
    }));
    await store.db.insert(staffUsers).values(crowd);
    const last = crowd.at(-1)!.id;
    const context = await console.auth.instance.$context;
    await context.internalAdapter.createSession(last);
    expect(await sessionCount(store, last)).toBe(1);

    expect(await console.auth.endEverySession()).toEqual({ ended: 4, members: 3 });
    for (const browser of [admin.browser, one, two]) expect(await console.auth.session(browser.request())).toBeNull();
    for (const id of [admin.member.id, added.id, last]) expect(await sessionCount(store, id)).toBe(0);
    expect(await store.db.select().from(staffSessions)).toEqual([]);
    // Everyone stays a member and signs in again (the positive control: a new session works).
    const again = await codeSignIn(console, store, MEMBER);
    expect(await console.auth.session(again.browser.request())).not.toBeNull();
    expect(await console.auth.findMember(ADMIN)).toMatchObject({ id: admin.member.id });
  });

  test("at most 5 full sessions a member: a sixth sign-in ends the least recently used one, an e-mail code alone none; expired ones go at any sign-in", async () => {
    const { console, store } = await start();
    const added = (await console.members.add({ email: MEMBER, name: "Mo", role: "staff" }))!;
    const idOf = async (browser: Browser) => (await console.auth.session(browser.request()))!.sessionId;
    // The member enrols an app: their first full session, and recovery codes to sign in with below.
    const { browser: enrolled, recoveryCodes } = await enrolledWithApp(console, store, MEMBER);
    const first = await idOf(enrolled);
    const fullSignIn = async (code: string) => {
      const browser = await pendingSecondStep(console, store, MEMBER);
      const result = await console.auth.verifySecondStep(browser.request(), "recovery", code);
      if (!result.ok) throw new Error(result.reason);
      browser.take(result.headers);
      return browser;
    };
    // Three more full sessions made as better-auth makes them, and one that has expired.
    const context = await console.auth.instance.$context;
    const now = Date.now();
    const set = (id: string, values: Partial<typeof staffSessions.$inferInsert>) =>
      store.db.update(staffSessions).set(values).where(eq(staffSessions.id, id));
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await context.internalAdapter.createSession(added.id)).id);
    const expired = (await context.internalAdapter.createSession(added.id)).id;
    for (const id of [...made, expired]) await set(id, { assurance: "full" });
    await set(expired, { expiresAt: new Date(now - 1000) });
    // The first sign-in's session is the most recently used; the first one made after it the least.
    for (const [id, hoursAgo] of [
      [first, 0],
      [made[0]!, 3],
      [made[1]!, 2],
      [made[2]!, 1],
    ] as const) {
      await set(id, { updatedAt: new Date(now - hoursAgo * 60 * 60 * 1000) });
    }
    const ids = async () => (await store.db.select({ id: staffSessions.id }).from(staffSessions)).map((row) => row.id);

    // A fifth live session: within the limit, so nothing live ends; the expired one goes.
    const fifthId = await idOf(await fullSignIn(recoveryCodes[0]!));
    expect((await ids()).sort()).toEqual([first, ...made, fifthId].sort());

    // At the limit, an e-mail code alone (someone with the mailbox, stopped at the second step) ends no device.
    await pendingSecondStep(console, store, MEMBER);
    expect((await ids()).sort()).toEqual([first, ...made, fifthId].sort());

    // A sixth full sign-in: the least recently used ends, not the oldest sign-in; the new one works.
    const sixthId = await idOf(await fullSignIn(recoveryCodes[1]!));
    expect((await ids()).sort()).toEqual([first, made[1]!, made[2]!, fifthId, sixthId].sort());
    expect(await ids()).not.toContain(made[0]);
  });

  test("a removed member listed in STAFF_ADMIN_EMAILS is not created again; an address never seen is", async () => {
    const returning = "returning@maternis.test";
    const fresh = "fresh@maternis.test";
    const { console, store } = await start({ STAFF_ADMIN_EMAILS: `${returning},${fresh}` });
    // First code request: an admin (STAFF_ADMIN_EMAILS).
    const { member } = await codeSignIn(console, store, returning);
    expect(member.role).toBe("admin");
    expect(await console.members.remove(member.id)).toMatchObject({ email: returning });
    const removed = await store.db.select().from(staffRemovedAddresses);
    expect(removed).toHaveLength(1);
    expect(JSON.stringify(removed)).not.toContain(returning);
    expect(JSON.stringify(removed)).not.toContain("returning");

    const mailsBefore = (await staffMailJobs(store)).length;
    // The same answer as for anyone, but no member and no code.
    expect(await console.auth.requestCode(new Browser().request(), returning)).toEqual({ ok: true });
    expect(await console.auth.findMember(returning)).toBeNull();
    // Positive control: an address never seen becomes an admin, and its code is queued.
    await codeSignIn(console, store, fresh);
    expect(await console.auth.findMember(fresh)).toMatchObject({ role: "admin" });
    const mails = await staffMailJobs(store);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]!.data.message.to).toEqual([fresh]);
    expect(await lastCode(store, returning)).toBeDefined(); // the code sent before the removal only
    expect(mails.filter((m) => m.data.message.to.includes(returning))).toHaveLength(1);

    // An admin may still add them back explicitly.
    expect(await console.members.add({ email: returning, name: "Back", role: "staff" })).toMatchObject({
      email: returning,
      role: "staff",
    });
  });
});
