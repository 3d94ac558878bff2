import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import {
  ATTACKER_IP,
  attackerBrowser,
  Browser,
  codeSignIn,
  enrolledOnKnownBrowser,
  lastCode,
  later,
  lockAlertMails,
  lockAlertRows,
  memberBrowser,
  STAFF_ADMIN,
  STAFF_MEMBER,
  staffConsoles,
  wrongCodeLimits,
  otherCode,
  requestedCode,
  staffMailJobs,
} from "../../../test/support/staff-auth";
import { passkeySignIn, softwarePasskey } from "../../../test/support/passkeys";
import { currentAppCode } from "../../../test/support/totp";
import { auditLog } from "~/features/audit/tables.server";
import { CODE_REQUEST_WINDOW_MS, MAX_DELAY_MS } from "./lockout.server";

/**
 * Limits on e-mail sign-in codes that hurt only whoever guesses
 * (docs/decisions/019-staff-sessions-and-lockout.md), on both engines, with
 * two clients: the attacker's requests come from 127.0.0.2, the member's from
 * 127.0.0.1 (the client address the server sets from the socket, as
 * server/app.ts does). Wrong codes slow down and pause the attacker's client,
 * with the stated wait growing; the member signs in all the while with the
 * right code and their app; the admins are told once; a passkey is never
 * paused. The second step's own lock (10 wrong app or recovery codes in a
 * row, 15 minutes): ./second-step-lock.test.ts. Admins lifting pauses:
 * app/features/members/pauses.test.ts. Waits are read from the refusals,
 * never slept.
 */
const ADMIN = STAFF_ADMIN;
const MEMBER = STAFF_MEMBER;

const consoles = staffConsoles({ admin: true, testClock: true });

