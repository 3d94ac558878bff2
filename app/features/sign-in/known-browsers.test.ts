import { describe, expect, test } from "vitest";
import {
  attackerBrowser,
  Browser,
  enrolledOnKnownBrowser,
  lastCode,
  later,
  markKnown,
  memberBrowser,
  otherCode,
  STAFF_ADMIN,
  STAFF_MEMBER,
  staffConsoles,
} from "../../../test/support/staff-auth";
import { CODE_REQUEST_WINDOW_MS } from "./lockout.server";

/**
 * Known browsers (./known-browsers.server.ts; ADR 019), on both engines: a
 * browser where the member has had a full session passes their address's
 * code cap, so attackers who use it up keep out only browsers the member
 * never used; only there does "Send a new code" replace the live code; an
 * admin's "Reset sign-in" and the member's removal forget them. Each test has
 * a browser the member never used, or another member's, as its control.
 */
const ADMIN = STAFF_ADMIN;
const MEMBER = STAFF_MEMBER;

const consoles = staffConsoles({ admin: true, testClock: true });

describe.each(consoles)("known browsers on $name", ({ start }) => {
  test("attackers who use up the address's cap and spoil its live code cannot keep the member out on a browser of theirs", async () => {
    const { console, store } = await start({ STAFF_CODE_LIMIT_PER_ADDRESS: "5" });
    const ask = (browser: Browser) => console.auth.requestCode(browser.request(), MEMBER);
    // The member's own browser: it had their full session (the console marks it), then signed out.
    const { own } = await enrolledOnKnownBrowser(console, store);
    expect(await console.auth.rememberBrowser(own.request(), MEMBER)).toBeNull();
    // A new window for the address's cap: the member's own sign-in above counted in the last.
    later(CODE_REQUEST_WINDOW_MS + 1000);

    // Two attacker clients use up the address's cap, and a third spoils the live code with five wrong tries.
    for (const ip of ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3", "127.0.0.3"])
      expect(await ask(new Browser(undefined, { ip }))).toEqual({ ok: true });
    const spoilt = (await lastCode(store, MEMBER))!;
    const guesser = new Browser(undefined, { ip: "127.0.0.4" });
    for (let n = 0; n < 5; n++)
      expect(await console.auth.signInWithCode(guesser.request(), MEMBER, otherCode(spoilt))).toMatchObject({
        ok: false,
      });
    expect(await console.auth.signInWithCode(own.request(), MEMBER, spoilt)).toMatchObject({ ok: false });

    // Control: from a browser the member never used, the cap holds.
    expect(await ask(memberBrowser())).toMatchObject({ ok: false, reason: "address-busy" });
    // Their own browser is sent a new code (a second later: the e-mails are told apart by time), and signs in with it.
    later(1000);
    expect(await ask(own)).toEqual({ ok: true });
    const fresh = (await lastCode(store, MEMBER))!;
    expect(fresh).not.toBe(spoilt);
    expect(await console.auth.signInWithCode(own.request(), MEMBER, fresh)).toMatchObject({
      ok: true,
      next: "second-step",
    });
    // The browser is known for its member's address only.
    expect(await console.auth.requestCode(own.request(), "other@example.org")).toEqual({ ok: true });
    expect(await console.auth.rememberBrowser(own.request(), ADMIN)).not.toBeNull();
  });

  test("'Send a new code' replaces the live code only in a browser known for the address; elsewhere it is sent again", async () => {
    const { console, store } = await start();
    const { own } = await enrolledOnKnownBrowser(console, store);

    // Someone else's code step for the member's address: the member's live code is sent again, not killed.
    // (Each e-mail a second after the last: they are told apart by time.)
    later(1000);
    expect(await console.auth.requestCode(own.request(), MEMBER)).toEqual({ ok: true });
    const live = (await lastCode(store, MEMBER))!;
    later(1000);
    const stranger = attackerBrowser();
    expect(await console.auth.requestCode(stranger.request(), MEMBER, { fresh: true })).toEqual({ ok: true });
    expect(await lastCode(store, MEMBER)).toBe(live);
    // The member's own browser replaces it (the control): the old one is dead, the new one signs in.
    later(1000);
    expect(await console.auth.requestCode(own.request(), MEMBER, { fresh: true })).toEqual({
      ok: true,
      replaced: true,
    });
    const replaced = (await lastCode(store, MEMBER))!;
    expect(replaced).not.toBe(live);
    expect(await console.auth.signInWithCode(own.request(), MEMBER, live)).toMatchObject({ ok: false });
    expect(await console.auth.signInWithCode(own.request(), MEMBER, replaced)).toMatchObject({ ok: true });
  });

  test("an admin's 'Reset sign-in', and the member's removal, forget the browsers known for the member; another member's stays known", async () => {
    const { console, store, member } = await start();
    const known = (browser: Browser, email: string) => markKnown(console, browser, email);
    const { own } = await enrolledOnKnownBrowser(console, store);
    const admins = new Browser(undefined, { ip: "127.0.0.5" });
    await known(admins, ADMIN);
    expect(await known(own, MEMBER)).toBe(true);
    expect(await known(admins, ADMIN)).toBe(true);

    expect(await console.auth.resetFactors(member.id)).toMatchObject({ email: MEMBER });
    expect(await known(own, MEMBER)).toBe(false);
    // The control: the admin's browser is still known, and the member's is known again once marked.
    expect(await known(admins, ADMIN)).toBe(true);
    expect(await known(own, MEMBER)).toBe(true);

    expect(await console.auth.accounts.remove(member.id)).toMatchObject({ email: MEMBER });
    expect(await known(own, MEMBER)).toBe(false);
    expect(await known(admins, ADMIN)).toBe(true);
  });
});
