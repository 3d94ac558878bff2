import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, type SecondStepMethod } from "~/features/sign-in/sign-in";
import { staffTwoFactors } from "~/features/sign-in/tables.server";
import type { Store } from "~/platform/db/db.server";
import { createServices, type Services } from "~/site.server";
import {
  Browser,
  codeSignIn,
  enrolledWithApp,
  pendingSecondStep,
  staffConsoles,
  twoFactorRow,
} from "../../../test/support/staff-auth";

/**
 * Single-use codes (ASVS 6.5.1; docs/decisions/020-multi-factor-sign-in.md),
 * on both engines: an app code and a recovery code each work once, whether
 * sent again later or by several browsers at the same moment (exactly one
 * session, and only that recovery code spent); recovery codes' form and
 * storage (hashes only), and the removal at start-up of codes stored before
 * they were hashed. The e-mailed code's: ./auth.test.ts.
 */
describe.each(staffConsoles())("single-use codes on $name", ({ start }) => {
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
});