describe.each(consoles)("code sign-in limits on $name", ({ start }) => {
  type Store = Site["platform"]["store"];
  const codeMails = async (store: Store, to: string) =>
    (await staffMailJobs(store)).filter(
      (row) => row.data.message.to.includes(to) && /sign-in code/i.test(row.data.message.subject),
    );

  test("an attacker's wrong codes for a member's address slow the attacker's client ever more, never the member's; the admins are told once", async () => {
    const { console, store } = await start(wrongCodeLimits({ beforeDelay: 3, alertPerAddress: 3 }));
    const { appKey } = await enrolledOnKnownBrowser(console, store);
    later(1000); // the next code's e-mail is queued after the enrolment's (the database's clock is the test's too)
    const attacker = attackerBrowser();
    const member = memberBrowser();

    // The attacker asks for a code for the member's address (it is e-mailed to the member) and guesses.
    expect(await console.auth.requestCode(attacker.request(), MEMBER)).toEqual({ ok: true });
    const code = (await lastCode(store, MEMBER))!;
    const wrong = otherCode(code);
    const guess = () => console.auth.signInWithCode(attacker.request(), MEMBER, wrong);
    expect(await guess()).toEqual({ ok: false, reason: "invalid" });
    expect(await guess()).toEqual({ ok: false, reason: "invalid" });
    // The third wrong code from that client starts its wait: a minute.
    expect(await guess()).toEqual({ ok: false, reason: "slowed", retryAfterSeconds: 60 });
    // Until then its tries are refused before any code is compared (the code's own tries are not used up)...
    later(20_000);
    for (let i = 0; i < 5; i++) expect(await guess()).toEqual({ ok: false, reason: "slowed", retryAfterSeconds: 40 });
    // ...and it is sent no code it could not use yet.
    expect(await console.auth.requestCode(attacker.request(), MEMBER)).toEqual({
      ok: false,
      reason: "slowed",
      retryAfterSeconds: 40,
    });
    expect(await codeMails(store, MEMBER)).toHaveLength(2); // the enrolment's and the attacker's request

    // The member, from their own client, signs in at once with the right code and their app (the
    // admins have been told about the address by now: that refuses nobody).
    later(30_000); // another 30-second step of the app, so its code is new
    const signedIn = await console.auth.signInWithCode(member.request(), MEMBER, code);
    if (!signedIn.ok) throw new Error(`the member's right code was refused: ${signedIn.reason}`);
    expect(signedIn.next).toBe("second-step");
    member.take(signedIn.headers);
    const second = await console.auth.verifySecondStep(member.request(), "app", currentAppCode(appKey));
    if (!second.ok) throw new Error(`the member's app code was refused: ${second.reason}`);
    member.take(second.headers);
    expect((await console.auth.session(member.request()))?.member.email).toBe(MEMBER);

    // Each further wrong code from the attacker's client doubles its wait (the stated time, not slept), up to an hour.
    later(30_000); // the first minute is over
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await guess();
      if (refused.ok || refused.reason !== "slowed") throw new Error(`expected a wait, got ${JSON.stringify(refused)}`);
      waits.push(refused.retryAfterSeconds);
      later(refused.retryAfterSeconds * 1000);
    }
    expect(waits).toEqual([120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(MAX_DELAY_MS).toBe(3600_000);

    // The member's client, after all of this, still asks for a code and uses it at once.
    const again = await requestedCode(console, store, MEMBER, member);
    const next = await console.auth.signInWithCode(member.request(), MEMBER, again);
    expect(next).toMatchObject({ ok: true, next: "second-step" });

    // The admins were told once: the third wrong code for the address, from anywhere; later ones tell nobody.
    const rows = await lockAlertRows(store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, detail: { limit: "address", wrongCodes: 3, windowHours: 24 } });
    expect(rows[0]!.actor).toMatch(/^sha256:/);
    expect(rows[0]!.target).toMatch(/^[0-9a-f]{16}$/);
    expect(rows[0]!.clientFingerprint).toBe(console.fingerprint(ATTACKER_IP));
    expect(JSON.stringify(rows)).not.toContain(MEMBER);
    const mails = await lockAlertMails(store);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data.message;
    expect(mail.to).toEqual([ADMIN]);
    const words = mail.text.replace(/\s+/g, " ");
    expect(words).toContain(`3 wrong sign-in codes had been tried for ${MEMBER} within 24 hours`);
    expect(words).toContain(`This does not stop ${MEMBER} signing in`);
    expect(mail.text).not.toContain(code);
    expect(mail.text).not.toContain(wrong);
  });

  test("two tries at once after a wait are checked once: the second is refused without counting", async () => {
    const { console, store } = await start(wrongCodeLimits({ beforeDelay: 1 }));
    await requestedCode(console, store, MEMBER, memberBrowser());
    const attacker = attackerBrowser();
    const guess = () => console.auth.signInWithCode(attacker.request(), MEMBER, "000000");
    const first = await guess();
    expect(first).toMatchObject({ ok: false, reason: "slowed", retryAfterSeconds: 60 });
    later(60_000);
    const three = await Promise.all([guess(), guess(), guess()]);
    for (const result of three) expect(result).toMatchObject({ ok: false, reason: "slowed" });
    // Only one was counted (the second wrong code: two minutes' wait). Had all three been checked,
    // the streak would be at four, and the next wait eight minutes: the next try's stated wait tells.
    later(120_000);
    expect(await guess()).toEqual({ ok: false, reason: "slowed", retryAfterSeconds: 240 });
  });

  test("a member who mistypes is slowed only from that client; a right code there forgets their wrong ones", async () => {
    const { console, store } = await start(wrongCodeLimits({ beforeDelay: 2 }));
    const member = memberBrowser();
    /** A wrong code is refused as wrong; the next wrong one is slowed for a minute. */
    const twoWrongCodes = async (code: string) => {
      expect(await console.auth.signInWithCode(member.request(), MEMBER, otherCode(code))).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await console.auth.signInWithCode(member.request(), MEMBER, otherCode(code))).toEqual({
        ok: false,
        reason: "slowed",
        retryAfterSeconds: 60,
      });
    };
    const code = await requestedCode(console, store, MEMBER, member);
    await twoWrongCodes(code);
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({ reason: "slowed" });
    later(60_000);
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({ ok: true });
    // Forgotten: the next wrong code is the first again (no wait), and the next the second.
    await twoWrongCodes(await requestedCode(console, store, MEMBER, member));
  });

  test("code requests are limited per client and per (address, client), so an outsider cannot stop a member getting codes; the address's cap sends none, but the codes sent still work", async () => {
    const {
      console,
      store,
      member: mo,
    } = await start({
      STAFF_CODE_LIMIT_PER_CLIENT: "3",
      STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT: "2",
      STAFF_CODE_LIMIT_PER_ADDRESS: "5",
    });
    const attacker = attackerBrowser();
    const member = memberBrowser();
    const ask = (browser: Browser, email = MEMBER) => console.auth.requestCode(browser.request(), email);

    // The attacker's client asks for the member's address: twice, then it must wait the window out.
    expect(await ask(attacker)).toEqual({ ok: true });
    expect(await ask(attacker)).toEqual({ ok: true });
    later(60_000);
    expect(await ask(attacker)).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 14 * 60 });
    expect(await ask(attacker)).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 14 * 60 });
    // The member's client is not affected (their e-mail arrives).
    expect(await ask(member)).toEqual({ ok: true });
    expect(await codeMails(store, MEMBER)).toHaveLength(3);
    // Per client, whatever the address: the attacker's third request in the window was its last.
    expect(await ask(attacker, "x1@example.org")).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterSeconds: 14 * 60,
    });

    // Enough other clients reach the address's cap (the attacker's refused requests did not count towards it).
    expect(await ask(new Browser(undefined, { ip: "127.0.0.3" }))).toEqual({ ok: true });
    expect(await ask(new Browser(undefined, { ip: "127.0.0.4" }))).toEqual({ ok: true });
    expect(await ask(member)).toEqual({ ok: false, reason: "address-busy", retryAfterSeconds: 14 * 60 });
    const mails = await codeMails(store, MEMBER);
    expect(mails).toHaveLength(5);
    // Every e-mail in the window carries the one live code, so the member signs in with the newest.
    const code = (await lastCode(store, MEMBER))!;
    for (const mail of mails) expect(mail.data.message.text).toContain(code);
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({ ok: true });

    // Admins see and lift it; then the member's client is sent a code again (positive control).
    const pauses = await console.members.signInPauses();
    expect(pauses).toEqual(
      expect.arrayContaining([
        { kind: "codes-address", member: mo, until: expect.any(Date) },
        {
          kind: "codes-address-client",
          member: mo,
          client: console.fingerprint(ATTACKER_IP),
          until: expect.any(Date),
        },
      ]),
    );
    expect(await console.members.liftMemberPauses(mo.id)).toMatchObject({ member: mo });
    expect(await ask(member)).toEqual({ ok: true });
    // A member's lift leaves the attacker's client limit; the window's end lifts that.
    expect(await ask(attacker, "x2@example.org")).toMatchObject({ reason: "rate-limited" });
    later(CODE_REQUEST_WINDOW_MS);
    expect(await ask(attacker, "x2@example.org")).toEqual({ ok: true });
  });

  test("an address that is not a member's reaching the alert is never named in the admins' e-mail", async () => {
    const { console, store } = await start({ STAFF_WRONG_CODES_ALERT_PER_ADDRESS: "2" });
    const stranger = "guessed@example.org";
    const attacker = attackerBrowser();
    expect(await console.auth.signInWithCode(attacker.request(), stranger, "123456")).toMatchObject({ ok: false });
    expect(await console.auth.signInWithCode(attacker.request(), stranger, "123456")).toEqual({
      ok: false,
      reason: "invalid",
    });
    const mails = await lockAlertMails(store);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.message.text).toContain("not a member of staff");
    expect(mails[0]!.data.message.text).not.toContain(stranger);
    expect(await lockAlertRows(store)).toHaveLength(1);
  });

  test("a member whose code checks are paused on their client still signs in there with a passkey, which ends the browser's old session", async () => {
    const { console, store, member } = await start({ STAFF_WRONG_CODES_PER_CLIENT: "2" });
    const passkey = await softwarePasskey(store, member.id);
    // This browser signed in with a code earlier.
    const { browser } = await codeSignIn(console, store, MEMBER, memberBrowser());
    const before = await console.auth.session(browser.request());
    expect(before).not.toBeNull();
    const oldCookies = new Map(browser.cookies);
    later(1000); // the next code's e-mail is queued after this one's (the database's clock is the test's too)

    // Wrong codes from this client pause its code checks.
    await console.auth.requestCode(browser.request(), MEMBER);
    expect(await console.auth.signInWithCode(browser.request(), MEMBER, "000000")).toMatchObject({ ok: false });
    expect(await console.auth.signInWithCode(browser.request(), MEMBER, "000001")).toMatchObject({
      reason: "client-locked",
    });
    const code = (await lastCode(store, MEMBER))!;
    expect(await console.auth.signInWithCode(browser.request(), MEMBER, code)).toMatchObject({
      reason: "client-locked",
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
