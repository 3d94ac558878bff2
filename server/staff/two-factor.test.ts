import { describe, expect, test } from "vitest";
import type { EnquiryPipeline } from "../enquiries";
import { bothEngines } from "../../test/support/engines";
import { testEnv } from "../../test/support/pglite";
import {
  appCode,
  Browser,
  codeSignIn,
  enrolApp,
  openStaffConsole,
  passkeySignIn,
  softwarePasskey,
  wrongAppCode,
} from "../../test/support/staff-auth";

/**
 * Multi-factor sign-in (docs/decisions/020-multi-factor-sign-in.md), on both
 * engines: an e-mail code alone makes only an enrolment session; once a
 * member has an authenticator app or a passkey, the code leads to a second
 * step (an app code or a single-use recovery code) and never to a session by
 * itself; a passkey counts only when it verified its user; an admin's reset
 * sends the member back to enrolment. TOTP codes come from a real TOTP
 * library (otpauth), not from the server.
 */
const { engines, open } = bothEngines<EnquiryPipeline>();
const MEMBER = "member@maternis.test";

describe.each(engines)("multi-factor sign-in on $name", (engine) => {
  async function start() {
    const env = testEnv({ ...(await engine.database()) });
    const { console, store } = await openStaffConsole(env, open);
    const member = (await console.auth.addMember({ email: MEMBER, name: "Mo", role: "staff" }))!;
    return { console, store, member };
  }

  test("a first code sign-in may only enrol; an app enrols the member, gives 10 recovery codes, and the code alone then leads to a second step", async () => {
    const { console, store } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const enrolling = await console.auth.session(first.browser.request());
    expect(enrolling?.assurance).toBe("setup-only");

    const setup = (await console.auth.startApp(first.browser.request()))!;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(await console.auth.confirmApp(first.browser.request(), wrongAppCode(setup.secret))).toEqual({
      ok: false,
      reason: "invalid",
    });
    const confirmed = await console.auth.confirmApp(first.browser.request(), appCode(setup.secret));
    if (!confirmed.ok) throw new Error("the app's code was refused");
    expect(confirmed.recoveryCodes).toHaveLength(10);
    first.browser.take(confirmed.headers);
    expect((await console.auth.session(first.browser.request()))?.assurance).toBe("full");
    expect(await console.auth.factors(first.browser.request())).toEqual({ passkeys: 0, app: true, recoveryCodes: 10 });
    // One app at a time.
    expect(await console.auth.startApp(first.browser.request())).toBeNull();

    // The e-mail code alone: no session, a pending second step.
    const browser = new Browser();
    await codeSignIn(console, store, MEMBER, browser);
    expect(await console.auth.session(browser.request())).toBeNull();
    expect([...browser.cookies.keys()].some((name) => name.endsWith("two_factor"))).toBe(true);

    const wrong = await console.auth.verifySecondStep(browser.request(), "app", "000000");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    const right = await console.auth.verifySecondStep(browser.request(), "app", appCode(setup.secret));
    if (!right.ok) throw new Error(`second step refused: ${right.reason}`);
    browser.take(right.headers);
    expect((await console.auth.session(browser.request()))?.assurance).toBe("full");

    // A recovery code works once.
    const recovery = confirmed.recoveryCodes[0]!;
    const other = new Browser();
    await codeSignIn(console, store, MEMBER, other);
    const once = await console.auth.verifySecondStep(other.request(), "recovery", recovery);
    expect(once.ok).toBe(true);
    const again = new Browser();
    await codeSignIn(console, store, MEMBER, again);
    expect(await console.auth.verifySecondStep(again.request(), "recovery", recovery)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await console.auth.session(again.request())).toBeNull();
  });

  test("without a pending e-mail code, a right app code makes no session", async () => {
    const { console, store } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const setup = await enrolApp(console, first.browser);
    const stranger = new Browser();
    expect(await console.auth.verifySecondStep(stranger.request(), "app", appCode(setup.secret))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await console.auth.session(stranger.request())).toBeNull();
  });

  test("a passkey with user verification enrols and signs in; one without is refused; the code then needs a recovery code", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    expect(await console.auth.enrolWithPasskey(first.browser.request())).toBeNull(); // no passkey yet
    const passkey = await softwarePasskey(store, member.id);
    const enrolled = (await console.auth.enrolWithPasskey(first.browser.request()))!;
    const codes = enrolled.recoveryCodes;
    expect(codes).toHaveLength(10);
    first.browser.take(enrolled.headers);
    expect((await console.auth.session(first.browser.request()))?.assurance).toBe("full");
    // Its only factor: the passkey cannot be removed.
    const [only] = await console.auth.passkeys(first.browser.request());
    expect(await console.auth.removePasskey(first.browser.request(), only!.id)).toBe(false);

    const byPasskey = new Browser();
    await passkeySignIn(console, byPasskey, passkey);
    expect((await console.auth.session(byPasskey.request()))?.assurance).toBe("full");

    // An authenticator that skips the PIN or biometric is one factor: refused.
    const careless = await softwarePasskey(store, member.id, { userVerified: false });
    const refused = new Browser();
    await expect(passkeySignIn(console, refused, careless)).rejects.toThrow(/401/);
    expect(await console.auth.session(refused.request())).toBeNull();
    // Positive control for the same browser state: the verified passkey signs in.
    await passkeySignIn(console, refused, passkey);
    expect(await console.auth.session(refused.request())).not.toBeNull();

    // Starting to set up an app, then leaving it, keeps the saved recovery codes working (below).
    expect((await console.auth.startApp(first.browser.request()))?.uri).toMatch(/^otpauth:/);

    // E-mail code: no app, so the second step is a recovery code.
    const browser = new Browser();
    await codeSignIn(console, store, MEMBER, browser);
    expect(await console.auth.verifySecondStep(browser.request(), "app", "123456")).toEqual({
      ok: false,
      reason: "no-app",
    });
    const right = await console.auth.verifySecondStep(browser.request(), "recovery", codes[3]!);
    expect(right.ok).toBe(true);
  });

  test("new recovery codes replace the old ones; the app is removed only beside a passkey, and its codes then stop working", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const setup = await enrolApp(console, first.browser);
    const fresh = await console.auth.newRecoveryCodes(first.browser.request());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(setup.recoveryCodes[0]);

    const old = new Browser();
    await codeSignIn(console, store, MEMBER, old);
    expect(await console.auth.verifySecondStep(old.request(), "recovery", setup.recoveryCodes[0]!)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await console.auth.verifySecondStep(old.request(), "recovery", fresh[0]!)).ok).toBe(true);

    // Without a passkey the app is the only way in: kept.
    expect(await console.auth.removeApp(first.browser.request())).toBe(false);
    expect((await console.auth.factors(first.browser.request())).app).toBe(true);
    await softwarePasskey(store, member.id);
    expect(await console.auth.removeApp(first.browser.request())).toBe(true);
    expect(await console.auth.factors(first.browser.request())).toEqual({ passkeys: 1, app: false, recoveryCodes: 9 });

    const after = new Browser();
    await codeSignIn(console, store, MEMBER, after);
    expect(await console.auth.verifySecondStep(after.request(), "app", appCode(setup.secret))).toEqual({
      ok: false,
      reason: "no-app",
    });
    expect((await console.auth.verifySecondStep(after.request(), "recovery", fresh[1]!)).ok).toBe(true);
  });

  test("an admin's reset removes the member's factors and sessions: the next code enrols again", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    await softwarePasskey(store, member.id);
    first.browser.take((await console.auth.enrolWithPasskey(first.browser.request()))!.headers);
    expect(await console.auth.session(first.browser.request())).not.toBeNull();

    expect((await console.auth.resetFactors(member.id))?.email).toBe(MEMBER);
    expect(await console.auth.session(first.browser.request())).toBeNull();
    const [row] = (await console.auth.team()).filter((m) => m.id === member.id);
    expect(row).toMatchObject({ passkeys: 0, enrolled: false, signedIn: false });

    const again = await codeSignIn(console, store, MEMBER);
    expect((await console.auth.session(again.browser.request()))?.assurance).toBe("setup-only");
  });
});
