import { describe, expect, test } from "vitest";
import {
  AuthenticatorApp,
  Browser,
  codeSignIn,
  enrolApp,
  STAFF_MEMBER,
  staffConsoles,
  pendingSecondStep,
  twoFactorRow,
  wrongAppCode,
} from "../../../test/support/staff-auth";
import { passkeySignIn, registerPasskey, softwarePasskey } from "../../../test/support/passkeys";

/**
 * Multi-factor sign-in (docs/decisions/020-multi-factor-sign-in.md), on both
 * engines: an e-mail code alone makes only an enrolment session; once a
 * member has an authenticator app or a passkey, the code leads to a second
 * step (an app code or a single-use recovery code) and never to a session by
 * itself; a passkey counts only when it verified its user; an admin's reset
 * sends the member back to enrolment. TOTP codes come from a real TOTP
 * library (otpauth), not from the server. That each code works once, raced
 * too, and how recovery codes look and are stored: ./single-use-codes.test.ts.
 */
const MEMBER = STAFF_MEMBER;

describe.each(staffConsoles())("multi-factor sign-in on $name", ({ start }) => {
  test("a first code sign-in may only enrol; an app enrols the member, gives 10 recovery codes, and the code alone then leads to a second step", async () => {
    const { console, store } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const enrolling = await console.auth.session(first.browser.request());
    expect(enrolling?.assurance).toBe("setup-only");

    const setup = (await console.auth.startApp(first.browser.request()))!;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const app = new AuthenticatorApp(setup.secret);
    expect(await console.auth.confirmApp(first.browser.request(), wrongAppCode(setup.secret))).toEqual({
      ok: false,
      reason: "invalid",
    });
    const confirmed = await console.auth.confirmApp(first.browser.request(), await app.code());
    if (!confirmed.ok) throw new Error("the app's code was refused");
    expect(confirmed.recoveryCodes).toHaveLength(10);
    first.browser.take(confirmed.headers);
    expect((await console.auth.session(first.browser.request()))?.assurance).toBe("full");
    expect(await console.auth.factors(first.browser.request())).toEqual({ passkeys: 0, app: true, recoveryCodes: 10 });
    // One app at a time.
    expect(await console.auth.startApp(first.browser.request())).toBeNull();

    // The e-mail code alone: no session, a pending second step.
    const browser = await pendingSecondStep(console, store);
    expect([...browser.cookies.keys()].some((name) => name.endsWith("two_factor"))).toBe(true);

    const wrong = await console.auth.verifySecondStep(browser.request(), "app", "000000");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    const right = await console.auth.verifySecondStep(browser.request(), "app", await app.code());
    if (!right.ok) throw new Error(`second step refused: ${right.reason}`);
    browser.take(right.headers);
    expect((await console.auth.session(browser.request()))?.assurance).toBe("full");

    // A recovery code works once.
    const recovery = confirmed.recoveryCodes[0]!;
    const other = await pendingSecondStep(console, store);
    const once = await console.auth.verifySecondStep(other.request(), "recovery", recovery);
    expect(once.ok).toBe(true);
    const again = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(again.request(), "recovery", recovery)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await console.auth.session(again.request())).toBeNull();
  });

  test("the second step acts on a pending sign-in only: a session's app or recovery code there upgrades nothing", async () => {
    const { console, store } = await start();
    // One setup-only session starts an app; a second setup-only session of the same member has its code.
    const starter = await codeSignIn(console, store, MEMBER);
    const setup = (await console.auth.startApp(starter.browser.request()))!;
    const app = new AuthenticatorApp(setup.secret);
    const other = await codeSignIn(console, store, MEMBER);
    expect(await console.auth.verifySecondStep(other.browser.request(), "app", await app.code())).toEqual({
      ok: false,
      reason: "expired",
    });
    expect((await console.auth.session(other.browser.request()))?.assurance).toBe("setup-only");
    expect((await twoFactorRow(store, starter.member.id)).verified).toBe(false);
    // Positive control: the session that started the app confirms it, on the page for that.
    const confirmed = await console.auth.confirmApp(starter.browser.request(), await app.code());
    if (!confirmed.ok) throw new Error(`the app's code was refused: ${confirmed.reason}`);
    starter.browser.take(confirmed.headers);

    // A full session's right app code and recovery code at the second step: refused, and the session unchanged.
    const before = await console.auth.session(starter.browser.request());
    for (const [method, code] of [
      ["app", await app.code()],
      ["recovery", confirmed.recoveryCodes[0]!],
    ] as const) {
      expect(await console.auth.verifySecondStep(starter.browser.request(), method, code)).toEqual({
        ok: false,
        reason: "expired",
      });
    }
    expect((await console.auth.session(starter.browser.request()))?.sessionId).toBe(before?.sessionId);
    expect((await console.auth.factors(starter.browser.request())).recoveryCodes).toBe(10);
  });

  test("without a pending e-mail code, a right app code makes no session", async () => {
    const { console, store } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const { app } = await enrolApp(console, first.browser);
    const stranger = new Browser();
    expect(await console.auth.verifySecondStep(stranger.request(), "app", await app.code())).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await console.auth.session(stranger.request())).toBeNull();
  });

  test("a passkey with user verification enrols and signs in; one without is refused; the code then needs a recovery code", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    expect(await console.auth.enrolWithPasskey(first.browser.request())).toBeNull(); // no passkey yet
    const { response, passkey } = await registerPasskey(console, first.browser);
    expect(response.status).toBe(200);
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
    const browser = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(browser.request(), "app", "123456")).toEqual({
      ok: false,
      reason: "no-app",
    });
    const right = await console.auth.verifySecondStep(browser.request(), "recovery", codes[3]!);
    expect(right.ok).toBe(true);
  });

  test("new recovery codes replace the old ones; the app is removed only beside a passkey, and its codes then stop working; a new key starts with no code used", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const { app, recoveryCodes } = await enrolApp(console, first.browser);
    const fresh = await console.auth.newRecoveryCodes(first.browser.request());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const old = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(old.request(), "recovery", recoveryCodes[0]!)).toEqual({
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

    const after = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(after.request(), "app", await app.code())).toEqual({
      ok: false,
      reason: "no-app",
    });
    expect((await console.auth.verifySecondStep(after.request(), "recovery", fresh[1]!)).ok).toBe(true);

    // Setting up an app again: a new key, none of whose codes has been used.
    expect((await twoFactorRow(store, member.id)).lastTotpStep).not.toBeNull();
    const again = (await console.auth.startApp(first.browser.request()))!;
    expect((await twoFactorRow(store, member.id)).lastTotpStep).toBeNull();
    const newApp = new AuthenticatorApp(again.secret);
    expect((await console.auth.confirmApp(first.browser.request(), await newApp.code())).ok).toBe(true);
    expect((await twoFactorRow(store, member.id)).lastTotpStep).toBe(newApp.lastStep);
  });

  test("an admin's reset removes the member's factors and sessions: the next code enrols again", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    expect((await registerPasskey(console, first.browser)).response.status).toBe(200);
    first.browser.take((await console.auth.enrolWithPasskey(first.browser.request()))!.headers);
    expect(await console.auth.session(first.browser.request())).not.toBeNull();

    expect((await console.auth.resetFactors(member.id))?.email).toBe(MEMBER);
    expect(await console.auth.session(first.browser.request())).toBeNull();
    const [row] = (await console.members.list()).filter((m) => m.id === member.id);
    expect(row).toMatchObject({ passkeys: 0, enrolled: false, signedIn: false });

    const again = await codeSignIn(console, store, MEMBER);
    expect((await console.auth.session(again.browser.request()))?.assurance).toBe("setup-only");
  });

  test("passkeys: the relying party and origin are SITE_URL's, whatever host a ceremony arrives on", async () => {
    const site = "http://localhost:4999";
    const { console, store, member } = await start({ SITE_URL: site });
    const aliased = "http://127.0.0.1:4999";
    // A loopback SITE_URL serves its port on the other loopback names too; the options still name SITE_URL's host.
    const { browser: there } = await codeSignIn(console, store, MEMBER, new Browser(aliased));
    const headers = there.headers();
    headers.set("origin", aliased);
    const registration = await console.auth.handler(
      new Request(`${aliased}/staff/auth/passkey/generate-register-options`, { headers }),
    );
    expect(registration.status).toBe(200);
    expect(((await registration.json()) as { rp: { id: string } }).rp.id).toBe("localhost");
    const authentication = await console.auth.handler(
      new Request(`${aliased}/staff/auth/passkey/generate-authenticate-options`, { headers }),
    );
    expect(((await authentication.json()) as { rpId: string }).rpId).toBe("localhost");

    // Ceremonies for another relying party or origin are refused: the request's host, or its Origin header.
    for (const other of [
      { rpId: "127.0.0.1", origin: aliased, browser: aliased },
      { rpId: "localhost", origin: aliased, browser: aliased },
      { rpId: "127.0.0.1", origin: site, browser: site },
      { rpId: "evil.example", origin: "https://evil.example", browser: site },
    ]) {
      const foreign = await softwarePasskey(store, member.id, { rpId: other.rpId, origin: other.origin });
      const browser = new Browser(other.browser);
      await expect(passkeySignIn(console, browser, foreign), JSON.stringify(other)).rejects.toThrow(/failed: 40\d/);
      expect(await console.auth.session(browser.request())).toBeNull();
    }
    // Positive control: SITE_URL's relying party and origin sign in.
    const own = await softwarePasskey(store, member.id, { rpId: "localhost", origin: site });
    const browser = new Browser(site);
    await passkeySignIn(console, browser, own);
    expect(await console.auth.session(browser.request())).not.toBeNull();
  });
});
