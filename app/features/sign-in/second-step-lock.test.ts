import { describe, expect, test } from "vitest";
import {
  Browser,
  enrolledOnKnownBrowser,
  later,
  lockAlertMails,
  lockAlertRows,
  pendingSecondStep,
  STAFF_ADMIN,
  STAFF_MEMBER,
  staffConsoles,
  wrongAppCode,
} from "../../../test/support/staff-auth";
import { passkeySignIn, softwarePasskey } from "../../../test/support/passkeys";
import { currentAppCode } from "../../../test/support/totp";

/**
 * The second step's lock (./second-step-lock.server.ts, ADR 020), on both
 * engines: 10 wrong app or recovery codes in a row pause a member's second
 * step for 15 minutes, from every browser (better-auth's two-factor plugin);
 * their passkey still signs in; the admins are told once a lock; "Members"
 * lists it, and lifting the member's pauses ends it at once.
 */
const ADMIN = STAFF_ADMIN;
const MEMBER = STAFF_MEMBER;

describe.each(staffConsoles({ admin: true, testClock: true }))("the second step's lock on $name", ({ start }) => {
  /** Two pending second steps of 5 tries each: 10 wrong app codes in a row. */
  async function tenWrongCodes(
    console: Awaited<ReturnType<typeof start>>["console"],
    store: Awaited<ReturnType<typeof start>>["store"],
    appKey: string,
    afterFive?: () => Promise<void>,
  ) {
    const wrong = wrongAppCode(appKey);
    for (let step = 0; step < 2; step++) {
      later(1000); // each code's e-mail is queued after the one before (the database's clock is the test's too)
      const browser = await pendingSecondStep(console, store);
      for (let i = 0; i < 5; i++) {
        expect((await console.auth.verifySecondStep(browser.request(), "app", wrong)).ok).toBe(false);
      }
      if (step === 0) await afterFive?.();
    }
    return wrong;
  }

  test("ten wrong second steps in a row pause the member's app and recovery codes for 15 minutes, from every browser; their passkey still signs in (ASVS 6.3.1); the admins are told once", async () => {
    const { console, store, member } = await start();
    const { appKey } = await enrolledOnKnownBrowser(console, store);
    const passkey = await softwarePasskey(store, member.id);
    const wrong = await tenWrongCodes(console, store, appKey, async () => {
      // Five wrong codes lock nothing, and nobody is told.
      expect(await lockAlertRows(store)).toEqual([]);
    });

    // The tenth told the admins: one audit row about the member, one e-mail naming them, never a code.
    const rows = await lockAlertRows(store);
    expect(rows).toEqual([
      expect.objectContaining({
        actor: "(signed out)",
        actorId: null,
        target: member.id,
        detail: { limit: "second-step", wrongCodes: 10, minutes: 15 },
      }),
    ]);
    const mails = await lockAlertMails(store);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data.message;
    expect(mail.to).toEqual([ADMIN]);
    const words = mail.text.replace(/\s+/g, " ");
    expect(words).toContain(
      `10 wrong app or recovery codes in a row had been entered at the second step of signing in for ${MEMBER}.`,
    );
    expect(words).toContain("Their authenticator app and recovery codes are paused for 15 minutes");
    expect(mail.text).not.toContain(wrong);

    // A new browser with the app's right code of a new step: paused, and nobody is told again.
    later(30_000);
    const paused = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(paused.request(), "app", currentAppCode(appKey))).toEqual({
      ok: false,
      reason: "locked",
    });
    expect(await console.auth.session(paused.request())).toBeNull();
    expect(await lockAlertRows(store)).toHaveLength(1);
    expect(await lockAlertMails(store)).toHaveLength(1);
    // The passkey is not paused.
    const byPasskey = new Browser();
    await passkeySignIn(console, byPasskey, passkey);
    expect(await console.auth.session(byPasskey.request())).not.toBeNull();
    // 15 minutes on, the same right code of a new step signs in (the positive control).
    later(15 * 60_000 + 30_000);
    const after = await pendingSecondStep(console, store);
    const signedIn = await console.auth.verifySecondStep(after.request(), "app", currentAppCode(appKey));
    expect(signedIn.ok).toBe(true);
  });

  test("a later lock is told again; 'Members' lists the lock, and lifting the member's pauses ends it at once", async () => {
    const { console, store, member } = await start();
    const { appKey } = await enrolledOnKnownBrowser(console, store);
    await tenWrongCodes(console, store, appKey);
    expect(await lockAlertRows(store)).toHaveLength(1);

    const pauses = await console.members.signInPauses();
    expect(pauses).toEqual([
      {
        kind: "second-step",
        member: expect.objectContaining({ id: member.id, email: MEMBER }),
        until: expect.any(Date),
      },
    ]);
    expect(pauses[0]!.until.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await console.members.liftMemberPauses(member.id)).toMatchObject({ member: { id: member.id } });
    expect(await console.members.signInPauses()).toEqual([]);

    // At once, not 15 minutes on: the right code signs in.
    later(30_000);
    const lifted = await pendingSecondStep(console, store);
    expect((await console.auth.verifySecondStep(lifted.request(), "app", currentAppCode(appKey))).ok).toBe(true);

    // Ten more wrong codes lock it again, and that lock is told too.
    await tenWrongCodes(console, store, appKey);
    expect(await lockAlertRows(store)).toHaveLength(2);
    expect(await lockAlertMails(store)).toHaveLength(2);
  });
});
