import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import type { Store } from "~/platform/db/db.server";
import { staffSessions } from "~/features/sign-in/tables.server";
import {
  AuthenticatorApp,
  Browser,
  codeSignIn,
  enrolApp,
  STAFF_MEMBER,
  staffConsoles,
  wrongAppCode,
} from "../../../test/support/staff-auth";
import { passkeySignIn, registerPasskey, softwarePasskey } from "../../../test/support/passkeys";
import type { Services } from "~/site.server";
import { APP_SETUP_SECONDS, WRONG_APP_CODES, WRONG_APP_CODES_WINDOW_MS } from "./auth.server";

/**
 * A session's assurance is the session's own (docs/decisions/020-multi-factor-
 * sign-in.md, issue 41), on both engines. Whoever reads a member's mailbox
 * before the member has a second factor can sign in with the e-mail code
 * and wait at /staff/enrol; when the member enrols from their own browser,
 * that waiting session is ended, and even one that survived stays
 * setup-only and opens nothing. Enrolling issues the enrolling browser a new
 * token. Confirming an app needs a start in the same session and no
 * confirmed app, and wrong codes there are limited.
 */
const MEMBER = STAFF_MEMBER;
const OTHER = "other@maternis.test";

/** The Response a console method threw (401: no session it accepts). */
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as Response,
  );

