import { describe, expect, test } from "vitest";
import {
  ATTACKER_IP,
  attackerBrowser,
  lastCode,
  later,
  lockAlertMails,
  lockAlertRows,
  MEMBER_IP,
  memberBrowser,
  STAFF_MEMBER,
  staffConsoles,
  wrongCodeLimits,
  otherCode,
  requestedCode,
} from "../../../test/support/staff-auth";
import { WRONG_CODES_CLIENT_WINDOW_MS } from "~/features/sign-in/lockout.server";

/**
 * Admins lift pauses on code sign-in (docs/decisions/019-staff-sessions-and-
 * lockout.md), on both engines: a client's, by its keyed hash, after wrong
 * codes for any addresses paused it; a member's, after their own wrong codes
 * slowed them; and "Reset sign-in" lifts a member's too. How the pauses come
 * about is in app/features/sign-in/lockout.test.ts. Waits are moved past with
 * the test's clock, never slept.
 */
const MEMBER = STAFF_MEMBER;

const consoles = staffConsoles({ admin: true, testClock: true });

describe.each(consoles)("lifting pauses on code sign-in on $name", ({ start }) => {
  test("wrong codes from one client for any addresses pause that client for the rest of the hour; an admin lifts it, and it may try again", async () => {
    const { console, store } = await start(wrongCodeLimits({ perClient: 3 }));
    const attacker = attackerBrowser();
    const strangers = ["x1@example.org", "x2@example.org", "x3@example.org", "x4@example.org"];
    const try_ = (email: string, code = "123456") => console.auth.signInWithCode(attacker.request(), email, code);
    expect(await try_(strangers[0]!)).toEqual({ ok: false, reason: "invalid" });
    expect(await try_(strangers[1]!)).toEqual({ ok: false, reason: "invalid" });
    expect(await try_(strangers[2]!)).toEqual({ ok: false, reason: "client-locked", retryAfterSeconds: 3600 });
    later(20 * 60_000);
    expect(await try_(strangers[3]!)).toEqual({ ok: false, reason: "client-locked", retryAfterSeconds: 40 * 60 });
    // That client gets no code either, and the member's right code is refused from there...
    expect(await console.auth.requestCode(attacker.request(), MEMBER)).toEqual({
      ok: false,
      reason: "client-locked",
      retryAfterSeconds: 40 * 60,
    });
    expect(await lastCode(store, MEMBER)).toBeUndefined();
    const member = memberBrowser();
    const code = await requestedCode(console, store, MEMBER, member);
    expect(await try_(MEMBER, code)).toMatchObject({ ok: false, reason: "client-locked" });
    // ...while from the member's own client it signs in.
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({ ok: true });

    // Recorded and e-mailed once, by the client's keyed hash; no address, no code.
    const attackerHash = console.fingerprint(ATTACKER_IP);
    const rows = await lockAlertRows(store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: "(signed out)",
      target: attackerHash,
      clientFingerprint: attackerHash,
      detail: { limit: "client", wrongCodes: 3, windowHours: 1 },
    });
    const mails = await lockAlertMails(store);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.message.text.replace(/\s+/g, " ")).toContain("Code sign-in from that client is paused");
    for (const stranger of strangers) expect(mails[0]!.data.message.text).not.toContain(stranger);
    expect(mails[0]!.data.message.text).not.toContain("123456");

    // Admins see the pause by the client's hash (as in the audit row) and lift it; anything else is no client.
    const until = Date.now() + 40 * 60_000;
    expect(await console.members.signInPauses()).toEqual([
      { kind: "wrong-codes-client", client: attackerHash, until: new Date(until) },
    ]);
    expect(await console.members.liftClientPauses(ATTACKER_IP)).toBeNull();
    expect(await try_(strangers[0]!)).toMatchObject({ reason: "client-locked" });
    expect(await console.members.liftClientPauses(attackerHash)).toBeGreaterThan(0);
    expect(await console.members.signInPauses()).toEqual([]);
    // Positive control: the same try from the same client is checked again.
    expect(await try_(strangers[0]!)).toEqual({ ok: false, reason: "invalid" });
    // And without a lift, the hour ends by itself.
    expect(await try_(strangers[1]!)).toEqual({ ok: false, reason: "invalid" });
    expect(await try_(strangers[2]!)).toMatchObject({ reason: "client-locked", retryAfterSeconds: 3600 });
    later(WRONG_CODES_CLIENT_WINDOW_MS + 1000);
    expect(await try_(strangers[3]!)).toEqual({ ok: false, reason: "invalid" });
  });

  test("an admin lifts a member's pauses, and Reset sign-in lifts them too", async () => {
    const { console, store, member: mo } = await start(wrongCodeLimits({ beforeDelay: 2 }));
    const member = memberBrowser();
    const slowDown = async () => {
      later(1000); // a new code's e-mail is queued after the last one (the database's clock is the test's too)
      const code = await requestedCode(console, store, MEMBER, member);
      for (let i = 0; i < 2; i++) await console.auth.signInWithCode(member.request(), MEMBER, otherCode(code));
      expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({ reason: "slowed" });
      return code;
    };

    const code = await slowDown();
    expect(await console.members.signInPauses()).toEqual([
      {
        kind: "wrong-codes-slowed",
        member: mo,
        client: console.fingerprint(MEMBER_IP),
        until: new Date(Date.now() + 60_000),
      },
    ]);
    expect(await console.members.liftMemberPauses("no-such-member")).toBeNull();
    expect(await console.members.liftMemberPauses(mo.id)).toMatchObject({ member: mo });
    expect(await console.members.signInPauses()).toEqual([]);
    expect(await console.auth.signInWithCode(member.request(), MEMBER, code)).toMatchObject({
      ok: true,
      next: "enrol",
    });

    const again = await slowDown();
    expect(await console.auth.resetFactors(mo.id)).toMatchObject({ email: MEMBER });
    expect(await console.auth.signInWithCode(member.request(), MEMBER, again)).toMatchObject({ ok: true });
  });
});
