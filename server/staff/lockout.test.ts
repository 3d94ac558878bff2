import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { EnquiryPipeline } from "../enquiries";
import { testEnv } from "../../test/support/pglite";
import { bothEngines } from "../../test/support/engines";
import {
  Browser,
  codeSignIn,
  lastCode,
  openStaffConsole,
  otherCode,
  passkeySignIn,
  requestedCode,
  softwarePasskey,
  staffMailJobs,
} from "../../test/support/staff-auth";
import { auditLog } from "../db/staff-schema.server";
import { WRONG_CODES_ADDRESS_WINDOW_MS, WRONG_CODES_CLIENT_WINDOW_MS } from "./lockout.server";

/**
 * Wrong sign-in codes limited per address per day and per client per hour
 * (docs/decisions/019-staff-sessions-and-lockout.md), on both engines: the
 * lock refuses code checks (the right code too) until its window ends, is
 * audited once and e-mailed to the admins once, names a member but never a
 * stranger's address or a code, and never blocks a passkey sign-in.
 */
const { engines, open } = bothEngines<EnquiryPipeline>();
afterEach(() => {
  vi.useRealTimers();
});

const ADMIN = "admin@maternis.test";
const MEMBER = "member@maternis.test";

describe.each(engines)("wrong-code lockout on $name", (engine) => {
  async function start(overrides: Record<string, string>) {
    const env = testEnv({ ...(await engine.database()), ...overrides });
    const { console, store } = await openStaffConsole(env, open);
    await console.auth.addMember({ email: ADMIN, name: "Ada", role: "admin" });
    const member = await console.auth.addMember({ email: MEMBER, name: "Mo", role: "staff" });
    return { console, store, member: member! };
  }

  const lockRows = async (store: EnquiryPipeline["internals"]["store"]) =>
    store.db.select().from(auditLog).where(eq(auditLog.action, "sign-in-locked"));
  const lockMails = async (store: EnquiryPipeline["internals"]["store"]) =>
    (await staffMailJobs(store)).filter((row) => /sign-in locked/i.test(row.data.message.subject));

  test("wrong codes for one address from any client lock its code sign-in for 24 hours, audited and e-mailed once", async () => {
    const { console, store } = await start({ STAFF_WRONG_CODES_PER_ADDRESS: "3", STAFF_WRONG_CODES_PER_CLIENT: "100" });
    vi.useFakeTimers({ toFake: ["Date"] });
    const member = new Browser();
    const code = await requestedCode(console, store, MEMBER, member);
    const wrong = otherCode(code);
    // Three clients guess; the third wrong code reaches the limit.
    const guess = (ip: string) => console.auth.signInWithCode(new Browser(undefined, { ip }).request(), MEMBER, wrong);
    expect(await guess("198.51.100.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await guess("198.51.100.2")).toEqual({ ok: false, reason: "invalid" });
    expect(await guess("198.51.100.3")).toEqual({ ok: false, reason: "address-locked" });
    // The member's own right code is refused now (and not spent), and more guesses change nothing.
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toEqual({
      ok: false,
      reason: "address-locked",
    });
    expect(await guess("198.51.100.4")).toEqual({ ok: false, reason: "address-locked" });
    // Asking for a new code, from any client, gets the lock at once and sends none.
    const codeMails = async () =>
      (await staffMailJobs(store)).filter(
        (row) => row.data.message.to.includes(MEMBER) && /sign-in code/i.test(row.data.message.subject),
      ).length;
    expect(await codeMails()).toBe(1);
    for (const browser of [member, new Browser(undefined, { ip: "198.51.100.9" })]) {
      expect(await console.auth.requestCode(browser.request(), MEMBER, "fp")).toEqual({
        ok: false,
        reason: "address-locked",
      });
    }
    expect(await codeMails()).toBe(1);

    const rows = await lockRows(store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, detail: { limit: "address", wrongCodes: 3, windowHours: 24 } });
    expect(rows[0]!.actor).toMatch(/^sha256:/);
    expect(rows[0]!.target).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(rows)).not.toContain(MEMBER);
    const mails = await lockMails(store);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data.message;
    expect(mail.to).toEqual([ADMIN]);
    expect(mail.text).toContain(MEMBER);
    expect(mail.text).not.toContain(code);
    expect(mail.text).not.toContain(wrong);

    // Another address is not locked (positive control): the admin signs in with a code from a guessing client.
    await codeSignIn(console, store, ADMIN, new Browser(undefined, { ip: "198.51.100.1" }));

    // A day later the address's codes work again: a new one is sent (positive control) and signs in.
    vi.setSystemTime(Date.now() + WRONG_CODES_ADDRESS_WINDOW_MS + 1000);
    const { member: signedIn } = await codeSignIn(console, store, MEMBER, new Browser());
    expect(signedIn.email).toBe(MEMBER);
    expect(await codeMails()).toBe(2);
    expect(await lockRows(store)).toHaveLength(1);
    expect(await lockMails(store)).toHaveLength(1);
  });

  test("wrong codes from one client lock that client's code checks for an hour; other clients are not affected", async () => {
    const { console, store } = await start({ STAFF_WRONG_CODES_PER_ADDRESS: "100", STAFF_WRONG_CODES_PER_CLIENT: "3" });
    vi.useFakeTimers({ toFake: ["Date"] });
    const attacker = new Browser(undefined, { ip: "192.0.2.66" });
    const strangers = ["x1@example.org", "x2@example.org", "x3@example.org", "x4@example.org"];
    // The third wrong code reaches the client's limit: from then on its checks are refused, whatever the address.
    const reasons = ["invalid", "invalid", "client-locked", "client-locked"] as const;
    for (const [i, stranger] of strangers.entries()) {
      expect(await console.auth.signInWithCode(attacker.request(), stranger, "123456")).toEqual({
        ok: false,
        reason: reasons[i],
      });
    }
    // That client gets no code either; another client does (requestedCode checks it was sent).
    expect(await console.auth.requestCode(attacker.request(), MEMBER, "fp")).toEqual({
      ok: false,
      reason: "client-locked",
    });
    expect(await lastCode(store, MEMBER)).toBeUndefined();
    // A member's right code from that client is refused too; from another client it signs in.
    const member = new Browser(undefined, { ip: "203.0.113.50" });
    const code = await requestedCode(console, store, MEMBER, member);
    expect(await console.auth.signInWithCode(attacker.request(), MEMBER, code)).toEqual({
      ok: false,
      reason: "client-locked",
    });
    const signedIn = await console.auth.signInWithCode(member.request(), MEMBER, code);
    expect(signedIn.ok).toBe(true);

    const rows = await lockRows(store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: "(signed out)",
      detail: { limit: "client", wrongCodes: 3, windowHours: 1 },
    });
    expect(rows[0]!.target).toBe(rows[0]!.clientFingerprint);
    const mails = await lockMails(store);
    expect(mails).toHaveLength(1);
    for (const stranger of strangers) expect(mails[0]!.data.message.text).not.toContain(stranger);
    expect(mails[0]!.data.message.text).not.toContain("123456");

    // An hour later the client may try codes again.
    vi.setSystemTime(Date.now() + WRONG_CODES_CLIENT_WINDOW_MS + 1000);
    expect(await console.auth.signInWithCode(attacker.request(), strangers[0]!, "123456")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("a stranger's address reaching the limit is never named in the admins' e-mail", async () => {
    const { console, store } = await start({ STAFF_WRONG_CODES_PER_ADDRESS: "2", STAFF_WRONG_CODES_PER_CLIENT: "100" });
    const stranger = "guessed@example.org";
    const browser = new Browser();
    expect(await console.auth.signInWithCode(browser.request(), stranger, "123456")).toMatchObject({ ok: false });
    expect(await console.auth.signInWithCode(browser.request(), stranger, "123456")).toEqual({
      ok: false,
      reason: "address-locked",
    });
    const mails = await lockMails(store);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.message.text).toContain("not a member of staff");
    expect(mails[0]!.data.message.text).not.toContain(stranger);
    expect(await lockRows(store)).toHaveLength(1);
  });

  test("a member whose code sign-in is locked still signs in with a passkey, and that ends the browser's old session", async () => {
    const { console, store, member } = await start({
      STAFF_WRONG_CODES_PER_ADDRESS: "2",
      STAFF_WRONG_CODES_PER_CLIENT: "100",
    });
    const passkey = await softwarePasskey(store, member.id);
    // This browser signed in with a code earlier.
    const { browser } = await codeSignIn(console, store, MEMBER, new Browser());
    const before = await console.auth.session(browser.request());
    expect(before).not.toBeNull();
    const oldCookies = new Map(browser.cookies);

    // Someone locks the member's code sign-in.
    const attacker = new Browser(undefined, { ip: "192.0.2.66" });
    await console.auth.requestCode(attacker.request(), MEMBER, "fp");
    expect(await console.auth.signInWithCode(attacker.request(), MEMBER, "000000")).toMatchObject({ ok: false });
    expect(await console.auth.signInWithCode(attacker.request(), MEMBER, "000001")).toEqual({
      ok: false,
      reason: "address-locked",
    });
    const code = (await lastCode(store, MEMBER))!;
    expect(await console.auth.signInWithCode(browser.request(), MEMBER, code)).toEqual({
      ok: false,
      reason: "address-locked",
    });

    // The passkey signs in all the same.
    await passkeySignIn(console, browser, passkey);
    const after = await console.auth.session(browser.request());
    expect(after?.member.email).toBe(MEMBER);
    expect(after!.sessionId).not.toBe(before!.sessionId);
    // The session the browser had before is gone: its cookie no longer signs in.
    const old = new Browser();
    old.cookies = oldCookies;
    expect(await console.auth.session(old.request())).toBeNull();
    const signIns = await store.db.select().from(auditLog).where(eq(auditLog.action, "sign-in"));
    expect(signIns).toEqual([expect.objectContaining({ actorId: member.id, detail: { method: "passkey" } })]);
  });
});
