import { describe, expect, test } from "vitest";
import type { Site } from "~/site.server";
import { testEnv } from "../../../test/support/pglite";
import { bothEngines } from "../../../test/support/engines";
import { AuthenticatorApp, Browser, codeSignIn, openStaffConsole } from "../../../test/support/staff-auth";
import { APP_SETUP_SECONDS } from "./auth.server";

/**
 * An authenticator app's set-up survives a reload (issue 43), on both
 * engines: while a session's set-up is neither confirmed nor cancelled, the
 * page asks for it again and gets the same key (and starting again gives it
 * too); another session does not see it; Cancel ends it (confirming is then
 * refused) and the next start makes a new key. The recovery codes then shown
 * are the ones the download (.txt) accepts, and no others.
 */
const { engines, open } = bothEngines<Site>();
const MEMBER = "member@maternis.test";

describe.each(engines)("an app set-up in progress on $name", (engine) => {
  test("is the same key after a reload until cancelled; after Cancel a start makes a new key, and confirming that one works", async () => {
    const env = testEnv({ ...(await engine.database()) });
    const { console, store } = await openStaffConsole(env, open);
    await console.members.add({ email: MEMBER, name: "Mo", role: "staff" });
    const { browser } = await codeSignIn(console, store, MEMBER);
    const elsewhere = (await codeSignIn(console, store, MEMBER, new Browser())).browser;

    expect(await console.auth.pendingApp(browser.request())).toBeNull();
    const started = (await console.auth.startApp(browser.request()))!;
    expect(started.uri).toContain(`secret=${started.secret}`);
    expect(started.expiresAt.getTime() - Date.now()).toBeGreaterThan((APP_SETUP_SECONDS - 60) * 1000);
    // A reload: the same key, and the same link for the QR code.
    expect(await console.auth.pendingApp(browser.request())).toEqual(started);
    // Set up again (a double submit, Back): still the same key.
    expect(await console.auth.startApp(browser.request())).toEqual(started);
    // Another session of the member's sees no set-up of its own.
    expect(await console.auth.pendingApp(elsewhere.request())).toBeNull();

    expect(await console.auth.cancelApp(browser.request())).toBe(true);
    expect(await console.auth.pendingApp(browser.request())).toBeNull();
    const app = new AuthenticatorApp(started.secret);
    expect(await console.auth.confirmApp(browser.request(), await app.code())).toEqual({
      ok: false,
      reason: "not-started",
    });
    expect(await console.auth.cancelApp(browser.request())).toBe(false);

    const again = (await console.auth.startApp(browser.request()))!;
    expect(again.secret).not.toBe(started.secret);
    expect(await console.auth.pendingApp(browser.request())).toEqual(again);
    const confirmed = await console.auth.confirmApp(browser.request(), await new AuthenticatorApp(again.secret).code());
    if (!confirmed.ok) throw new Error(`refused: ${confirmed.reason}`);
    browser.take(confirmed.headers);
    expect(await console.auth.pendingApp(browser.request())).toBeNull();

    // The download of the codes just shown: those codes (any case, with or without dashes), and only those.
    const codes = confirmed.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[abcdefghjkmnpqrstuvwxyz23456789]{4}(-[a-z2-9]{4}){5}$/);
    expect(await console.auth.holdsRecoveryCodes(browser.request(), codes)).toBe(true);
    expect(await console.auth.holdsRecoveryCodes(browser.request(), [codes[0]!.toUpperCase()])).toBe(true);
    const altered = `${codes[0]!.slice(0, -1)}${codes[0]!.endsWith("a") ? "b" : "a"}`;
    expect(await console.auth.holdsRecoveryCodes(browser.request(), [...codes.slice(1), altered])).toBe(false);
    expect(await console.auth.holdsRecoveryCodes(browser.request(), [])).toBe(false);
    await console.auth.newRecoveryCodes(browser.request());
    expect(await console.auth.holdsRecoveryCodes(browser.request(), codes)).toBe(false);
  });
});
