import { describe, expect, test } from "vitest";
import {
  attackerBrowser,
  memberBrowser,
  openConsoleWithMember,
  openStaffConsole,
  otherCode,
  requestedCode,
  STAFF_MEMBER,
  staffSuite,
} from "../../../test/support/staff-auth";

/**
 * A right e-mailed code checked at the same moment as wrong guesses for the
 * same address signs in (docs/decisions/019-staff-sessions-and-lockout.md).
 * better-auth compares one guess at a time by taking the code's record and
 * putting it back when the guess is wrong (atomicVerifyOTP): a right code
 * checked in that moment found no record and was refused as wrong. Before the
 * checks of an address took turns (app/platform/db/key-lock.server.ts), this
 * test failed in every round on the embedded database and in some on
 * PostgreSQL. On PostgreSQL the guesses come through a second site on the same
 * database, as from another process: its turns are PostgreSQL's advisory lock.
 */
const { engines, open } = staffSuite();
const ROUNDS = 8;

describe.each(engines)("a right code beside wrong guesses on $name", (engine) => {
  test("signs in, in every round, whichever check starts first", async () => {
    // A code asked for in each round: more than the default limits allow from one browser.
    const overrides = { STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT: "20", STAFF_CODE_LIMIT_PER_ADDRESS: "20" };
    const { console, store, env } = await openConsoleWithMember(await engine.database(), open, { overrides });
    const guesser = engine.name === "postgres" ? (await openStaffConsole(env, open)).console : console;
    for (let round = 0; round < ROUNDS; round++) {
      const member = memberBrowser();
      const code = await requestedCode(console, store, STAFF_MEMBER, member);
      const guess = () => guesser.auth.signInWithCode(attackerBrowser().request(), STAFF_MEMBER, otherCode(code));
      const right = () => console.auth.signInWithCode(member.request(), STAFF_MEMBER, code);
      const checks = round % 2 ? [guess, right, guess] : [right, guess, guess];
      const results = await Promise.all(checks.map((check) => check()));
      results.forEach((result, index) => {
        if (checks[index] === right) expect(result, `round ${round}`).toMatchObject({ ok: true, next: "enrol" });
        else expect(result.ok, `round ${round}, guess`).toBe(false);
      });
    }
  });
});