describe.each(staffConsoles())("session assurance on $name", ({ start }) => {
  /** The member's session rows as the database holds them. */
  const rows = (store: Store, userId: string) =>
    store.db.select().from(staffSessions).where(eq(staffSessions.userId, userId));

  const sessionCookie = (browser: Browser) =>
    [...browser.cookies].find(([name]) => name.endsWith("session_token"))?.[1];

  /** Asks for passkey registration options as the browser (better-auth's own endpoint, as the page's script does). */
  const registerOptions = (console: Services, browser: Browser) =>
    console.auth.handler(browser.request("/staff/auth/passkey/generate-register-options"));

  test("a code-only session waiting at enrolment is ended when the member enrols an app in another browser; the enrolling browser gets a new token", async () => {
    const { console, store, member } = await start();
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    const attacker = (await codeSignIn(console, store, MEMBER, new Browser(undefined, { ip: "198.51.100.7" }))).browser;
    const before = { cookie: sessionCookie(mine), id: (await console.auth.session(mine.request()))!.sessionId };
    expect((await console.auth.session(attacker.request()))?.assurance).toBe("setup-only");

    await enrolApp(console, mine);

    // The enrolling browser: a new token and a new session, full.
    const after = (await console.auth.session(mine.request()))!;
    expect(after.assurance).toBe("full");
    expect(sessionCookie(mine)).toBeDefined();
    expect(sessionCookie(mine)).not.toBe(before.cookie);
    expect(after.sessionId).not.toBe(before.id);
    expect((await rows(store, member.id)).map((row) => [row.id, row.assurance])).toEqual([[after.sessionId, "full"]]);
    // Positive control: the new session does what a member does.
    expect((await console.auth.factors(mine.request())).app).toBe(true);
    expect((await registerOptions(console, mine)).status).toBe(200);

    // The waiting session is gone: refused everywhere.
    expect(await console.auth.session(attacker.request())).toBeNull();
    expect((await thrown(console.auth.factors(attacker.request()))).status).toBe(401);
    expect((await thrown(console.auth.startApp(attacker.request()))).status).toBe(401);
    expect((await thrown(console.auth.sessions(attacker.request()))).status).toBe(401);
    expect((await registerOptions(console, attacker)).status).toBe(401);
  });

  test("enrolling with a passkey also issues a new token and ends the waiting code-only session", async () => {
    const { console, store, member } = await start();
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    const attacker = (await codeSignIn(console, store, MEMBER)).browser;
    const before = sessionCookie(mine);
    expect((await registerPasskey(console, mine)).response.status).toBe(200);
    const enrolled = (await console.auth.enrolWithPasskey(mine.request()))!;
    expect(enrolled.recoveryCodes).toHaveLength(10);
    mine.take(enrolled.headers);
    expect(sessionCookie(mine)).not.toBe(before);
    // Ended by the enrolment itself (before anything asks about it), then refused.
    expect((await rows(store, member.id)).map((row) => row.assurance)).toEqual(["full"]);
    expect((await console.auth.session(mine.request()))?.assurance).toBe("full");
    expect(await console.auth.session(attacker.request())).toBeNull();
    // A full session has nothing left to enrol.
    expect(await console.auth.enrolWithPasskey(mine.request())).toBeNull();
  });

  test("the endpoint that issues an enrolled session is server-only: no URL reaches it", async () => {
    const { console, store, member } = await start();
    const browser = (await codeSignIn(console, store, MEMBER)).browser;
    await softwarePasskey(store, member.id);
    const post = (path: string) => {
      const headers = browser.headers();
      headers.set("origin", browser.origin);
      return new Request(`${browser.origin}/staff/auth${path}`, { method: "POST", headers });
    };
    // Neither the console's handler nor better-auth's own router has it.
    expect((await console.auth.handler(post("/session-assurance/enrolled"))).status).toBe(404);
    expect((await console.auth.instance.handler(post("/session-assurance/enrolled"))).status).toBe(404);
    expect((await console.auth.session(browser.request()))?.assurance).toBe("setup-only");
    // Positive control: better-auth's router answers a path it has (400 here: no registration challenge).
    expect((await console.auth.instance.handler(post("/passkey/verify-registration"))).status).toBe(400);
  });

  test("over HTTP only the four passkey endpoints answer: better-auth's others (codes, second step, sessions, admin) are 404 (ASVS 6.3.4)", async () => {
    const { console, store } = await start();
    const { browser } = await codeSignIn(console, store, MEMBER);
    const request = (method: string, path: string) => {
      const headers = browser.headers();
      headers.set("origin", browser.origin);
      headers.set("content-type", "application/json");
      return new Request(`${browser.origin}/staff/auth${path}`, {
        method,
        headers,
        ...(method === "POST" ? { body: "{}" } : {}),
      });
    };
    const hidden = [
      ["POST", "/sign-in/email-otp"],
      ["POST", "/email-otp/send-verification-otp"],
      ["POST", "/two-factor/verify-totp"],
      ["POST", "/two-factor/verify-backup-code"],
      ["POST", "/two-factor/enable"],
      ["GET", "/get-session"],
      ["GET", "/list-sessions"],
      ["GET", "/admin/list-users"],
      ["POST", "/admin/set-role"],
      ["POST", "/admin/impersonate-user"],
      ["GET", "/passkey/list-user-passkeys"],
      ["POST", "/passkey/delete-passkey"],
      ["POST", "/sign-out"],
    ] as const;
    for (const [method, path] of hidden) {
      expect((await console.auth.handler(request(method, path))).status, path).toBe(404);
    }
    // Positive controls: better-auth's own router has every one of those paths, and the console's answers a public one.
    for (const [method, path] of hidden) {
      expect((await console.auth.instance.handler(request(method, path))).status, path).not.toBe(404);
    }
    expect((await console.auth.handler(request("GET", "/passkey/generate-authenticate-options"))).status).toBe(200);
  });

  test("a setup-only session is never upgraded: one that outlived the enrolment opens nothing and may not add a passkey", async () => {
    const { console, store, member } = await start();
    const attacker = (await codeSignIn(console, store, MEMBER)).browser;
    const [waiting] = await rows(store, member.id);
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    await enrolApp(console, mine);
    expect(await rows(store, member.id)).toHaveLength(1);

    // As if the waiting session had survived (a request racing the enrolment): its row put back.
    await store.db.insert(staffSessions).values(waiting!);
    expect((await registerOptions(console, attacker)).status).toBe(403);
    expect(await console.auth.session(attacker.request())).toBeNull();
    // Refused sessions of that kind are ended on sight.
    expect((await rows(store, member.id)).map((row) => row.assurance)).toEqual(["full"]);
    await store.db.insert(staffSessions).values(waiting!);
    expect((await thrown(console.auth.startApp(attacker.request()))).status).toBe(401);
    await store.db.insert(staffSessions).values(waiting!);
    expect((await thrown(console.auth.newRecoveryCodes(attacker.request()))).status).toBe(401);
    // Positive control: the member's full session adds a passkey.
    expect((await registerOptions(console, mine)).status).toBe(200);
  });

  test("every full sign-in (app, recovery code, passkey) ends the member's setup-only sessions and keeps their full ones", async () => {
    const { console, store, member } = await start();
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    const { app, recoveryCodes } = await enrolApp(console, mine);
    const passkey = await softwarePasskey(store, member.id);
    const [full] = await rows(store, member.id);
    const leftover = { ...full!, id: "leftover-session", token: "leftover-token", assurance: "setup-only" as const };

    const signIns: [string, (browser: Browser) => Promise<void>][] = [
      [
        "app",
        async (browser) => {
          await codeSignIn(console, store, MEMBER, browser);
          const result = await console.auth.verifySecondStep(browser.request(), "app", await app.code());
          if (!result.ok) throw new Error(result.reason);
          browser.take(result.headers);
        },
      ],
      [
        "recovery code",
        async (browser) => {
          await codeSignIn(console, store, MEMBER, browser);
          const result = await console.auth.verifySecondStep(browser.request(), "recovery", recoveryCodes[0]!);
          if (!result.ok) throw new Error(result.reason);
          browser.take(result.headers);
        },
      ],
      ["passkey", async (browser) => void (await passkeySignIn(console, browser, passkey))],
    ];
    let fullSessions = 1;
    for (const [method, signIn] of signIns) {
      await store.db.insert(staffSessions).values(leftover);
      const browser = new Browser();
      await signIn(browser);
      fullSessions += 1;
      const left = await rows(store, member.id);
      expect(
        left.map((row) => row.assurance),
        method,
      ).toEqual(Array(fullSessions).fill("full"));
      expect((await console.auth.session(browser.request()))?.assurance, method).toBe("full");
    }
    expect((await console.auth.session(mine.request()))?.assurance).toBe("full");
  });

  test("confirming an app needs a start in the same session (within 10 minutes), and is refused once an app is confirmed", async () => {
    const { console, store } = await start();
    const one = (await codeSignIn(console, store, MEMBER)).browser;
    const two = (await codeSignIn(console, store, MEMBER)).browser;

    // Started in the other session: refused here, with the right code.
    const elsewhere = (await console.auth.startApp(two.request()))!;
    expect(await console.auth.confirmApp(one.request(), await new AuthenticatorApp(elsewhere.secret).code())).toEqual({
      ok: false,
      reason: "not-started",
    });
    // Started here, then the other session's set-up is no longer the one stored.
    const here = (await console.auth.startApp(one.request()))!;
    expect(await console.auth.confirmApp(two.request(), await new AuthenticatorApp(here.secret).code())).toEqual({
      ok: false,
      reason: "not-started",
    });
    // Too late: more than 10 minutes after the start.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + APP_SETUP_SECONDS * 1000 + 1000);
    expect(await console.auth.confirmApp(one.request(), await new AuthenticatorApp(here.secret).code())).toEqual({
      ok: false,
      reason: "not-started",
    });
    // Positive control: started again in this session, the right code confirms it.
    const again = (await console.auth.startApp(one.request()))!;
    const confirmed = await console.auth.confirmApp(one.request(), await new AuthenticatorApp(again.secret).code());
    expect(confirmed.ok).toBe(true);
    if (confirmed.ok) one.take(confirmed.headers);

    // Confirmed: no more confirming, even with the app's right code, and no new start.
    expect(await console.auth.confirmApp(one.request(), await new AuthenticatorApp(again.secret).code())).toEqual({
      ok: false,
      reason: "already-set-up",
    });
    expect(await console.auth.startApp(one.request())).toBeNull();
  });

  test("wrong codes at confirm-app are limited: the right one after 15 wrong ones is refused until the window ends; after 4 it works", async () => {
    const { console, store } = await start();
    await console.members.add({ email: OTHER, name: "Ola", role: "staff" });

    // Positive control: a few wrong codes, then the right one.
    const careful = (await codeSignIn(console, store, OTHER)).browser;
    const ok = (await console.auth.startApp(careful.request()))!;
    for (let i = 1; i < WRONG_APP_CODES; i++) {
      expect(await console.auth.confirmApp(careful.request(), wrongAppCode(ok.secret))).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect((await console.auth.confirmApp(careful.request(), await new AuthenticatorApp(ok.secret).code())).ok).toBe(
      true,
    );

    // The repro: 15 wrong codes in a row, then the right one.
    const guesser = (await codeSignIn(console, store, MEMBER)).browser;
    const setup = (await console.auth.startApp(guesser.request()))!;
    const answers = [];
    for (let i = 0; i < 15; i++)
      answers.push(await console.auth.confirmApp(guesser.request(), wrongAppCode(setup.secret)));
    expect(answers.map((answer) => !answer.ok && answer.reason)).toEqual([
      ...Array(WRONG_APP_CODES - 1).fill("invalid"),
      ...Array(15 - WRONG_APP_CODES + 1).fill("too-many"),
    ]);
    expect(await console.auth.confirmApp(guesser.request(), await new AuthenticatorApp(setup.secret).code())).toEqual({
      ok: false,
      reason: "too-many",
    });
    expect((await console.auth.session(guesser.request()))?.assurance).toBe("setup-only");

    // The window ends: started again, the right code confirms it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + WRONG_APP_CODES_WINDOW_MS + 1000);
    const fresh = (await console.auth.startApp(guesser.request()))!;
    const confirmed = await console.auth.confirmApp(guesser.request(), await new AuthenticatorApp(fresh.secret).code());
    expect(confirmed.ok).toBe(true);
  });
});
