import { describe, expect, test } from "vitest";
import { Browser, lastCode, later, STAFF_MEMBER, staffConsoles, staffMailJobs } from "../../../test/support/staff-auth";

/**
 * A sign-in code sent again keeps its first 10 minutes (ASVS 6.5.5;
 * ./code-life.server.ts): asking again e-mails the same live code, saying how
 * many minutes it has left, and 10 minutes after it was made it has expired,
 * however often it was asked for. The e-mail after that carries a new code
 * with 10 minutes of its own.
 */
describe.each(staffConsoles({ testClock: true }))("a sign-in code's life, on $name", ({ start }) => {
  test("a code sent again keeps its first expiry, and its e-mail says what is left; then a new code gets 10 minutes", async () => {
    const { console, store } = await start();
    const member = new Browser();
    const someoneElse = new Browser(undefined, { ip: "127.0.0.2" });
    /** Asks for a code from `browser`; answers the newest e-mail's code and text. */
    const ask = async (browser: Browser) => {
      expect(await console.auth.requestCode(browser.request(), STAFF_MEMBER)).toEqual({ ok: true });
      const [newest] = await staffMailJobs(store);
      return { code: (await lastCode(store, STAFF_MEMBER))!, text: newest!.data.message.text };
    };

    const first = await ask(member);
    expect(first.text).toContain("It works once, for 10 minutes.");
    // 8 minutes on, someone asks again: the same code, 2 minutes left.
    later(8 * 60_000);
    const again = await ask(someoneElse);
    expect(again.code).toBe(first.code);
    expect(again.text).toContain("It works once, for 2 minutes.");
    // 9 minutes 30 seconds after it was made: the last minute, in the words' singular.
    later(90_000);
    expect((await ask(someoneElse)).text).toContain("It works once, for 1 minute.");

    // 10 minutes after it was made, it has expired, though it was sent again within them.
    later(30_000 + 1000);
    expect(await console.auth.signInWithCode(member.request(), STAFF_MEMBER, first.code)).toEqual({
      ok: false,
      reason: "expired",
    });
    // Positive control: the next request makes a new code with 10 minutes, which signs in.
    later(1000); // its e-mail is queued after the one before (the database's clock is the test's too)
    const fresh = await ask(member);
    expect(fresh.text).toContain("It works once, for 10 minutes.");
    expect((await console.auth.signInWithCode(member.request(), STAFF_MEMBER, fresh.code)).ok).toBe(true);
  });
});
