import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, type SecondStepMethod } from "~/features/sign-in/sign-in";
import type { Store } from "~/platform/db/db.server";
import { staffTwoFactors } from "~/features/sign-in/tables.server";
import {
  AuthenticatorApp,
  Browser,
  codeSignIn,
  enrolApp,
  STAFF_MEMBER,
  staffConsoles,
  passkeySignIn,
  softwarePasskey,
  wrongAppCode,
} from "../../../test/support/staff-auth";
import { createServices, type Services } from "~/site.server";

/**
 * Multi-factor sign-in (docs/decisions/020-multi-factor-sign-in.md), on both
 * engines: an e-mail code alone makes only an enrolment session; once a
 * member has an authenticator app or a passkey, the code leads to a second
 * step (an app code or a single-use recovery code) and never to a session by
 * itself; a passkey counts only when it verified its user; an admin's reset
 * sends the member back to enrolment. TOTP codes come from a real TOTP
 * library (otpauth), not from the server.
 */
const MEMBER = STAFF_MEMBER;

describe.each(staffConsoles())("multi-factor sign-in on $name", ({ start }) => {
  /** A member enrolled with an app: their app, recovery codes and enrolment session. */
  async function enrolledWithApp(console: Services, store: Store, email = MEMBER) {
    const first = await codeSignIn(console, store, email);
    const { app, recoveryCodes } = await enrolApp(console, first.browser);
    return { app, recoveryCodes, browser: first.browser, member: first.member };
  }

  /** The member's two-factor row as stored. */
  async function twoFactorRow(store: Store, userId: string) {
    const [row] = await store.db.select().from(staffTwoFactors).where(eq(staffTwoFactors.userId, userId));
    return row!;
  }

  /** A new browser with a pending second step (the e-mail code accepted). */
  async function pendingSecondStep(console: Services, store: Store) {
    const browser = new Browser();
    await codeSignIn(console, store, MEMBER, browser);
    expect(await console.auth.session(browser.request())).toBeNull();
    return browser;
  }

  /**
   * `count` browsers with a pending second step send one code at once: exactly
   * one signs in (its session is the only one), the others are refused as wrong.
   */
  async function race(
    console: Services,
    store: Store,
    count: number,
    method: SecondStepMethod,
    code: () => Promise<string>,
  ) {
    const browsers: Browser[] = [];
    for (let i = 0; i < count; i++) browsers.push(await pendingSecondStep(console, store));
    const sent = await code();
    const results = await Promise.all(
      browsers.map((browser) => console.auth.verifySecondStep(browser.request(), method, sent)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: count - 1 }, () => ({ ok: false, reason: "invalid" })),
    );
    const sessions = [];
    for (const [index, browser] of browsers.entries()) {
      const result = results[index]!;
      if (result.ok) browser.take(result.headers);
      sessions.push(await console.auth.session(browser.request()));
    }
    expect(sessions.filter(Boolean)).toHaveLength(1);
  }

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
    const browser = new Browser();
    await codeSignIn(console, store, MEMBER, browser);
    expect(await console.auth.session(browser.request())).toBeNull();
    expect([...browser.cookies.keys()].some((name) => name.endsWith("two_factor"))).toBe(true);

    const wrong = await console.auth.verifySecondStep(browser.request(), "app", "000000");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    const right = await console.auth.verifySecondStep(browser.request(), "app", await app.code());
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

  test("new recovery codes replace the old ones; the app is removed only beside a passkey, and its codes then stop working; a new key starts with no code used", async () => {
    const { console, store, member } = await start();
    const first = await codeSignIn(console, store, MEMBER);
    const { app, recoveryCodes } = await enrolApp(console, first.browser);
    const fresh = await console.auth.newRecoveryCodes(first.browser.request());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const old = new Browser();
    await codeSignIn(console, store, MEMBER, old);
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

    const after = new Browser();
    await codeSignIn(console, store, MEMBER, after);
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
    await softwarePasskey(store, member.id);
    first.browser.take((await console.auth.enrolWithPasskey(first.browser.request()))!.headers);
    expect(await console.auth.session(first.browser.request())).not.toBeNull();

    expect((await console.auth.resetFactors(member.id))?.email).toBe(MEMBER);
    expect(await console.auth.session(first.browser.request())).toBeNull();
    const [row] = (await console.members.list()).filter((m) => m.id === member.id);
    expect(row).toMatchObject({ passkeys: 0, enrolled: false, signedIn: false });

    const again = await codeSignIn(console, store, MEMBER);
    expect((await console.auth.session(again.browser.request()))?.assurance).toBe("setup-only");
  });
  test("an app code works once: used to confirm the app or in another browser, it is refused and counted; the next step's code signs in", async () => {
    const { console, store, member } = await start();
    const { app } = await enrolledWithApp(console, store);
    const confirmedWith = app.codeAt(app.lastStep);
    /** The app code refused as wrong in the browser's pending step: no session, one failure counted. */
    const refusedOnce = async (browser: Browser, code: string) => {
      expect(await console.auth.verifySecondStep(browser.request(), "app", code)).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await console.auth.session(browser.request())).toBeNull();
      expect((await twoFactorRow(store, member.id)).failedVerificationCount).toBe(1);
    };
    expect((await twoFactorRow(store, member.id)).lastTotpStep).toBe(app.lastStep);

    // The code that confirmed the app, again at sign-in: refused as a wrong code, and counted as one.
    const first = await pendingSecondStep(console, store);
    await refusedOnce(first, confirmedWith);
    // Positive control, the same pending step: the next step's code signs in.
    const next = await app.code();
    const signedIn = await console.auth.verifySecondStep(first.request(), "app", next);
    if (!signedIn.ok) throw new Error(`second step refused: ${signedIn.reason}`);
    first.take(signedIn.headers);
    expect(await console.auth.session(first.request())).not.toBeNull();
    expect((await twoFactorRow(store, member.id)).failedVerificationCount).toBe(0);

    // The same code in a second browser, within its window: refused.
    const second = await pendingSecondStep(console, store);
    await refusedOnce(second, next);
    // Positive control: the app's next code (after the clock moves on, if need be) signs the second browser in.
    const later = await console.auth.verifySecondStep(second.request(), "app", await app.code());
    if (!later.ok) throw new Error(`second step refused: ${later.reason}`);
    second.take(later.headers);
    expect(await console.auth.session(second.request())).not.toBeNull();
  });

  test("four browsers racing with one app code: exactly one signs in", async () => {
    const { console, store, member } = await start();
    const { app } = await enrolledWithApp(console, store);
    await race(console, store, 4, "app", () => app.code());
    expect((await twoFactorRow(store, member.id)).lastTotpStep).toBe(app.lastStep);
  });

  test("three browsers racing with one recovery code: exactly one signs in, and only that code is spent", async () => {
    const { console, store } = await start();
    const { recoveryCodes, browser: enrolled } = await enrolledWithApp(console, store);
    // Three: with the enrolment's and the later browser's, five codes asked for by one client for one
    // address, the most 15 minutes allow (STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT).
    const code = recoveryCodes[0]!;
    await race(console, store, 3, "recovery", async () => code);
    // One code spent, none lost to the race: nine left.
    expect((await console.auth.factors(enrolled.request()))?.recoveryCodes).toBe(9);
    // A later browser: the spent code is refused; another of the codes (the positive control) signs in.
    const later = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(later.request(), "recovery", code)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await console.auth.verifySecondStep(later.request(), "recovery", recoveryCodes[1]!)).ok).toBe(true);
    expect((await console.auth.factors(enrolled.request()))?.recoveryCodes).toBe(8);
  });

  test("recovery codes: 24 characters without look-alikes in groups of four, stored only as hashes, each working once however it is typed", async () => {
    const { console, store, member } = await start();
    const { recoveryCodes, browser } = await enrolledWithApp(console, store);

    // At least 112 bits each, from lower-case letters and digits without 0/o, 1/l/i.
    expect(RECOVERY_CODE_ALPHABET).toMatch(/^[a-z2-9]+$/);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[01oli]/);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
    expect(RECOVERY_CODE_LENGTH * Math.log2(RECOVERY_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(112);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const groups = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{4}(-[${RECOVERY_CODE_ALPHABET}]{4}){5}$`);
    for (const code of recoveryCodes) expect(code).toMatch(groups);

    // What is stored: ten SHA-256 hashes, and no code in any form.
    const stored = (await twoFactorRow(store, member.id)).backupCodes;
    expect(JSON.parse(stored)).toEqual(Array.from({ length: 10 }, () => expect.stringMatching(/^[0-9a-f]{64}$/)));
    for (const code of recoveryCodes) {
      const bare = code.replaceAll("-", "");
      for (const form of [code, bare, bare.toUpperCase(), bare.slice(0, 8), bare.slice(-8)])
        expect(stored.toLowerCase()).not.toContain(form.toLowerCase());
    }

    // Typed in capitals with spaces, or run together: accepted, once.
    const shouted = recoveryCodes[0]!.toUpperCase().replaceAll("-", " ");
    const first = await pendingSecondStep(console, store);
    expect((await console.auth.verifySecondStep(first.request(), "recovery", ` ${shouted} `)).ok).toBe(true);
    const again = await pendingSecondStep(console, store);
    expect(await console.auth.verifySecondStep(again.request(), "recovery", recoveryCodes[0]!)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await console.auth.session(again.request())).toBeNull();
    // Positive control, the same pending step: another code, run together, signs in.
    expect(
      (await console.auth.verifySecondStep(again.request(), "recovery", recoveryCodes[1]!.replaceAll("-", ""))).ok,
    ).toBe(true);
    // The Account page's count: the hashes left.
    expect((await console.auth.factors(browser.request())).recoveryCodes).toBe(8);
    expect(JSON.parse((await twoFactorRow(store, member.id)).backupCodes)).toHaveLength(8);
  });

  test("recovery codes stored encrypted before they were hashed are removed at start-up: the member makes new ones", async () => {
    const { console, store, member, pipeline } = await start();
    const { recoveryCodes: kept } = await enrolledWithApp(console, store);
    const other = (await console.members.add({ email: "legacy@maternis.test", name: "Lee", role: "staff" }))!;
    const legacy = await enrolledWithApp(console, store, "legacy@maternis.test");
    // The old form: the plugin's encrypted JSON of 10 mixed-case codes.
    const oldCodes = Array.from({ length: 10 }, (_, i) => `AbCd${i}-eFgH${i}`);
    const context = await console.auth.instance.$context;
    const encrypted = await symmetricEncrypt({ key: context.secretConfig, data: JSON.stringify(oldCodes) });
    await store.db.update(staffTwoFactors).set({ backupCodes: encrypted }).where(eq(staffTwoFactors.userId, other.id));

    // Another process starts on the same database.
    const restarted = await createServices(pipeline.platform);
    try {
      expect((await twoFactorRow(store, other.id)).backupCodes).toBe("[]");
      expect((await restarted.auth.factors(legacy.browser.request())).recoveryCodes).toBe(0);
      const browser = new Browser();
      await codeSignIn(restarted, store, "legacy@maternis.test", browser);
      expect(await restarted.auth.verifySecondStep(browser.request(), "recovery", oldCodes[0]!)).toEqual({
        ok: false,
        reason: "invalid",
      });
      // New ones work.
      const fresh = await restarted.auth.newRecoveryCodes(legacy.browser.request());
      expect((await restarted.auth.verifySecondStep(browser.request(), "recovery", fresh[0]!)).ok).toBe(true);

      // Positive control: hashed codes are left as they were, and still work.
      expect((await restarted.auth.factors(legacy.browser.request())).recoveryCodes).toBe(9);
      expect(JSON.parse((await twoFactorRow(store, member.id)).backupCodes)).toHaveLength(10);
      const mine = await pendingSecondStep(restarted, store);
      expect((await restarted.auth.verifySecondStep(mine.request(), "recovery", kept[0]!)).ok).toBe(true);
    } finally {
      await restarted.close();
    }
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
